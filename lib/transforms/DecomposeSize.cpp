//===- DecomposeSize.cpp - torch.Size values into scalar dims -------------===//
//
// Size queries are found through the graph index (call_method `size`,
// `aten::sym_size.default`, `aten::sym_size.int`). Each whole-size query's
// users are visited in graph order; a symbolic dim's sym_size.int node is made
// before the first user that needs it and shared by the later ones (all of
// them come after it). Nodes are shared within one size query only: another
// query of the same tensor may sit anywhere; cse merges the duplicates.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/DecomposeSize.h"

#include "TransformUtils.h"

#include <algorithm>

namespace piecewise {

using namespace transforms;

namespace {

constexpr std::string_view kSymSizeInt = "aten::sym_size.int";

class SizeDecomposer {
public:
  SizeDecomposer(Graph& g, PassContext& ctx) : g_(g), ctx_(ctx) {}

  void run();

  int64_t queries = 0;
  int64_t created = 0;
  int64_t folded = 0;

private:
  Node* tensorOf(const Node& query);
  /// The value of dim `k` of `x`: a literal, or a sym_size.int node made before `before`.
  Argument dimValue(Node* x, size_t k, Node* before, std::vector<Node*>& cache, Location loc);
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

Argument SizeDecomposer::dimValue(Node* x, size_t k, Node* before, std::vector<Node*>& cache,
                                  Location loc) {
  const SymExpr& e = tensorMeta(x)->sizes[k];
  if (e.isConstant()) {
    ++folded;
    return Argument::integer(e.value());
  }
  if (cache.empty())
    cache.assign(tensorMeta(x)->rank(), nullptr);
  if (!cache[k]) {
    if (symSizeInt_.isNull())
      symSizeInt_ = g_.intern(kSymSizeInt);
    std::vector<Argument> args;
    args.push_back(Argument::node(x));
    args.push_back(Argument::integer(static_cast<int64_t>(k)));
    Node* n = g_.createNode(OpKind::CallFunction, "sym_size_int", symSizeInt_, std::move(args), {},
                            before);
    n->setMeta(SymMeta{SymKind::Int, e});
    n->setLoc(loc);
    cache[k] = n;
    ++created;
  }
  return Argument::node(cache[k]);
}

void SizeDecomposer::decomposeWhole(Node* query) {
  Node* x = tensorOf(*query);
  const TensorMeta* meta = tensorMeta(x);
  if (!meta)
    return;
  const size_t rank = meta->rank();
  std::vector<Node*> cache;
  for (Node* u : query->uniqueUsers()) {
    if (u->isGetItem() && u->args().size() == 2 && u->kwargs().empty() && u->args()[0].isNode() &&
        u->args()[0].getNode() == query && u->args()[1].isInt()) {
      if (std::optional<size_t> k = normalizeDim(u->args()[1].getInt(), rank)) {
        Argument v = dimValue(x, *k, u, cache, u->loc());
        replaceAllUsesWithValue(g_, u, v);
        g_.erase(u);
        continue;
      }
    }
    // Any other use: the dims, spliced in where the size was.
    std::vector<Argument> dims;
    for (size_t k = 0; k < rank; ++k)
      dims.push_back(dimValue(x, k, u, cache, query->loc()));
    Argument whole =
        u->isTorchOp() ? Argument::list(std::move(dims)) : Argument::tuple(std::move(dims));
    std::vector<Argument> args;
    for (const Argument& a : u->args())
      args.push_back(substitute(a, query, whole));
    std::vector<KwArg> kwargs;
    for (const KwArg& kw : u->kwargs())
      kwargs.push_back({kw.name, substitute(kw.value, query, whole)});
    g_.setArgs(u, std::move(args));
    g_.setKwargs(u, std::move(kwargs));
  }
  g_.erase(query);
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
  std::vector<Node*> cache;
  Argument v = dimValue(x, *k, query, cache, query->loc());
  replaceAllUsesWithValue(g_, query, v);
  g_.erase(query);
  ++queries;
}

void SizeDecomposer::run() {
  std::vector<Node*> queriesFound;
  if (Symbol size = g_.strings().lookup("size"); !size.isNull())
    for (Node* n : g_.findNodes(OpKind::CallMethod, size))
      queriesFound.push_back(n);
  for (std::string_view t : {"aten::sym_size.default", "aten::sym_size", "aten::sym_size.int"})
    for (Node* n : findCalls(g_, t))
      queriesFound.push_back(n);
  std::sort(queriesFound.begin(), queriesFound.end(),
            [&](Node* a, Node* b) { return g_.isBefore(a, b); });

  for (Node* q : queriesFound) {
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
