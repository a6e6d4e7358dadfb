class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu", L_w_: "f32[8, 8][8, 1]cpu"):
        l_x_ = L_x_
        l_w_ = L_w_

        # File: dynamo_fresh_values.py:19 in model, code: q = x @ w
        q: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = l_x_ @ l_w_;  l_x_ = l_w_ = None

        # File: dynamo_fresh_values.py:20 in model, code: o = F.scaled_dot_product_attention(q, q, q)
        o: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q, q, q)

        # File: dynamo_fresh_values.py:22 in model, code: h = o.clone()
        h: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = o.clone()

        # File: dynamo_fresh_values.py:23 in model, code: r = torch.relu(o)
        r: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = torch.relu(o)

        # File: dynamo_fresh_values.py:24 in model, code: p = o + 1
        p: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = o + 1

        # File: dynamo_fresh_values.py:25 in model, code: z = torch.zeros_like(o).copy_(o)
        zeros_like: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = torch.zeros_like(o)
        z: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = zeros_like.copy_(o);  zeros_like = None

        # File: dynamo_fresh_values.py:27 in model, code: t = o.transpose(1, 2)
        t: "f32[1, 4, 2, 8][64, 8, 32, 1]cpu" = o.transpose(1, 2)

        # File: dynamo_fresh_values.py:28 in model, code: f = o.float()
        f: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = o.float();  o = None

        # File: dynamo_fresh_values.py:29 in model, code: o2 = F.scaled_dot_product_attention(q, q, h * r)
        mul: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = h * r
        o2: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q, q, mul);  q = mul = None

        # File: dynamo_fresh_values.py:30 in model, code: return (o2 + p + z + h + r) * 2, t.sum(1) + f.sum(2)
        add_1: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = o2 + p;  o2 = p = None
        add_2: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = add_1 + z;  add_1 = z = None
        add_3: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = add_2 + h;  add_2 = h = None
        add_4: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = add_3 + r;  add_3 = r = None
        mul_1: "f32[1, 2, 4, 8][64, 32, 8, 1]cpu" = add_4 * 2;  add_4 = None
        sum_1: "f32[1, 2, 8][16, 8, 1]cpu" = t.sum(1);  t = None
        sum_2: "f32[1, 2, 8][16, 8, 1]cpu" = f.sum(2);  f = None
        add_5: "f32[1, 2, 8][16, 8, 1]cpu" = sum_1 + sum_2;  sum_1 = sum_2 = None
        return (mul_1, add_5)
# Dynamo-level values computed in a captured piece from the fresh attention output `o`: a
# clone, torch.relu, `o + 1` and zeros_like(o).copy_(o) return new storage of the captured
# piece's pool (Effects.h rule 8: a new-storage method or callable, an in-place method that
# returns its self); only the piece that computes them reads o. `o.transpose(1, 2)` and
# `o.float()` (o's own dtype: o itself) may be o or a view of it: their reads by the piece
# after the second attention are kept, as not certain. Before rule 8 every pure method and
# callable aliased all its inputs: 8 findings, `z` (copy_) reported as certain.
# The graph: torch.compile of the model in Inputs/dynamo_fresh_values.py (`--dump`).
# RUN: %not %piecewise check-capture %s --splitting-ops=torch._C._nn.scaled_dot_product_attention 2>&1 | FileCheck %s
# CHECK:     dynamo-fresh-values.py:10:9: error: captured piece submod_2 reads 'o' at an address replay does not keep
# CHECK:     note: submod_2 is captured and reads 'o' here ('h')
# CHECK:     dynamo-fresh-values.py:33:9: error: captured piece submod_4 reads 'o2' at an address replay does not keep
# CHECK:     dynamo-fresh-values.py:10:9: error: captured piece submod_4 reads 't' at an address replay does not keep
# CHECK:     note: 't' is a view of 'o' (transpose)
# CHECK:     dynamo-fresh-values.py:10:9: error: captured piece submod_4 reads 'f' at an address replay does not keep
# CHECK:     note: 'f' is a view of 'o' (float)
# CHECK-NOT: error
# CHECK:     not capture-safe: 4 unstable read(s) in 2 of 3 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=torch._C._nn.scaled_dot_product_attention --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "value": "o",
# JSON:      "certain": true,
# JSON:      "value": "o2",
# JSON:      "certain": true,
# JSON:      "value": "t",
# JSON:      "certain": false,
# JSON:      "value": "f",
# JSON:      "certain": false,
# JSON-NOT:  "value":
# RUN: %piecewise analyze %s --print=effects | FileCheck %s --check-prefix=EFFECTS
# EFFECTS: %h = call_method clone : removable{{$}}
# EFFECTS: %r = call_function torch.relu : removable{{$}}
# EFFECTS: %p = call_function operator.add : removable cse{{$}}
# EFFECTS: %z = call_method copy_ : writes(zeros_like) aliases(zeros_like) keeps-order
# EFFECTS: %t = call_method transpose : removable aliases(o)
# EFFECTS: %f = call_method float : removable aliases(o)
