//===- DecomposeSize.h - torch.Size values into scalar dims -----*- C++ -*-===//
//
// Pass `decompose-size`: after it, no node produces or consumes a torch.Size
// (a piece boundary may then carry only tensors and scalar SymInts). From
//      size = x.size()                       # or aten.sym_size.default(x)
//      getitem = size[0]                     # x: f32[s0, 64]
//      getitem_1 = size[1]
//      view = y.view(size)
// to
//      sym_size_int = torch.ops.aten.sym_size.int(x, 0)
//      view = y.view((sym_size_int, 64))
// with `getitem_1` replaced by the literal 64 in its users. In detail, for a
// size query whose tensor has known tensor meta:
//  - each `getitem(size, k)` with an integer k becomes `aten.sym_size.int(x, k)`
//    for a symbolic dim (one node per dim, made before its first use and
//    shared by the later ones, carrying `Sym(expr)` meta) or the literal for a
//    static dim;
//  - a `getitem(size, slice(...))` with constant bounds is a size of the dims
//    it selects and is decomposed the same way;
//  - every other use of the size (passed whole, returned) gets the dims
//    spliced in: a list of them for a torch op argument, a tuple elsewhere;
//  - `x.size(k)` / `x.size(dim=k)` becomes the same single dim;
//  - `aten.sym_size.int(x, k)` on a static dim becomes the literal;
//  - the size node is erased.
//
// Never touches: size queries on tensors whose meta is missing or not a tensor
// (nor their uses), `size(k)` with a non-literal or out-of-range k, and every
// other node.
//
// Statistics: "size queries decomposed", "sym_size.int nodes created",
// "static dims folded".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

class DecomposeSizePass : public Pass {
public:
  static constexpr std::string_view kName = "decompose-size";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "x.size() / aten.sym_size -> aten.sym_size.int per symbolic dim, literals for static";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;
};

} // namespace piecewise
