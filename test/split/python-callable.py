# Dynamo-level graphs call stock attention as a Python callable,
# torch._C._nn.scaled_dot_product_attention (what F.scaled_dot_product_attention
# is): its qualified name is a splitting op. Each layer's RMSNorm eps is a
# SymFloat of its own (dynamic=True lifts it), yet the three compiled pieces
# hash equal: symbols are numbered by first occurrence in a piece.
# RUN: %piecewise split %s --splitting-ops=torch._C._nn.scaled_dot_product_attention | FileCheck %s
# CHECK:      pieces:          5 (2 splitting, 3 compiled)
# CHECK-NEXT: unique pieces:   1 of the 3 compiled pieces are distinct
# CHECK:        submod_0  compiled {{.*}} [[HASH:[0-9a-f]+]]
# CHECK-NEXT:   submod_1  splitting {{.*}}  splitting op torch._C._nn.scaled_dot_product_attention (matches 'torch._C._nn.scaled_dot_product_attention')
# CHECK-NEXT:   submod_2  compiled {{.*}} [[HASH]]
# CHECK-NEXT:   submod_3  splitting
# CHECK-NEXT:   submod_4  compiled {{.*}} [[HASH]]
# A misspelling is a note naming the similar op, and no split.
# RUN: %piecewise split %s --splitting-ops=torch.nn.functional.scaled_dot_product_atention 2>&1 | FileCheck %s --check-prefix=TYPO
# TYPO: python-callable.py: note: splitting op 'torch.nn.functional.scaled_dot_product_atention' matches no node of the graph; similar ops it has: torch._C._nn.scaled_dot_product_attention
# TYPO: pieces:          1 (0 splitting, 1 compiled)
class GraphModule(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[1, 4, s0, 16]", eps0: "f64[]", eps1: "f64[]"):
        item: "Sym(zf12)" = eps0.item()
        add: "f32[1, 4, s0, 16]" = x + item
        attn: "f32[1, 4, s0, 16]" = torch._C._nn.scaled_dot_product_attention(add, add, add, is_causal = True)
        item_1: "Sym(zf60)" = eps1.item()
        add_1: "f32[1, 4, s0, 16]" = attn + item_1
        attn_1: "f32[1, 4, s0, 16]" = torch._C._nn.scaled_dot_product_attention(add_1, add_1, add_1, is_causal = True)
        item_2: "Sym(zf21)" = eps1.item()
        add_2: "f32[1, 4, s0, 16]" = attn_1 + item_2
        return (add_2,)
