//===- NoopElimination.cpp - Ops that give back their input ---------------===//
//
// Visits the candidate ops through the graph index, in graph order (so a
// chain collapses front to back in one visit). The storage classes that the
// slice_scatter rule needs are built only when such a candidate shows up.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/NoopElimination.h"

#include "TransformUtils.h"

#include "piecewise/analysis/StorageAnalysis.h"

#include <algorithm>
#include <limits>
#include <memory>

namespace piecewise {

using namespace transforms;

namespace {

enum class Kind { View, Reshape, UnsafeView, MethodView, MethodReshape, Slice, SliceScatter };

struct Candidate {
  Node* node;
  Kind kind;
};

struct Counts {
  int64_t views = 0;
  int64_t slices = 0;
  int64_t scatters = 0;
  int64_t chains = 0;
};

/// True when `end` (an argument of a slice over an extent) reaches the end of the dim.
bool reachesEnd(const Argument& end, const SymExpr& extent) {
  if (end.isNone())
    return true;
  if (std::optional<int64_t> e = constantInt(end)) {
    if (*e == std::numeric_limits<int64_t>::max())
      return true;
    return extent.isConstant() && *e >= extent.value();
  }
  if (end.kind() == Argument::Kind::Sym)
    return end.getSym() == extent;
  if (end.isNode()) {
    const SymMeta* s = end.getNode()->meta().sym();
    return s && s->kind == SymKind::Int && s->expr == extent;
  }
  return false;
}

/// Reads (dim, start, end, step) of a slice-like node over a tensor of `meta`
/// and says whether it covers the whole dim with step 1.
bool coversWholeDim(const Node& n, const FunctionSchema& schema, const TensorMeta& meta, Graph& g) {
  std::optional<Argument> dimArg = readArg(n, schema, "dim", g);
  std::optional<Argument> start = readArg(n, schema, "start", g);
  std::optional<Argument> end = readArg(n, schema, "end", g);
  std::optional<Argument> step = readArg(n, schema, "step", g);
  if (!dimArg || !start || !end || !step)
    return false;
  std::optional<int64_t> d = constantInt(*dimArg);
  std::optional<size_t> dim = d ? normalizeDim(*d, meta.rank()) : std::nullopt;
  if (!dim || constantInt(*step) != 1)
    return false;
  if (!start->isNone() && constantInt(*start) != 0)
    return false;
  return reachesEnd(*end, meta.sizes[*dim]);
}

class NoopEliminator {
public:
  NoopEliminator(Graph& g, PassContext& ctx) : g_(g), ctx_(ctx) {}

  Counts run();

private:
  Node* selfOf(const Node& n, Kind kind);
  bool collapseChain(Node* n, Kind kind);
  Node* identityValue(Node* n, Kind kind);
  bool neverWritten(const Node* a, const Node* b);

  Graph& g_;
  PassContext& ctx_;
  std::unique_ptr<NodeNumbering> numbering_;
  std::unique_ptr<StorageAnalysis> storages_;
  Counts counts_;
};

Node* NoopEliminator::selfOf(const Node& n, Kind kind) {
  if (kind == Kind::MethodView || kind == Kind::MethodReshape)
    return !n.args().empty() && n.args()[0].isNode() ? n.args()[0].getNode() : nullptr;
  const FunctionSchema* schema = argumentSchema(ctx_, n);
  if (!schema)
    return nullptr;
  std::optional<Argument> self = readArg(n, *schema, "self", g_);
  return self && self->isNode() ? self->getNode() : nullptr;
}

/// `outer(inner(x, a), b)` -> `outer(x, b)` for the pairs that keep the values
/// and the view semantics. Returns true when it rewired `n`.
bool NoopEliminator::collapseChain(Node* n, Kind kind) {
  if (kind != Kind::View && kind != Kind::Reshape && kind != Kind::UnsafeView)
    return false;
  if (n->args().empty() || !n->args()[0].isNode())
    return false;
  Node* inner = n->args()[0].getNode();
  if (inner->op() != OpKind::CallFunction)
    return false;
  std::string_view it = inner->target().str();
  Kind innerKind;
  if (it == "aten::view.default")
    innerKind = Kind::View;
  else if (it == "aten::reshape.default")
    innerKind = Kind::Reshape;
  else if (it == "aten::_unsafe_view.default")
    innerKind = Kind::UnsafeView;
  else
    return false;
  bool allowed = innerKind == kind || (innerKind == Kind::View && kind == Kind::Reshape);
  if (!allowed)
    return false;
  Node* x = selfOf(*inner, innerKind);
  const TensorMeta* xm = tensorMeta(x);
  const TensorMeta* im = tensorMeta(inner);
  const TensorMeta* om = tensorMeta(n);
  if (!xm || !im || !om || xm->dtype != im->dtype || im->dtype != om->dtype)
    return false;
  if (inner->args().empty() || !inner->args()[0].isNode())
    return false;
  // A reshape copies when its input's strides do not allow a view, so
  // reshape(reshape(x, a), b) may be a fresh tensor where reshape(x, b) is a
  // view of x: the same values, but a write to either one would now reach the
  // other. Collapse a chain with a reshape in it only when nothing writes them.
  if ((kind == Kind::Reshape || innerKind == Kind::Reshape) && !neverWritten(x, n))
    return false;
  g_.setArg(n, 0, Argument::node(x));
  if (!inner->hasUsers())
    g_.erase(inner);
  ++counts_.chains;
  return true;
}

bool NoopEliminator::neverWritten(const Node* a, const Node* b) {
  if (!storages_) {
    numbering_ = std::make_unique<NodeNumbering>(g_);
    storages_ = std::make_unique<StorageAnalysis>(*numbering_, ctx_.effects());
  }
  return !storages_->isWritten(a) && !storages_->isWritten(b);
}

/// The value `n` returns unchanged, or nullptr when it is not a no-op.
Node* NoopEliminator::identityValue(Node* n, Kind kind) {
  Node* self = selfOf(*n, kind);
  const TensorMeta* in = tensorMeta(self);
  if (!in)
    return nullptr;
  switch (kind) {
  case Kind::View:
  case Kind::Reshape:
  case Kind::UnsafeView:
  case Kind::MethodView:
  case Kind::MethodReshape: {
    const TensorMeta* out = tensorMeta(n);
    if (!out || out->dtype != in->dtype || out->sizes != in->sizes)
      return nullptr;
    return self;
  }
  case Kind::Slice: {
    const FunctionSchema* schema = argumentSchema(ctx_, *n);
    if (!schema || !coversWholeDim(*n, *schema, *in, g_))
      return nullptr;
    const TensorMeta* out = tensorMeta(n);
    if (out && (out->sizes != in->sizes || out->dtype != in->dtype))
      return nullptr;
    return self;
  }
  case Kind::SliceScatter: {
    const FunctionSchema* schema = argumentSchema(ctx_, *n);
    if (!schema)
      return nullptr;
    std::optional<Argument> srcArg = readArg(*n, *schema, "src", g_);
    if (!srcArg || !srcArg->isNode())
      return nullptr;
    Node* src = srcArg->getNode();
    const TensorMeta* sm = tensorMeta(src);
    if (!sm || sm->sizes != in->sizes || sm->dtype != in->dtype || sm->device != in->device)
      return nullptr;
    if (sm->hasStrides && in->hasStrides && sm->strides != in->strides)
      return nullptr;
    if (!coversWholeDim(*n, *schema, *in, g_))
      return nullptr;
    // The result is a fresh tensor; `src` may be written later, or the result may
    // be: then the two are not interchangeable.
    if (!neverWritten(src, n))
      return nullptr;
    return src;
  }
  }
  return nullptr;
}

Counts NoopEliminator::run() {
  std::vector<Candidate> cands;
  auto add = [&](std::vector<Node*> nodes, Kind kind) {
    for (Node* n : nodes)
      cands.push_back({n, kind});
  };
  add(findCalls(g_, "aten::view.default"), Kind::View);
  add(findCalls(g_, "aten::reshape.default"), Kind::Reshape);
  add(findCalls(g_, "aten::_unsafe_view.default"), Kind::UnsafeView);
  add(findCalls(g_, "aten::slice.Tensor"), Kind::Slice);
  add(findCalls(g_, "aten::slice_scatter.default"), Kind::SliceScatter);
  for (std::string_view m : {"view", "reshape"}) {
    Symbol s = g_.strings().lookup(m);
    if (!s.isNull())
      add(g_.findNodes(OpKind::CallMethod, s),
          m == "view" ? Kind::MethodView : Kind::MethodReshape);
  }
  if (cands.empty())
    return counts_;
  std::sort(cands.begin(), cands.end(),
            [&](const Candidate& a, const Candidate& b) { return g_.isBefore(a.node, b.node); });

  for (const Candidate& c : cands) {
    Node* n = c.node;
    if (n->isErased())
      continue;
    collapseChain(n, c.kind);
    Node* value = identityValue(n, c.kind);
    if (!value || value == n)
      continue;
    g_.replaceAllUsesWith(n, value);
    g_.erase(n);
    switch (c.kind) {
    case Kind::Slice:
      ++counts_.slices;
      break;
    case Kind::SliceScatter:
      ++counts_.scatters;
      break;
    default:
      ++counts_.views;
      break;
    }
  }
  return counts_;
}

} // namespace

FailureOr<bool> NoopEliminationPass::run(Graph& graph, PassContext& ctx) {
  Counts c = NoopEliminator(graph, ctx).run();
  if (c.views)
    ctx.stat("no-op views/reshapes removed", c.views);
  if (c.slices)
    ctx.stat("full slices removed", c.slices);
  if (c.scatters)
    ctx.stat("full slice_scatters removed", c.scatters);
  if (c.chains)
    ctx.stat("reshape chains collapsed", c.chains);
  return c.views + c.slices + c.scatters + c.chains > 0;
}

} // namespace piecewise
