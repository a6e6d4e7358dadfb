//===- StorageAnalysis.cpp - Which values share memory --------------------===//

#include "piecewise/lifetime/StorageAnalysis.h"

#include "piecewise/ir/Target.h"
#include "piecewise/partition/ValueKind.h"

#include <numeric>
#include <unordered_map>

namespace piecewise {

namespace {

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
  void unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[std::max(a, b)] = std::min(a, b);
  }
};

bool isFreshMultiOutputHop(std::string_view t) {
  return t == "higher_order::auto_functionalized" || t == "higher_order::auto_functionalized_v2";
}

/// The argument passed for schema argument `k`, or nullptr.
const Argument* schemaArgument(const Node& n, const FunctionSchema& s, size_t k) {
  if (k < n.args().size() && !s.arguments[k].kwargOnly)
    return &n.args()[k];
  return n.kwarg(s.arguments[k].name);
}

bool sharesSet(const AliasInfo& a, const AliasInfo& b) {
  for (const std::string& x : a.beforeSets)
    for (const std::string& y : b.beforeSets)
      if (x == y && x != "*")
        return true;
  return false;
}

} // namespace

StorageAnalysis::StorageAnalysis(const NodeNumbering& num, const OpRegistry* registry) {
  const size_t n = num.size();
  UnionFind uf(n);
  writes_.assign(n, 0);
  tensorLike_.assign(n, 0);
  // Per node: does its getitem share its storage (1) or get a fresh one (0)?
  std::vector<uint8_t> elementsAlias(n, 1);
  std::unordered_map<const char*, const FunctionSchema*> schemas;
  auto schemaOf = [&](const Node* node) -> const FunctionSchema* {
    if (!registry || !node->isCallFunction() || !isOpTarget(node->target().str()))
      return nullptr;
    auto [it, inserted] = schemas.try_emplace(node->target().data(), nullptr);
    if (inserted)
      it->second = registry->lookup(node->target().str());
    return it->second;
  };

  for (uint32_t i = 0; i < n; ++i) {
    const Node* node = num.node(i);
    if (node->isOutput())
      continue;
    ValueKind kind = classifyValue(*node, registry);
    bool tensorish =
        kind == ValueKind::Tensor || kind == ValueKind::Tuple || kind == ValueKind::Opaque;
    tensorLike_[i] = tensorish;
    if (node->isPlaceholder() || node->op() == OpKind::GetAttr)
      continue;
    auto tensorInputs = [&](auto&& fn) {
      node->forEachInput([&](const Node* in) {
        uint32_t j = num.lookup(in);
        if (j != NodeNumbering::kAbsent && tensorLike_[j])
          fn(j);
      });
    };
    if (node->isGetItem()) {
      const Node* src =
          node->args().empty() || !node->args()[0].isNode() ? nullptr : node->args()[0].getNode();
      uint32_t j = src ? num.lookup(src) : NodeNumbering::kAbsent;
      if (j != NodeNumbering::kAbsent && elementsAlias[j] && tensorish)
        uf.unite(i, j);
      continue;
    }
    std::string_view t = node->target().str();
    if (node->isCallFunction() && isFreshMultiOutputHop(t)) {
      elementsAlias[i] = 0;
      continue;
    }
    const FunctionSchema* s = schemaOf(node);
    if (!s) {
      // Opaque: may alias and write its tensor inputs. Python operators on
      // SymInts and sizes produce no tensor memory.
      if (!tensorish)
        continue;
      bool opaqueWrite =
          node->op() == OpKind::CallModule || (node->isCallFunction() && isOpTarget(t));
      tensorInputs([&](uint32_t j) {
        uf.unite(i, j);
        if (opaqueWrite)
          writes_[i] = 1;
      });
      continue;
    }
    bool anyAliasedReturn = false;
    for (const SchemaArgument& r : s->returns)
      if (r.alias)
        anyAliasedReturn = true;
    if (s->returns.size() > 1 || (s->returns.size() == 1 && s->returns[0].isList()))
      elementsAlias[i] = anyAliasedReturn;
    for (size_t k = 0; k < s->arguments.size(); ++k) {
      const SchemaArgument& a = s->arguments[k];
      if (!a.alias)
        continue;
      const Argument* value = schemaArgument(*node, *s, k);
      if (!value)
        continue;
      bool flowsOut = false;
      for (const std::string& after : a.alias->afterSets)
        if (after == "*")
          flowsOut = true;
      for (const SchemaArgument& r : s->returns)
        if (r.alias && sharesSet(*a.alias, *r.alias))
          flowsOut = true;
      if (a.alias->isWrite)
        writes_[i] = 1;
      if (!flowsOut)
        continue;
      value->forEachNode([&](const Node* in) {
        uint32_t j = num.lookup(in);
        if (j != NodeNumbering::kAbsent)
          uf.unite(i, j);
      });
    }
  }

  storage_.assign(n, 0);
  std::vector<uint32_t> dense(n, ~0u);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t r = uf.find(i);
    if (dense[r] == ~0u)
      dense[r] = static_cast<uint32_t>(numStorages_++);
    storage_[i] = dense[r];
  }
}

} // namespace piecewise
