# --explain names the kind of the first difference: an op, strides (a layout
# class) on a value or on an input, a float constant, a dtype.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise split %t/op.py --splitting-ops=aten::sin --explain | FileCheck %s --check-prefix=OP
# RUN: %piecewise split %t/layout.py --splitting-ops=aten::sin --explain | FileCheck %s --check-prefix=LAYOUT
# RUN: %piecewise split %t/input-layout.py --splitting-ops=aten::sin --explain | FileCheck %s --check-prefix=INPUT
# RUN: %piecewise split %t/float.py --splitting-ops=aten::sin --explain | FileCheck %s --check-prefix=FLOAT
# RUN: %piecewise split %t/dtype.py --splitting-ops=aten::sin --explain | FileCheck %s --check-prefix=DTYPE
#--- op.py
# OP:      submod_2 (pieces: submod_2, submod_4) vs submod_6 (pieces: submod_6)
# OP-NEXT:   op: op differs at node #0: call_function aten::relu.default in submod_2 (node 'c' at {{.*}}op.py:7:9); call_function aten::gelu.default in submod_6 (node 'g' at {{.*}}op.py:11:9)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.neg.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        c: "f32[4, 8]" = torch.ops.aten.relu.default(b)
        d: "f32[4, 8]" = torch.ops.aten.sin.default(c)
        e: "f32[4, 8]" = torch.ops.aten.relu.default(d)
        f: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        g: "f32[4, 8]" = torch.ops.aten.gelu.default(f)
        h: "f32[4, 8]" = torch.ops.aten.sin.default(g)
        i: "f32[4, 8]" = torch.ops.aten.exp.default(h)
        return (i,)
#--- layout.py
# LAYOUT:      submod_2 (pieces: submod_2, submod_4) vs submod_6 (pieces: submod_6)
# LAYOUT-NEXT:   layout: layout (strides) differs at node #0 (aten::clone.default) value: f32[4, 8][8, 1] in submod_2 (node 'c' at {{.*}}layout.py:7:9); f32[4, 8][1, 4] in submod_6 (node 'g' at {{.*}}layout.py:11:9)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]"):
        a: "f32[4, 8][8, 1]" = torch.ops.aten.neg.default(x)
        b: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(a)
        c: "f32[4, 8][8, 1]" = torch.ops.aten.clone.default(b)
        d: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(c)
        e: "f32[4, 8][8, 1]" = torch.ops.aten.clone.default(d)
        f: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(e)
        g: "f32[4, 8][1, 4]" = torch.ops.aten.clone.default(f)
        h: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(g)
        i: "f32[4, 8][8, 1]" = torch.ops.aten.exp.default(h)
        return (i,)
#--- input-layout.py
# INPUT:      submod_2 (pieces: submod_2, submod_4) vs submod_6 (pieces: submod_6)
# INPUT-NEXT:   layout: input #0 has other strides: 'b' (f32[4, 8][8, 1], computed in submod_1 by `b = torch.ops.aten.sin.default(a)` at {{.*}}input-layout.py:6:9) in submod_2, 'f' (f32[4, 8][1, 4], computed in submod_5 by `f = torch.ops.aten.sin.default(e)` at {{.*}}input-layout.py:10:9) in submod_6
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]"):
        a: "f32[4, 8][8, 1]" = torch.ops.aten.neg.default(x)
        b: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(a)
        c: "f32[4, 8][8, 1]" = torch.ops.aten.relu.default(b)
        d: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(c)
        e: "f32[4, 8][8, 1]" = torch.ops.aten.relu.default(d)
        f: "f32[4, 8][1, 4]" = torch.ops.aten.sin.default(e)
        g: "f32[4, 8][8, 1]" = torch.ops.aten.relu.default(f)
        h: "f32[4, 8][8, 1]" = torch.ops.aten.sin.default(g)
        i: "f32[4, 8][8, 1]" = torch.ops.aten.exp.default(h)
        return (i,)
#--- float.py
# FLOAT:      submod_2 (pieces: submod_2, submod_4) vs submod_6 (pieces: submod_6)
# FLOAT-NEXT:   constant: float constant differs at node #0 (aten::mul.Tensor) argument 1: 0.5 in submod_2 (node 'c' at {{.*}}float.py:7:9); 0.25 in submod_6 (node 'g' at {{.*}}float.py:11:9)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.neg.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        c: "f32[4, 8]" = torch.ops.aten.mul.Tensor(b, 0.5)
        d: "f32[4, 8]" = torch.ops.aten.sin.default(c)
        e: "f32[4, 8]" = torch.ops.aten.mul.Tensor(d, 0.5)
        f: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        g: "f32[4, 8]" = torch.ops.aten.mul.Tensor(f, 0.25)
        h: "f32[4, 8]" = torch.ops.aten.sin.default(g)
        i: "f32[4, 8]" = torch.ops.aten.exp.default(h)
        return (i,)
#--- dtype.py
# DTYPE:      submod_2 (pieces: submod_2, submod_4) vs submod_6 (pieces: submod_6)
# DTYPE-NEXT:   constant: dtype constant differs at node #0 (aten::to.dtype) argument 1: torch.bfloat16 in submod_2 (node 'c' at {{.*}}dtype.py:7:9); torch.float16 in submod_6 (node 'g' at {{.*}}dtype.py:11:9)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.neg.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        c = torch.ops.aten.to.dtype(b, torch.bfloat16)
        d: "f32[4, 8]" = torch.ops.aten.sin.default(c)
        e = torch.ops.aten.to.dtype(d, torch.bfloat16)
        f: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        g = torch.ops.aten.to.dtype(f, torch.float16)
        h: "f32[4, 8]" = torch.ops.aten.sin.default(g)
        i: "f32[4, 8]" = torch.ops.aten.exp.default(h)
        return (i,)
