//===- SplitCoalescing.cpp - Slice partitions and duplicate splits --------===//
//
// Phase 1 visits the slice nodes through the graph index once, groups the
// candidates by (source, dim) in a hash map and rewrites each complete group;
// phase 2 visits the split nodes once with a hash map keyed by (source, dim,
// sizes). Both are linear in the number of slices/splits and their users.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/SplitCoalescing.h"

#include "TransformUtils.h"

#include <algorithm>
#include <unordered_map>

namespace piecewise {

using namespace transforms;

namespace {

constexpr std::string_view kSlice = "aten::slice.Tensor";
constexpr std::string_view kSplit = "aten::split_with_sizes.default";
constexpr std::string_view kGetItem = "operator.getitem";

struct SliceCandidate {
  Node* node;
  int64_t start;
  int64_t end;
};

struct SliceGroup {
  Node* source;
  size_t dim;
  int64_t extent;
  std::vector<SliceCandidate> slices;
};

struct GroupKeyHash {
  size_t operator()(const std::pair<Node*, size_t>& k) const {
    return hashCombine(reinterpret_cast<uintptr_t>(k.first), k.second);
  }
};

enum SliceArg : size_t { kSelf, kDim, kStart, kEnd, kStep };

/// Whether `n` is a slice the first phase may rewrite; fills the group key and bounds.
bool matchSlice(Node* n, ArgReader& args, Node*& source, size_t& dim, int64_t& extent,
                SliceCandidate& out) {
  std::optional<Argument> self = args.get(*n, kSelf);
  if (!self || !self->isNode())
    return false;
  source = self->getNode();
  const TensorMeta* src = tensorMeta(source);
  const TensorMeta* res = tensorMeta(n);
  if (!src || !res)
    return false;

  std::optional<Argument> dimArg = args.get(*n, kDim);
  std::optional<int64_t> d = dimArg ? constantInt(*dimArg) : std::nullopt;
  std::optional<size_t> nd = d ? normalizeDim(*d, src->rank()) : std::nullopt;
  if (!nd)
    return false;
  dim = *nd;
  if (!src->sizes[dim].isConstant())
    return false;
  extent = src->sizes[dim].value();

  std::optional<Argument> stepArg = args.get(*n, kStep);
  std::optional<int64_t> step = stepArg ? constantInt(*stepArg) : std::nullopt;
  if (step != 1)
    return false;

  std::optional<Argument> startArg = args.get(*n, kStart);
  std::optional<Argument> endArg = args.get(*n, kEnd);
  if (!startArg || !endArg)
    return false;
  int64_t start = 0, end = extent;
  if (!startArg->isNone()) {
    std::optional<int64_t> s = constantInt(*startArg);
    if (!s || *s < 0)
      return false;
    start = *s;
  }
  if (!endArg->isNone()) {
    std::optional<int64_t> e = constantInt(*endArg);
    if (!e || *e < 0)
      return false;
    end = std::min(*e, extent);
  }
  if (start >= end)
    return false;

  if (res->rank() != src->rank() || res->dtype != src->dtype || res->device != src->device)
    return false;
  for (size_t i = 0; i < src->rank(); ++i) {
    SymExpr want = i == dim ? SymExpr::constant(end - start) : src->sizes[i];
    if (res->sizes[i] != want)
      return false;
  }
  out = {n, start, end};
  return true;
}

/// Phase 1. Returns the number of partitions rewritten.
int64_t coalesceSlicePartitions(Graph& g, PassContext& ctx) {
  std::vector<Node*> slices = findCalls(g, kSlice);
  if (slices.size() < 2)
    return 0;
  // Every node found has the same target, hence the same schema.
  const FunctionSchema* schema = argumentSchema(ctx, *slices.front());
  if (!schema)
    return 0;
  ArgReader args(*schema, g, {"self", "dim", "start", "end", "step"});
  std::unordered_map<std::pair<Node*, size_t>, size_t, GroupKeyHash> index;
  std::vector<SliceGroup> groups;
  for (Node* n : slices) {
    Node* source = nullptr;
    size_t dim = 0;
    int64_t extent = 0;
    SliceCandidate c{};
    if (!matchSlice(n, args, source, dim, extent, c))
      continue;
    auto [it, inserted] = index.try_emplace({source, dim}, groups.size());
    if (inserted)
      groups.push_back({source, dim, extent, {}});
    groups[it->second].slices.push_back(c);
  }

  // Groups were created in the graph order of their earliest slice; rewriting
  // them in that order gives new names in graph order. Nesting needs no special
  // order: a slice turns into its getitem in place (same node), so an inner
  // group's source stays valid and the inner split reads the outer getitem.
  std::vector<SliceGroup*> order;
  for (SliceGroup& grp : groups)
    if (grp.slices.size() >= 2)
      order.push_back(&grp);

  Symbol splitTarget, getItemTarget;
  int64_t rewritten = 0;
  for (SliceGroup* grp : order) {
    std::vector<SliceCandidate>& s = grp->slices;
    // Still in graph order here: the getitems are named in that order below.
    std::vector<Node*> inGraphOrder;
    inGraphOrder.reserve(s.size());
    for (const SliceCandidate& c : s)
      inGraphOrder.push_back(c.node);
    std::sort(s.begin(), s.end(), [](const SliceCandidate& a, const SliceCandidate& b) {
      return a.start != b.start ? a.start < b.start : a.end < b.end;
    });
    bool tiles = s.front().start == 0 && s.back().end == grp->extent;
    for (size_t i = 1; i < s.size() && tiles; ++i)
      tiles = s[i].start == s[i - 1].end;
    if (!tiles)
      continue;

    if (splitTarget.isNull()) {
      splitTarget = g.intern(kSplit);
      getItemTarget = g.intern(kGetItem);
    }
    Node* earliest = s.front().node;
    std::vector<Argument> sizes;
    std::vector<Meta> metas;
    sizes.reserve(s.size());
    metas.reserve(s.size());
    for (const SliceCandidate& c : s) {
      if (g.isBefore(c.node, earliest))
        earliest = c.node;
      sizes.push_back(Argument::integer(c.end - c.start));
      metas.push_back(c.node->meta());
    }
    size_t rank = tensorMeta(grp->source)->rank();
    int64_t dimArg = grp->dim + 1 == rank ? -1 : static_cast<int64_t>(grp->dim);
    std::vector<Argument> args;
    args.push_back(Argument::node(grp->source));
    args.push_back(Argument::list(std::move(sizes)));
    args.push_back(Argument::integer(dimArg));
    Node* split = g.createNode(OpKind::CallFunction, "split_with_sizes", splitTarget,
                               std::move(args), {}, earliest);
    split->setMeta(Meta::list(std::move(metas)));
    split->setLoc(earliest->loc());
    // Each slice becomes its getitem in place: same position, meta, location
    // and users; only target, arguments and name change.
    for (size_t i = 0; i < s.size(); ++i) {
      Node* slice = s[i].node;
      std::vector<Argument> gargs;
      gargs.push_back(Argument::node(split));
      gargs.push_back(Argument::integer(static_cast<int64_t>(i)));
      g.setTarget(slice, getItemTarget);
      g.setArgs(slice, std::move(gargs));
      if (!slice->kwargs().empty())
        g.setKwargs(slice, {});
    }
    for (Node* item : inGraphOrder)
      g.rename(item, "getitem");
    ++rewritten;
  }
  return rewritten;
}

struct SplitInfo {
  Node* source;
  size_t dim;
  Argument sizes;
  size_t numOutputs;
};

/// Reads a split phase 2 may merge: every user an integer getitem of it, a
/// source node, a list of sizes and a dim that normalizes.
std::optional<SplitInfo> matchSplit(Node* n, ArgReader& args) {
  for (Node* u : n->users()) {
    if (!u->isGetItem() || u->args().size() != 2 || !u->kwargs().empty() ||
        !u->args()[0].isNode() || u->args()[0].getNode() != n || !u->args()[1].isInt())
      return std::nullopt;
  }
  std::optional<Argument> self = args.get(*n, 0);
  std::optional<Argument> sizes = args.get(*n, 1);
  std::optional<Argument> dimArg = args.get(*n, 2);
  if (!self || !self->isNode() || !sizes || !sizes->isSequence() || !dimArg)
    return std::nullopt;
  std::optional<int64_t> d = constantInt(*dimArg);
  if (!d)
    return std::nullopt;
  size_t dim;
  if (*d >= 0) {
    dim = static_cast<size_t>(*d);
  } else {
    std::optional<size_t> rank;
    if (const TensorMeta* t = tensorMeta(self->getNode()))
      rank = t->rank();
    else if (const std::vector<Meta>* outs = n->meta().list();
             outs && !outs->empty() && outs->front().tensor())
      rank = outs->front().tensor()->rank();
    std::optional<size_t> nd = rank ? normalizeDim(*d, *rank) : std::nullopt;
    if (!nd)
      return std::nullopt;
    dim = *nd;
  }
  // Lists and tuples of the same sizes are the same split.
  Argument list = Argument::list(sizes->elements());
  size_t numOutputs = list.elements().size();
  return SplitInfo{self->getNode(), dim, std::move(list), numOutputs};
}

/// Merges the getitems of `split` that read the same index into the earliest.
int64_t foldGetItems(Graph& g, Node* split, size_t numOutputs) {
  const UseList& users = split->users();
  if (users.size() < 2)
    return 0;
  // Most splits read each index once: check that before sorting anything.
  std::vector<uint8_t> seen(numOutputs + 1, 0);
  bool repeated = false;
  for (Node* u : users) {
    int64_t idx = u->args()[1].getInt();
    if (idx < 0)
      idx += static_cast<int64_t>(numOutputs);
    size_t slot =
        idx < 0 || static_cast<size_t>(idx) >= numOutputs ? numOutputs : static_cast<size_t>(idx);
    repeated |= seen[slot] && slot != numOutputs;
    seen[slot] = 1;
  }
  if (!repeated)
    return 0;
  std::vector<Node*> items = split->uniqueUsers(); // graph order
  std::vector<Node*> first(numOutputs, nullptr);
  int64_t folded = 0;
  for (Node* item : items) {
    int64_t idx = item->args()[1].getInt();
    if (idx < 0)
      idx += static_cast<int64_t>(numOutputs);
    if (idx < 0 || static_cast<size_t>(idx) >= numOutputs)
      continue; // out of range: the verifier's business, not ours
    Node*& kept = first[static_cast<size_t>(idx)];
    if (!kept) {
      kept = item;
      continue;
    }
    g.replaceAllUsesWith(item, kept);
    g.erase(item);
    ++folded;
  }
  return folded;
}

struct SplitKeyHash {
  size_t operator()(const SplitInfo* s) const {
    return hashCombine(hashCombine(reinterpret_cast<uintptr_t>(s->source), s->dim),
                       hashArgument(s->sizes));
  }
};
struct SplitKeyEq {
  bool operator()(const SplitInfo* a, const SplitInfo* b) const {
    return a->source == b->source && a->dim == b->dim && a->sizes == b->sizes;
  }
};

/// Phase 2. Returns {splits merged, getitems merged}.
std::pair<int64_t, int64_t> coalesceEquivalentSplits(Graph& g, PassContext& ctx) {
  std::vector<Node*> splits = findCalls(g, kSplit);
  if (splits.empty())
    return {0, 0};
  const FunctionSchema* schema = argumentSchema(ctx, *splits.front());
  if (!schema)
    return {0, 0};
  ArgReader args(*schema, g, {"self", "split_sizes", "dim"});
  std::vector<std::pair<Node*, SplitInfo>> eligible;
  eligible.reserve(splits.size());
  for (Node* n : splits)
    if (std::optional<SplitInfo> info = matchSplit(n, args))
      eligible.emplace_back(n, std::move(*info));

  std::unordered_map<const SplitInfo*, Node*, SplitKeyHash, SplitKeyEq> earliest;
  std::vector<std::pair<Node*, size_t>> kept;
  int64_t merged = 0;
  for (auto& [n, info] : eligible) {
    auto [it, inserted] = earliest.try_emplace(&info, n);
    if (inserted) {
      kept.emplace_back(n, info.numOutputs);
      continue;
    }
    g.replaceAllUsesWith(n, it->second);
    g.erase(n);
    ++merged;
  }
  int64_t folded = 0;
  for (auto& [n, numOutputs] : kept)
    folded += foldGetItems(g, n, numOutputs);
  return {merged, folded};
}

} // namespace

FailureOr<bool> SplitCoalescingPass::run(Graph& graph, PassContext& ctx) {
  int64_t partitions = coalesceSlicePartitions(graph, ctx);
  auto [merged, folded] = coalesceEquivalentSplits(graph, ctx);
  if (partitions)
    ctx.stat("slice partitions canonicalized", partitions);
  if (merged)
    ctx.stat("splits coalesced", merged);
  if (folded)
    ctx.stat("duplicate getitems merged", folded);
  return partitions + merged + folded > 0;
}

} // namespace piecewise
