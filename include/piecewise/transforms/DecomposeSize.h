//===- DecomposeSize.h - torch.Size values into scalar dims -----*- C++ -*-===//
//
// Pass `decompose-size`: after it, no node produces or consumes a torch.Size
// (a piece boundary may then carry only tensors and scalar SymInts). From
//      size = x.size()                       # or aten.sym_size.default(x)
//      getitem = size[0]                     # x: f32[s0, 64]
//      getitem_1 = size[1]
//      view = y.view(size)
// to
//      x = ...                               # the tensor's producer
//      sym_size_int = torch.ops.aten.sym_size.int(x, 0)
//      ...
//      view = y.view(sym_size_int, 64)
// with `getitem_1` replaced by the literal 64 in its users. This is vLLM's
// `_decompose_size_nodes`, with its placement: the sym_size.int nodes go
// right after the tensor's producer (after the last placeholder when the
// tensor is one), so a piece boundary between the producer and the users
// carries only the SymInt. In detail, for a size query whose tensor has known
// tensor meta:
//  - a whole query (`x.size()`, `aten.sym_size.default(x)`) gets one
//    `aten.sym_size.int(x, k)` node per symbolic dim, carrying `Sym(expr)`
//    meta, made whether or not a use needs it (as vLLM does);
//  - each `getitem(size, k)` with an integer k is replaced by that node for a
//    symbolic dim, or by the literal for a static dim, and erased;
//  - a `getitem(size, slice(...))` with constant bounds is a size of the dims
//    it selects and is decomposed the same way;
//  - every other use of the size gets the dims spliced in: as separate
//    positional arguments of a Tensor method (`y.view(s0, 64)`, as vLLM
//    does), a list for a torch op argument, a tuple elsewhere (returned,
//    nested, keyword);
//  - with `singleDimQueries` (the pass's default; vLLM's split leaves these
//    alone): `x.size(k)` / `x.size(dim=k)` becomes the same single dim, and
//    `aten.sym_size.int(x, k)` on a static dim becomes the literal;
//  - the size node is erased.
//
// Never touches: size queries on tensors whose meta is missing or not a tensor
// (nor their uses), `size(k)` with a non-literal or out-of-range k, a query
// after a node that may change the tensor's sizes in place (the effect
// model's EffectAnalysis::forEachResized: `y.t_()`, `unsqueeze_`, `resize_`,
// an `out=` argument, an op without a schema, a module, a Python callable
// outside torch; the meta no longer describes the tensor there), a size with a method called on
// it (`size.numel()`), and every other node. A Tensor method gets the dims as
// separate arguments only when it takes sizes as varargs (`view`, `reshape`,
// `expand`, `repeat`, `permute`, `tile`, `new_empty/zeros/ones`) and the size
// is its only argument.
//
// Statistics: "size queries decomposed", "sym_size.int nodes created",
// "static dims folded".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

struct DecomposeSizeOptions {
  /// Also rewrite single-dim queries (`x.size(k)`, `aten.sym_size.int` on a
  /// static dim). vLLM's split_graph does not: `split` turns this off.
  bool singleDimQueries = true;
};

class DecomposeSizePass : public Pass {
public:
  explicit DecomposeSizePass(DecomposeSizeOptions options = {}) : options_(options) {}
  static constexpr std::string_view kName = "decompose-size";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "x.size() / aten.sym_size -> aten.sym_size.int per symbolic dim, literals for static";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;

private:
  DecomposeSizeOptions options_;
};

} // namespace piecewise
