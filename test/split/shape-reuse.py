# A shape read in the first piece (x.size()) and used in two later pieces.
# decompose-size turns it into one aten.sym_size.int for the symbolic dim,
# placed right after the tensor's producer as vLLM does (x is a placeholder:
# at the top of submod_0), and the literal 8 for the static one, so what
# crosses into submod_2 and submod_4 is a SymInt, never a torch.Size nor x
# itself. The Sym placeholder s0 follows every tensor input whose shape
# mentions it.
# RUN: %piecewise split %s --splitting-ops=aten::sin --json | %python %S/Inputs/check_split_json.py --items 5 --splitting 2 --kinds tensor,symint | FileCheck %s --check-prefix=KINDS
# KINDS: ok: 5 items, 2 splitting, 3 unique
# Without decompose-size the torch.Size itself would cross: an error at the size query.
# RUN: %not %piecewise split %s --splitting-ops=aten::sin --no-decompose-size 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: shape-reuse.py:[[#@LINE+46]]:9: error: 'size' is a torch.Size and would cross a piece boundary (from submod_0 into submod_2); only tensors and scalars may cross (run decompose-size for x.size() values)
# ERR-NEXT: size = x.size()
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", y: "f32[s0, 8]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x, s0);  x = None
# CHECK-NEXT:         sym_size_int: "Sym(s0)" = submod_0[0]
# CHECK-NEXT:         a: "f32[s0, 8]" = submod_0[1];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a, s0);  a = None
# CHECK-NEXT:         s1: "f32[s0, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(s1, s0, sym_size_int);  s1 = None
# CHECK-NEXT:         v1: "f32[s0, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(v1, s0);  v1 = None
# CHECK-NEXT:         s2: "f32[s0, 8]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(y, s0, sym_size_int, s2);  y = s0 = sym_size_int = s2 = None
# CHECK-NEXT:         c: "f32[s0, 8]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (c,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[s0, 8]", s0: "Sym(s0)"):
# CHECK-NEXT:             sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# CHECK-NEXT:             a: "f32[s0, 8]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (sym_size_int, a)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[s0, 8]", s0: "Sym(s0)"):
# CHECK-NEXT:             s1: "f32[s0, 8]" = torch.ops.aten.sin.default(a);  a = None
# CHECK-NEXT:             return (s1,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, s1: "f32[s0, 8]", s0: "Sym(s0)", sym_size_int: "Sym(s0)"):
# CHECK-NEXT:             v1: "f32[s0, 8]" = torch.ops.aten.view.default(s1, [sym_size_int, 8]);  s1 = sym_size_int = None
# CHECK-NEXT:             return (v1,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, v1: "f32[s0, 8]", s0: "Sym(s0)"):
# CHECK-NEXT:             s2: "f32[s0, 8]" = torch.ops.aten.sin.default(v1);  v1 = None
# CHECK-NEXT:             return (s2,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, y: "f32[s0, 8]", s0: "Sym(s0)", sym_size_int: "Sym(s0)", s2: "f32[s0, 8]"):
# CHECK-NEXT:             v2: "f32[s0, 8]" = torch.ops.aten.view.default(y, [sym_size_int, 8]);  y = sym_size_int = None
# CHECK-NEXT:             c: "f32[s0, 8]" = torch.ops.aten.add.Tensor(s2, v2);  s2 = v2 = None
# CHECK-NEXT:             return (c,)
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", y: "f32[s0, 8]"):
        size = x.size()
        a: "f32[s0, 8]" = torch.ops.aten.relu.default(x)
        s1: "f32[s0, 8]" = torch.ops.aten.sin.default(a)
        v1: "f32[s0, 8]" = torch.ops.aten.view.default(s1, size)
        s2: "f32[s0, 8]" = torch.ops.aten.sin.default(v1)
        v2: "f32[s0, 8]" = torch.ops.aten.view.default(y, size)
        c: "f32[s0, 8]" = torch.ops.aten.add.Tensor(s2, v2)
        return (c,)
