//===- DecomposeSize.cpp - torch.Size values into scalar dims -------------===//
//
// Size queries are found through the graph index (call_method `size`,
// `aten::sym_size.default`, `aten::sym_size.int`). The query's users are
// visited in graph order; a symbolic dim's sym_size.int node is created right
// before the first user that needs it (so it sits next to its use, and a
// piece boundary between the query and that use carries nothing new), and
// serves every later use of the same query: those come after it, as do the
// users of a slice of the size, which come after the slice. Another query of
// the same tensor may sit anywhere: nodes are not shared across queries (cse
// merges the duplicates).
//
// A getitem of a size with a constant slice (`size[1:]`, `size[::-1]`) is
// itself a size: it is decomposed the same way, over the dims it selects.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/DecomposeSize.h"

#include "TransformUtils.h"

#include <algorithm>
#include <limits>

namespace piecewise {

using namespace transforms;

namespace {

constexpr std::string_view kSymSizeInt = "aten::sym_size.int";

/// The dims of a rank-`n` list selected by a Python slice, or nullopt when the
/// slice is not made of constants (or has step 0).
std::optional<std::vector<size_t>> sliceIndices(const Argument& s, size_t n) {
  if (s.kind() != Argument::Kind::Slice || s.elements().size() != 3)
    return std::nullopt;
  auto part = [](const Argument& a) -> std::optional<std::optional<int64_t>> {
    if (a.isNone())
      return std::optional<int64_t>();
    if (a.isInt())
      return std::optional<int64_t>(a.getInt());
    return std::nullopt;
  };
  auto start = part(s.elements()[0]);
  auto stop = part(s.elements()[1]);
  auto step = part(s.elements()[2]);
  if (!start || !stop || !step)
    return std::nullopt;
  int64_t len = static_cast<int64_t>(n);
  int64_t st = step->value_or(1);
  if (st == 0)
    return std::nullopt;
  // Python's slice.indices().
  auto clamp = [&](std::optional<int64_t> v, int64_t dflt, int64_t lo, int64_t hi) {
    if (!v)
      return dflt;
    int64_t x = *v < 0 ? *v + len : *v;
    return std::clamp(x, lo, hi);
  };
  int64_t b, e;
  if (st > 0) {
    b = clamp(*start, 0, 0, len);
    e = clamp(*stop, len, 0, len);
  } else {
    b = clamp(*start, len - 1, -1, len - 1);
    e = clamp(*stop, -1, -1, len - 1);
  }
  std::vector<size_t> out;
  for (int64_t i = b; st > 0 ? i < e : i > e; i += st)
    out.push_back(static_cast<size_t>(i));
  return out;
}

class SizeDecomposer {
public:
  SizeDecomposer(Graph& g, PassContext& ctx) : g_(g), ctx_(ctx) {}

  void run();

  int64_t queries = 0;
  int64_t created = 0;
  int64_t folded = 0;

private:
  struct Query {
    Node* tensor;
    Node* at;                 ///< the original size query: new nodes go before it
    std::vector<Node*> nodes; ///< sym_size.int per dim, made on demand
  };

  static Node* tensorOf(const Node& query);
  /// Dim `k` of the tensor: a literal, or the query's sym_size.int node for it.
  Argument dimValue(Query& q, size_t k);
  /// Replaces every use of `value` (a size, or a slice of one, listing `dims`
  /// of the tensor) and erases it. `top` is true for the query itself: then
  /// each user becomes the insertion point for the nodes its rewrite needs.
  void decomposeSizeValue(Query& q, Node* value, const std::vector<size_t>& dims, bool top);
  void decomposeWhole(Node* query);
  void decomposeOne(Node* query, const Argument& dimArg);

  Graph& g_;
  PassContext& ctx_;
  Symbol symSizeInt_;
};

Node* SizeDecomposer::tensorOf(const Node& query) {
  if (!query.args().empty() && query.args()[0].isNode())
    return query.args()[0].getNode();
  if (const Argument* self = query.kwarg("self"); self && self->isNode())
    return self->getNode();
  return nullptr;
}

Argument SizeDecomposer::dimValue(Query& q, size_t k) {
  const TensorMeta* meta = tensorMeta(q.tensor);
  const SymExpr& e = meta->sizes[k];
  if (e.isConstant()) {
    ++folded;
    return Argument::integer(e.value());
  }
  if (q.nodes.empty())
    q.nodes.assign(meta->rank(), nullptr);
  if (!q.nodes[k]) {
    if (symSizeInt_.isNull())
      symSizeInt_ = g_.intern(kSymSizeInt);
    std::vector<Argument> args;
    args.push_back(Argument::node(q.tensor));
    args.push_back(Argument::integer(static_cast<int64_t>(k)));
    Node* n =
        g_.createNode(OpKind::CallFunction, "sym_size_int", symSizeInt_, std::move(args), {}, q.at);
    n->setMeta(SymMeta{SymKind::Int, e});
    n->setLoc(q.at->loc());
    q.nodes[k] = n;
    ++created;
  }
  return Argument::node(q.nodes[k]);
}

void SizeDecomposer::decomposeSizeValue(Query& q, Node* value, const std::vector<size_t>& dims,
                                        bool top) {
  for (Node* u : value->uniqueUsers()) {
    if (top)
      q.at = u;
    bool plainGetItem = u->isGetItem() && u->args().size() == 2 && u->kwargs().empty() &&
                        u->args()[0].isNode() && u->args()[0].getNode() == value;
    if (plainGetItem && u->args()[1].isInt()) {
      if (std::optional<size_t> k = normalizeDim(u->args()[1].getInt(), dims.size())) {
        replaceAllUsesWithValue(g_, u, dimValue(q, dims[*k]));
        g_.erase(u);
        continue;
      }
    }
    if (plainGetItem) {
      if (std::optional<std::vector<size_t>> picked = sliceIndices(u->args()[1], dims.size())) {
        std::vector<size_t> sub;
        for (size_t i : *picked)
          sub.push_back(dims[i]);
        decomposeSizeValue(q, u, sub, false);
        continue;
      }
    }
    // Any other use: the dims, spliced in where the size was.
    std::vector<Argument> items;
    for (size_t k : dims)
      items.push_back(dimValue(q, k));
    Argument whole =
        u->isTorchOp() ? Argument::list(std::move(items)) : Argument::tuple(std::move(items));
    std::vector<Argument> args;
    for (const Argument& a : u->args())
      args.push_back(substitute(a, value, whole));
    std::vector<KwArg> kwargs;
    for (const KwArg& kw : u->kwargs())
      kwargs.push_back({kw.name, substitute(kw.value, value, whole)});
    g_.setArgs(u, std::move(args));
    g_.setKwargs(u, std::move(kwargs));
  }
  g_.erase(value);
}

void SizeDecomposer::decomposeWhole(Node* query) {
  Node* x = tensorOf(*query);
  const TensorMeta* meta = tensorMeta(x);
  if (!meta)
    return;
  Query q{x, query, {}};
  std::vector<size_t> dims(meta->rank());
  for (size_t k = 0; k < dims.size(); ++k)
    dims[k] = k;
  decomposeSizeValue(q, query, dims, true);
  ++queries;
}

void SizeDecomposer::decomposeOne(Node* query, const Argument& dimArg) {
  Node* x = tensorOf(*query);
  const TensorMeta* meta = tensorMeta(x);
  if (!meta || !dimArg.isInt())
    return;
  std::optional<size_t> k = normalizeDim(dimArg.getInt(), meta->rank());
  if (!k)
    return;
  bool isSymSizeInt = query->op() == OpKind::CallFunction;
  // aten.sym_size.int on a symbolic dim is already what this pass produces.
  if (isSymSizeInt && !meta->sizes[*k].isConstant())
    return;
  Query q{x, query, {}};
  replaceAllUsesWithValue(g_, query, dimValue(q, *k));
  g_.erase(query);
  ++queries;
}

void SizeDecomposer::run() {
  std::vector<Node*> found;
  if (Symbol size = g_.strings().lookup("size"); !size.isNull())
    for (Node* n : g_.findNodes(OpKind::CallMethod, size))
      found.push_back(n);
  for (std::string_view t : {"aten::sym_size.default", "aten::sym_size", "aten::sym_size.int"})
    for (Node* n : findCalls(g_, t))
      found.push_back(n);
  std::sort(found.begin(), found.end(), [&](Node* a, Node* b) { return g_.isBefore(a, b); });

  for (Node* q : found) {
    if (q->op() == OpKind::CallMethod) {
      const Argument* dimKw = q->kwarg("dim");
      if (q->args().size() == 1 && q->kwargs().empty())
        decomposeWhole(q);
      else if (q->args().size() == 2 && q->kwargs().empty())
        decomposeOne(q, q->args()[1]);
      else if (q->args().size() == 1 && q->kwargs().size() == 1 && dimKw)
        decomposeOne(q, *dimKw);
      continue;
    }
    if (q->target().str() == kSymSizeInt) {
      const FunctionSchema* schema = argumentSchema(ctx_, *q);
      std::optional<Argument> dim =
          schema ? readArg(*q, *schema, "dim", g_) : std::optional<Argument>();
      if (dim)
        decomposeOne(q, *dim);
      continue;
    }
    if ((q->args().size() == 1 && q->kwargs().empty()) ||
        (q->args().empty() && q->kwargs().size() == 1 && q->kwarg("self")))
      decomposeWhole(q);
  }
}

} // namespace

FailureOr<bool> DecomposeSizePass::run(Graph& graph, PassContext& ctx) {
  SizeDecomposer d(graph, ctx);
  d.run();
  if (d.queries)
    ctx.stat("size queries decomposed", d.queries);
  if (d.created)
    ctx.stat("sym_size.int nodes created", d.created);
  if (d.folded)
    ctx.stat("static dims folded", d.folded);
  return d.queries > 0;
}

} // namespace piecewise
