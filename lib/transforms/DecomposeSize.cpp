//===- DecomposeSize.cpp - torch.Size values into scalar dims -------------===//
//
// Size queries are found through the graph index (call_method `size`,
// `aten::sym_size.default`, `aten::sym_size.int`) and handled in graph order.
// Placement follows vLLM's `_decompose_size_nodes`: the sym_size.int nodes of
// a query are created right after the tensor's producer (each one directly
// after it, so a query's dims end up in reverse order, as FX's
// `inserting_after` gives), so that only the SymInt, not the tensor, crosses
// a later piece boundary. A placeholder tensor anchors after the last
// placeholder instead (same generated code; placeholders stay first). A whole
// query gets one node per symbolic dim up front, used or not, as vLLM does;
// a single-dim query (only with `singleDimQueries`) gets the one it needs.
// Nodes are not shared across queries (cse merges the duplicates).
//
// A getitem of a size with a constant slice (`size[1:]`, `size[::-1]`) is
// itself a size: it is decomposed the same way, over the dims it selects.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/DecomposeSize.h"

#include "TransformUtils.h"

#include "piecewise/ir/Target.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <unordered_map>

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

/// Tensor methods that take a size as separate positional arguments when it
/// is their only one (`y.view(s0, 64)`); any other call gets the size as one
/// tuple (`y.new_full((s0, 64), 2.0)`, `y.unflatten(1, (2, 4))`).
bool takesSizeVarargs(std::string_view method) {
  static constexpr std::string_view kVarargs[] = {"view",      "reshape",   "expand",
                                                  "repeat",    "permute",   "tile",
                                                  "new_empty", "new_zeros", "new_ones"};
  return std::ranges::find(kVarargs, method) != std::end(kVarargs);
}

class SizeDecomposer {
public:
  SizeDecomposer(Graph& g, PassContext& ctx, const DecomposeSizeOptions& options)
      : g_(g), ctx_(ctx), options_(options) {}

  void run();

  int64_t queries = 0;
  int64_t created = 0;
  int64_t folded = 0;

private:
  struct Query {
    Node* tensor;
    Node* query;              ///< the original size query (for locations)
    std::vector<Node*> nodes; ///< sym_size.int per symbolic dim, once made
  };

  static Node* tensorOf(const Node& query);
  /// True when a node between `tensor`'s definition and `query` may change the
  /// tensor's sizes in place: its meta then does not describe it at the query,
  /// and a dim must not move above the write. The query is left alone.
  bool sizesMayChangeBefore(Node* tensor, Node* query);
  /// True when every use of the size `value` can take its dims instead: not a
  /// method called on the Size itself (`size.numel()`).
  static bool usesTakeDims(const Node* value);
  /// The node after which `tensor`'s sym_size.int nodes go.
  Node* anchorFor(Node* tensor);
  /// Creates the sym_size.int node of dim `k`, right after the anchor.
  Node* makeDim(Query& q, size_t k);
  /// One sym_size.int per symbolic dim of the tensor (vLLM's whole-size rule).
  void makeAllDims(Query& q);
  /// Dim `k` of the tensor: a literal, or the query's sym_size.int node for it.
  Argument dimValue(Query& q, size_t k);
  /// Replaces every use of `value` (a size, or a slice of one, listing `dims`
  /// of the tensor) and erases it.
  void decomposeSizeValue(Query& q, Node* value, const std::vector<size_t>& dims);
  void decomposeWhole(Node* query);
  void decomposeOne(Node* query, const Argument& dimArg);

  Graph& g_;
  PassContext& ctx_;
  const DecomposeSizeOptions& options_;
  Symbol symSizeInt_;
  /// Per tensor, the nodes that may change its sizes in place (built on first use).
  std::unordered_map<const Node*, std::vector<Node*>> sizeWriters_;
  bool sizeWritersKnown_ = false;
  Node* lastPlaceholder_ = nullptr;
  bool lastPlaceholderKnown_ = false;
};

Node* SizeDecomposer::tensorOf(const Node& query) {
  if (!query.args().empty() && query.args()[0].isNode())
    return query.args()[0].getNode();
  if (const Argument* self = query.kwarg("self"); self && self->isNode())
    return self->getNode();
  return nullptr;
}

bool SizeDecomposer::sizesMayChangeBefore(Node* tensor, Node* query) {
  if (!sizeWritersKnown_) {
    EffectAnalysis& effects = ctx_.effects();
    for (Node* n : g_)
      effects.forEachResized(*n, [&](Node* w) { sizeWriters_[w].push_back(n); });
    sizeWritersKnown_ = true;
  }
  auto it = sizeWriters_.find(tensor);
  if (it == sizeWriters_.end())
    return false;
  for (Node* w : it->second)
    if (g_.isBefore(w, query))
      return true; // after the tensor's definition: it writes the tensor
  return false;
}

bool SizeDecomposer::usesTakeDims(const Node* value) {
  for (const Node* u : value->uniqueUsers()) {
    if (u->op() == OpKind::CallMethod && !u->args().empty() && u->args()[0].isNode() &&
        u->args()[0].getNode() == value)
      return false;
    bool sliceOfIt = u->isGetItem() && u->args().size() == 2 && u->args()[0].isNode() &&
                     u->args()[0].getNode() == value && !u->args()[1].isInt();
    if (sliceOfIt && !usesTakeDims(u))
      return false;
  }
  return true;
}

Node* SizeDecomposer::anchorFor(Node* tensor) {
  if (!tensor->isPlaceholder())
    return tensor;
  if (!lastPlaceholderKnown_) {
    for (Node* n = g_.front(); n && n->isPlaceholder(); n = n->next())
      lastPlaceholder_ = n;
    lastPlaceholderKnown_ = true;
  }
  return lastPlaceholder_ ? lastPlaceholder_ : tensor;
}

Node* SizeDecomposer::makeDim(Query& q, size_t k) {
  const TensorMeta* meta = tensorMeta(q.tensor);
  if (q.nodes.empty())
    q.nodes.assign(meta->rank(), nullptr);
  if (symSizeInt_.isNull())
    symSizeInt_ = g_.intern(kSymSizeInt);
  std::vector<Argument> args;
  args.push_back(Argument::node(q.tensor));
  args.push_back(Argument::integer(static_cast<int64_t>(k)));
  Node* n = g_.createNode(OpKind::CallFunction, "sym_size_int", symSizeInt_, std::move(args), {},
                          anchorFor(q.tensor)->next());
  n->setMeta(SymMeta{SymKind::Int, meta->sizes[k]});
  n->setLoc(q.query->loc());
  q.nodes[k] = n;
  ++created;
  return n;
}

void SizeDecomposer::makeAllDims(Query& q) {
  const TensorMeta* meta = tensorMeta(q.tensor);
  for (size_t k = 0; k < meta->rank(); ++k)
    if (!meta->sizes[k].isConstant())
      makeDim(q, k);
}

Argument SizeDecomposer::dimValue(Query& q, size_t k) {
  const TensorMeta* meta = tensorMeta(q.tensor);
  const SymExpr& e = meta->sizes[k];
  if (e.isConstant()) {
    ++folded;
    return Argument::integer(e.value());
  }
  if (q.nodes.empty() || !q.nodes[k])
    makeDim(q, k);
  return Argument::node(q.nodes[k]);
}

void SizeDecomposer::decomposeSizeValue(Query& q, Node* value, const std::vector<size_t>& dims) {
  for (Node* u : value->uniqueUsers()) {
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
        decomposeSizeValue(q, u, sub);
        continue;
      }
    }
    // Any other use: the dims, spliced in where the size was. A Tensor method
    // taking the size as its only argument, and taking sizes as varargs, gets
    // them as separate arguments, as vLLM does (`y.view(size)` ->
    // `y.view(s0, 64)`); elsewhere they stay one value: a list for a torch op,
    // a tuple otherwise.
    std::vector<Argument> items;
    for (size_t k : dims)
      items.push_back(dimValue(q, k));
    bool spread = u->op() == OpKind::CallMethod && takesSizeVarargs(u->target().str()) &&
                  u->args().size() == 2 && u->args()[1].isNode() && u->args()[1].getNode() == value;
    std::vector<Argument> args;
    for (const Argument& a : u->args()) {
      if (spread && a.isNode() && a.getNode() == value) {
        args.insert(args.end(), items.begin(), items.end());
        continue;
      }
      args.push_back(a);
    }
    Argument whole =
        u->isTorchOp() ? Argument::list(std::move(items)) : Argument::tuple(std::move(items));
    for (Argument& a : args)
      a = substitute(a, value, whole);
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
  if (!meta || !usesTakeDims(query) || sizesMayChangeBefore(x, query))
    return;
  Query q{x, query, {}};
  makeAllDims(q);
  std::vector<size_t> dims(meta->rank());
  for (size_t k = 0; k < dims.size(); ++k)
    dims[k] = k;
  decomposeSizeValue(q, query, dims);
  ++queries;
}

void SizeDecomposer::decomposeOne(Node* query, const Argument& dimArg) {
  Node* x = tensorOf(*query);
  const TensorMeta* meta = tensorMeta(x);
  if (!meta || !dimArg.isInt())
    return;
  std::optional<size_t> k = normalizeDim(dimArg.getInt(), meta->rank());
  if (!k || sizesMayChangeBefore(x, query))
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
      else if (!options_.singleDimQueries)
        continue;
      else if (q->args().size() == 2 && q->kwargs().empty())
        decomposeOne(q, q->args()[1]);
      else if (q->args().size() == 1 && q->kwargs().size() == 1 && dimKw)
        decomposeOne(q, *dimKw);
      continue;
    }
    if (q->target().str() == kSymSizeInt) {
      if (!options_.singleDimQueries)
        continue;
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
  SizeDecomposer d(graph, ctx, options_);
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
