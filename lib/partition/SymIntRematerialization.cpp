//===- SymIntRematerialization.cpp - Recompute SymInts inside pieces ------===//
//
// Copies the computation of a SymInt into each piece that can compute it from its own inputs
// (SymIntRematerialization.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/SymIntRematerialization.h"

#include "piecewise/analysis/Effects.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

namespace {

/// The most nodes copied for one input.
constexpr size_t kMaxChain = 16;

/// How a pure scalar op reads its operands.
enum class ScalarOp : uint8_t {
  None,       ///< not one
  Arithmetic, ///< every node operand is a scalar
  SizeOf,     ///< the first operand is a tensor (read, never copied), the rest literals
  Item,       ///< `t.item()` of a 0-d CPU tensor graph input (a lifted Python float)
};

ScalarOp scalarOpKind(const Node& n) {
  std::string_view t = n.target().str();
  if (n.op() == OpKind::CallMethod) {
    if (!n.kwargs().empty())
      return ScalarOp::None;
    if (t == "size" && n.args().size() == 2 && n.args()[1].isInt())
      return ScalarOp::SizeOf;
    if (t == "item" && n.args().size() == 1 && n.args()[0].isNode())
      return ScalarOp::Item;
    return ScalarOp::None;
  }
  if (!n.isCallFunction() || !n.kwargs().empty())
    return ScalarOp::None;
  static constexpr std::array<std::string_view, 15> kArithmetic = {
      "operator.add",  "operator.sub",  "operator.mul",  "operator.floordiv", "operator.mod",
      "operator.neg",  "operator.pos",  "operator.pow",  "operator.abs",      "operator.truediv",
      "torch.sym_max", "torch.sym_min", "torch.sym_sum", "torch._sym_sqrt",   "torch.sym_float"};
  if (std::find(kArithmetic.begin(), kArithmetic.end(), t) != kArithmetic.end())
    return ScalarOp::Arithmetic;
  static constexpr std::array<std::string_view, 5> kSizeOf = {
      "aten::sym_size.int", "aten::sym_stride.int", "aten::sym_numel", "aten::sym_numel.default",
      "aten::sym_storage_offset.default"};
  if (std::find(kSizeOf.begin(), kSizeOf.end(), t) != kSizeOf.end())
    return ScalarOp::SizeOf;
  return ScalarOp::None;
}

bool isLiteral(const Argument& a, bool floats) {
  return a.kind() == Argument::Kind::Int || a.kind() == Argument::Kind::Bool ||
         (floats && a.kind() == Argument::Kind::Double);
}

/// Whether `n`'s value is an integer (or, with `floats`, a float): its meta
/// says so, or (no meta) it is a pure op of such values.
bool isScalarValue(const Node& n, bool floats, unsigned depth = 0) {
  const Meta& m = n.meta();
  if (const SymMeta* s = m.sym())
    return s->kind == SymKind::Int || (floats && s->kind == SymKind::Float);
  if (!m.isNone() || depth > kMaxChain)
    return false;
  switch (scalarOpKind(n)) {
  case ScalarOp::None:
  case ScalarOp::Item: // its kind is known from its meta only
    return false;
  case ScalarOp::SizeOf:
    return true;
  case ScalarOp::Arithmetic:
    break;
  }
  for (const Argument& a : n.args()) {
    if (a.isNode()) {
      if (!isScalarValue(*a.getNode(), floats, depth + 1))
        return false;
    } else if (!isLiteral(a, floats)) {
      return false;
    }
  }
  // Without meta, a division or square root is a float: only when floats are asked for.
  std::string_view t = n.target().str();
  return floats || (t != "operator.truediv" && t != "torch._sym_sqrt" && t != "torch.sym_float");
}

/// A 0-d CPU tensor graph input: reading it with `.item()` is a Python float
/// Dynamo lifted (no device sync, the same value in every piece).
bool isLiftedScalarInput(const Node& n) {
  const TensorMeta* t = n.meta().tensor();
  return n.isPlaceholder() && t && t->rank() == 0 && t->device.str() == "cpu";
}

/// Whether `node` computes a scalar from literals and operands the way the
/// header comment allows (`floats`: SymFloats too).
bool isPureScalar(const Node& node, bool floats) {
  ScalarOp kind = scalarOpKind(node);
  if (kind == ScalarOp::None || !isScalarValue(node, floats))
    return false;
  if (kind == ScalarOp::Item)
    return floats && isLiftedScalarInput(*node.args()[0].getNode());
  for (size_t i = 0; i < node.args().size(); ++i) {
    const Argument& a = node.args()[i];
    if (kind == ScalarOp::SizeOf && i == 0) {
      if (!a.isNode())
        return false;
      continue;
    }
    if (a.isNode() ? !isScalarValue(*a.getNode(), floats) : !isLiteral(a, floats))
      return false;
  }
  return true;
}

} // namespace

bool isPureIntArithmetic(const Node& node) {
  return isPureScalar(node, /*floats=*/false);
}

bool isPureScalarComputation(const Node& node) {
  return isPureScalar(node, /*floats=*/true);
}

SymIntRematerializationStats rematerializeSymInts(Graph& graph, const PartitionPlan& plan,
                                                  const OpRegistry* registry) {
  SymIntRematerializationStats stats;
  EffectAnalysis effects(registry);
  // Whether a size read may give another value elsewhere: its tensor is
  // written by a node that may change sizes (`t_`, `resize_`, no schema); or
  // an `.item()` read: its tensor has other users.
  auto sizeMayChange = [&](const Node& v) {
    ScalarOp kind = scalarOpKind(v);
    if (kind == ScalarOp::Item && !v.args().empty() && v.args()[0].isNode()) {
      // `t.item()` reads t's value: neither copied nor moved when anything but
      // `.item()` uses t (an `add_`, a view that may be written): it could
      // then read another value (a lifted float is read by `.item()` alone).
      for (const Node* u : v.args()[0].getNode()->users())
        if (scalarOpKind(*u) != ScalarOp::Item)
          return true;
      return false;
    }
    if (kind != ScalarOp::SizeOf || v.args().empty() || !v.args()[0].isNode())
      return false;
    const Node* tensor = v.args()[0].getNode();
    bool changes = false;
    for (Node* u : tensor->users()) {
      if (changes || scalarOpKind(*u) == ScalarOp::SizeOf)
        continue;
      const NodeEffects& e = effects.of(*u);
      if (e.writes == WriteKind::None || e.keepsSizes)
        continue;
      effects.forEachWritten(*u, [&](const Node* w) { changes |= w == tensor; });
    }
    return changes;
  };
  const NodeNumbering& num = plan.numbering();
  // Per node number: `stamp` when the node is an input of the piece at hand.
  std::vector<uint32_t> inputStamp(num.size(), 0);
  std::vector<Node*> rematerialized; // originals whose users moved to copies
  uint32_t stamp = 0;

  for (size_t pi = 0; pi < plan.pieces().size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    if (piece.isSplitting())
      continue;
    ++stamp;
    for (const Node* in : piece.inputs)
      if (uint32_t i = num.lookup(in); i != NodeNumbering::kAbsent)
        inputStamp[i] = stamp;
    const auto self = static_cast<int32_t>(pi);
    // Copies made for this piece, by original (reused when placed early enough).
    std::unordered_map<const Node*, Node*> copies;

    for (Node* x : piece.inputs) {
      if (x->isPlaceholder() || x->op() == OpKind::GetAttr || !isPureScalarComputation(*x))
        continue;
      // X's first user in the piece: the copies go right before it.
      Node* first = nullptr;
      uint32_t firstNumber = NodeNumbering::kAbsent;
      for (Node* u : x->users()) {
        uint32_t k = num.lookup(u);
        if (k != NodeNumbering::kAbsent && plan.pieceIndexAt(k) == self &&
            (first == nullptr || k < firstNumber)) {
          first = u;
          firstNumber = k;
        }
      }
      if (first == nullptr)
        continue;
      // A value the piece has at `first`: an input (but X), or its own node before it.
      auto available = [&](const Node* v) {
        uint32_t k = num.lookup(v);
        if (k == NodeNumbering::kAbsent)
          return false;
        if (v != x && inputStamp[k] == stamp)
          return true;
        return plan.pieceIndexAt(k) == self && k < firstNumber;
      };
      // The nodes to copy, operands first (post-order); fails on anything else.
      std::vector<Node*> chain;
      const Node* added = nullptr; // a lifted float input the copy takes instead of X
      bool ok = true;
      auto visit = [&](auto&& self, Node* v) -> void {
        if (!ok || std::find(chain.begin(), chain.end(), v) != chain.end())
          return;
        if (auto c = copies.find(v); c != copies.end() && graph.isBefore(c->second, first))
          return;
        ScalarOp kind = scalarOpKind(*v);
        if (v->isPlaceholder() || v->op() == OpKind::GetAttr || !isPureScalarComputation(*v) ||
            sizeMayChange(*v) || chain.size() >= kMaxChain) {
          ok = false;
          return;
        }
        for (size_t i = 0; i < v->args().size() && ok; ++i) {
          const Argument& a = v->args()[i];
          if (!a.isNode())
            continue;
          Node* operand = a.getNode();
          if (available(operand))
            continue;
          if (kind == ScalarOp::Item && (added == nullptr || added == operand)) {
            added = operand; // one input for one: the piece takes no more inputs
            continue;
          }
          if (kind != ScalarOp::Arithmetic) { // a tensor is read, never copied
            ok = false;
            return;
          }
          self(self, operand);
        }
        if (ok)
          chain.push_back(v);
      };
      visit(visit, x);
      if (!ok)
        continue;

      auto mapped = [&](const Argument& a) -> Argument {
        if (!a.isNode())
          return a;
        auto c = copies.find(a.getNode());
        if (c != copies.end() && graph.isBefore(c->second, first))
          return Argument::node(c->second);
        return a;
      };
      for (Node* v : chain) {
        std::vector<Argument> args;
        args.reserve(v->args().size());
        for (const Argument& a : v->args())
          args.push_back(mapped(a));
        Node* copy = graph.createNode(v->op(), v->name(), v->target(), std::move(args), {}, first);
        copy->setMeta(v->meta());
        copy->setLoc(v->loc());
        copy->setProvenance(v->provenance());
        copies[v] = copy;
        ++stats.nodesCopied;
      }
      Node* replacement = copies.at(x);
      graph.replaceUsesIf(x, replacement, [&](Node* user) {
        uint32_t k = num.lookup(user);
        return k != NodeNumbering::kAbsent && plan.pieceIndexAt(k) == self;
      });
      rematerialized.push_back(x);
      ++stats.inputsRemoved;
    }
  }

  // Computations nothing reads any more (pure, so nothing is lost), users first.
  std::vector<Node*> work = rematerialized;
  while (!work.empty()) {
    Node* n = work.back();
    work.pop_back();
    if (n->isErased() || n->hasUsers() || n->isPlaceholder() || !isPureScalarComputation(*n))
      continue;
    std::vector<Node*> operands = n->inputs();
    graph.erase(n);
    ++stats.nodesErased;
    for (Node* o : operands)
      work.push_back(o);
  }

  // One place for a computation in every piece: right before its first user,
  // where the copies are (a layer that computed the value for the later ones
  // computed it where it first needed it, or earlier).
  for (size_t pi = 0; pi < plan.pieces().size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    if (piece.isSplitting())
      continue;
    const auto self = static_cast<int32_t>(pi);
    for (auto it = piece.nodes.rbegin(); it != piece.nodes.rend(); ++it) {
      Node* n = *it;
      if (n->isErased() || !n->hasUsers() || !isPureScalarComputation(*n) || sizeMayChange(*n))
        continue;
      Node* first = nullptr;
      bool local = true;
      for (Node* u : n->users()) {
        uint32_t k = num.lookup(u);
        if (k == NodeNumbering::kAbsent || plan.pieceIndexAt(k) != self) {
          local = false;
          break;
        }
        if (first == nullptr || graph.isBefore(u, first))
          first = u;
      }
      if (local && n->next() != first) {
        graph.moveBefore(n, first);
        ++stats.nodesMoved;
      }
    }
  }
  return stats;
}

} // namespace piecewise
