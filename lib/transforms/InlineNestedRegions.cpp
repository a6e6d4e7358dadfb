//===- InlineNestedRegions.cpp - invoke_subgraph calls inlined ------------===//
//
// One worklist over the graph's region calls, in graph order; the calls a
// copied region brings are put first, so nested regions are inlined (or
// left) as they come. Whether a region holds an accepted node is memoized per
// module. Every check of a call happens before its graph is touched, so a
// call that cannot be inlined is reported and left as it was.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/InlineNestedRegions.h"

#include "TransformUtils.h"

#include <deque>
#include <fmt/format.h>
#include <unordered_map>

namespace piecewise {

namespace {

bool isRegionCall(const Node& n) {
  return n.isCallFunction() && n.target().str() == kInvokeSubgraphTarget;
}

/// The get_attr node a region call reads its region from, or nullptr.
const Node* regionRef(const Node& call) {
  if (call.args().empty() || !call.args()[0].isNode())
    return nullptr;
  const Node* ref = call.args()[0].getNode();
  return ref->op() == OpKind::GetAttr ? ref : nullptr;
}

/// The module a region call of a graph of `owner` invokes, or nullptr.
const Module* regionOf(const Node& call, const Module& owner) {
  const Node* ref = regionRef(call);
  return ref ? owner.resolve(ref->target().str()) : nullptr;
}

/// `a` with each node reference replaced by what `env` maps it to.
Argument remap(const Argument& a, const std::unordered_map<const Node*, Argument>& env) {
  if (a.isNode())
    return env.at(a.getNode());
  if (!a.hasElements())
    return a;
  std::vector<Argument> items;
  items.reserve(a.elements().size());
  for (const Argument& e : a.elements())
    items.push_back(remap(e, env));
  return Argument::withSameKind(a, std::move(items));
}

class Inliner {
public:
  Inliner(Graph& graph, const Module& owner, const InlineNestedRegionsOptions& options,
          DiagnosticEngine& diag)
      : graph_(graph), owner_(owner), options_(options), diag_(diag) {}

  FailureOr<size_t> run();

private:
  bool holds(const Module& region);
  /// The error for `call`; returns failure().
  LogicalResult fail(const Node& call, std::string_view why);
  /// Checks that `call` can be inlined exactly (nothing is changed when not).
  LogicalResult check(const Node& call, const Module& region);
  /// Replaces `call` by a copy of `region`'s graph; appends the region calls
  /// the copy holds to `copied`.
  void inlineCall(Node* call, const Module& region, std::vector<Node*>& copied);

  Graph& graph_;
  const Module& owner_;
  const InlineNestedRegionsOptions& options_;
  DiagnosticEngine& diag_;
  std::unordered_map<const Module*, bool> holds_;
};

bool Inliner::holds(const Module& region) {
  if (!options_.holds)
    return true;
  auto [it, inserted] = holds_.try_emplace(&region, false);
  if (!inserted)
    return it->second;
  bool found = false;
  for (const Node* n : region.graph()) {
    if (options_.holds(*n)) {
      found = true;
      break;
    }
    if (isRegionCall(*n))
      if (const Module* inner = regionOf(*n, region); inner && holds(*inner)) {
        found = true;
        break;
      }
  }
  holds_[&region] = found;
  return found;
}

LogicalResult Inliner::fail(const Node& call, std::string_view why) {
  diag_.error(call.loc(), fmt::format("cannot inline the nested compile region that '{}' calls: {}",
                                      call.name().str(), why));
  return failure();
}

LogicalResult Inliner::check(const Node& call, const Module& region) {
  if (!call.kwargs().empty())
    return fail(call, "the call has keyword arguments");
  const Graph& rg = region.graph();
  size_t operands = call.args().size() < 2 ? 0 : call.args().size() - 2;
  size_t inputs = rg.placeholders().size();
  if (call.args().size() < 2 || operands != inputs)
    return fail(call, fmt::format("it passes {} operand{} to a region with {} input{}", operands,
                                  operands == 1 ? "" : "s", inputs, inputs == 1 ? "" : "s"));
  const Node* out = rg.outputNode();
  if (!out || out->args().size() != 1 || !out->args()[0].isSequence())
    return fail(call, fmt::format("region '{}' does not return a tuple", region.className()));
  auto results = static_cast<int64_t>(out->args()[0].elements().size());
  for (const Node* user : call.uniqueUsers()) {
    const std::vector<Argument>& a = user->args();
    bool read = user->isGetItem() && a.size() == 2 && user->kwargs().empty() && a[0].isNode() &&
                a[0].getNode() == &call && a[1].isInt() && a[1].getInt() >= -results &&
                a[1].getInt() < results;
    if (!read)
      return fail(call, fmt::format("its result is used by '{}', not only read by a getitem at "
                                    "a constant index",
                                    user->name().str()));
  }
  return success();
}

void Inliner::inlineCall(Node* call, const Module& region, std::vector<Node*>& copied) {
  const Graph& rg = region.graph();
  const Node* ref = regionRef(*call);
  std::string prefix = std::string(ref->target().str()) + ".";
  std::unordered_map<const Node*, Argument> env;
  size_t k = 2;
  for (const Node* p : rg.placeholders())
    env.emplace(p, call->args()[k++]);
  for (const Node* n : rg) {
    if (n->isPlaceholder() || n->isOutput())
      continue;
    Symbol target = n->op() == OpKind::GetAttr
                        ? graph_.intern(prefix + std::string(n->target().str()))
                        : n->target();
    std::vector<Argument> args;
    args.reserve(n->args().size());
    for (const Argument& a : n->args())
      args.push_back(remap(a, env));
    std::vector<KwArg> kwargs;
    kwargs.reserve(n->kwargs().size());
    for (const KwArg& kw : n->kwargs())
      kwargs.push_back(KwArg{kw.name, remap(kw.value, env)});
    Node* c =
        graph_.createNode(n->op(), n->name(), target, std::move(args), std::move(kwargs), call);
    c->setMeta(n->meta());
    c->setLoc(n->loc());
    c->setProvenance(n->provenance());
    env.emplace(n, Argument::node(c));
    if (isRegionCall(*c))
      copied.push_back(c);
  }
  const std::vector<Argument>& results = rg.outputNode()->args()[0].elements();
  auto count = static_cast<int64_t>(results.size());
  for (Node* user : call->uniqueUsers()) {
    int64_t i = user->args()[1].getInt();
    transforms::replaceAllUsesWithValue(graph_, user, remap(results[i < 0 ? i + count : i], env));
    graph_.erase(user);
  }
  Node* refNode = call->args()[0].getNode();
  graph_.erase(call);
  if (!refNode->hasUsers())
    graph_.erase(refNode);
}

FailureOr<size_t> Inliner::run() {
  std::deque<Node*> work;
  for (Node* n : graph_.findNodes(OpKind::CallFunction, graph_.intern(kInvokeSubgraphTarget)))
    work.push_back(n);
  size_t inlined = 0;
  bool ok = true;
  while (!work.empty()) {
    Node* call = work.front();
    work.pop_front();
    const Module* region = regionOf(*call, owner_);
    if (!region || !holds(*region))
      continue;
    if (failed(check(*call, *region))) {
      ok = false;
      continue;
    }
    std::vector<Node*> copied;
    inlineCall(call, *region, copied);
    ++inlined;
    work.insert(work.begin(), copied.begin(), copied.end());
  }
  if (!ok)
    return failure();
  return inlined;
}

} // namespace

FailureOr<size_t> inlineNestedRegions(Graph& graph, const Module& owner,
                                      const InlineNestedRegionsOptions& options,
                                      DiagnosticEngine& diag) {
  return Inliner(graph, owner, options, diag).run();
}

FailureOr<bool> InlineNestedRegionsPass::run(Graph& graph, PassContext& ctx) {
  if (!ctx.module() || &ctx.module()->graph() != &graph)
    return false;
  FailureOr<size_t> inlined = inlineNestedRegions(graph, *ctx.module(), options_, ctx.diag());
  if (failed(inlined))
    return failure();
  if (*inlined)
    ctx.stat("regions inlined", static_cast<int64_t>(*inlined));
  return *inlined > 0;
}

} // namespace piecewise
