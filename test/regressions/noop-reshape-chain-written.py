# A reshape chain whose result is written in place is not collapsed (found by
# python/tests/test_differential.py).
# RUN: %piecewise opt %s --passes=noop-elimination | FileCheck %s
# CHECK: reshape_default: "f32[32]" = torch.ops.aten.reshape.default(t, [32])
# CHECK-NEXT: reshape_default_1: "f32[8, 4]" = torch.ops.aten.reshape.default(reshape_default, [8, 4])
# CHECK-NEXT: add_: "f32[8, 4]" = reshape_default_1.add_(1)
# CHECK-NEXT: return (x, reshape_default_1)
#
# Repro (test_differential.py, test_hostile[fx-reshape-chain-through-copy-noop-elimination]):
# a miscompile of `opt --passes=noop-elimination` (and the full pipeline).
#
#   $ piecewise opt noop-reshape-chain-through-copy.py --passes=noop-elimination
#
# t = x.t() is not contiguous, so reshape(t, [32]) copies. The pass collapses the chain
# reshape(reshape(t, [32]), [8, 4]) into reshape(t, [8, 4]), which has t's own shape, and
# then drops it as a no-op: reshape_default_1 becomes t, a view of x, and the add_ that
# wrote the copy now writes the input x (x comes back changed: every element + 1).
# A reshape chain may only collapse when no reshape in it can copy (input known
# contiguous) or the result is never written.
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        t: "f32[8, 4]" = x.t()
        reshape_default: "f32[32]" = torch.ops.aten.reshape.default(t, [32]);  t = None
        reshape_default_1: "f32[8, 4]" = torch.ops.aten.reshape.default(reshape_default, [8, 4]);  reshape_default = None
        add_: "f32[8, 4]" = reshape_default_1.add_(1);  add_ = None
        return (x, reshape_default_1)
