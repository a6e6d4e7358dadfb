#include "piecewise/partition/SymIntRematerialization.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

namespace {

/// The most nodes copied for one input.
constexpr size_t kMaxChain = 16;

/// How a pure integer op reads its operands.
enum class IntOp : uint8_t {
  None,       ///< not one
  Arithmetic, ///< every node operand is an integer
  SizeOf,     ///< the first operand is a tensor (read, never copied), the rest literals
};

IntOp intOpKind(const Node& n) {
  std::string_view t = n.target().str();
  if (n.op() == OpKind::CallMethod)
    return t == "size" && n.args().size() == 2 && n.args()[1].isInt() && n.kwargs().empty()
               ? IntOp::SizeOf
               : IntOp::None;
  if (!n.isCallFunction() || !n.kwargs().empty())
    return IntOp::None;
  static constexpr std::array<std::string_view, 12> kArithmetic = {
      "operator.add", "operator.sub",  "operator.mul",  "operator.floordiv",
      "operator.mod", "operator.neg",  "operator.pos",  "operator.pow",
      "operator.abs", "torch.sym_max", "torch.sym_min", "torch.sym_sum"};
  if (std::find(kArithmetic.begin(), kArithmetic.end(), t) != kArithmetic.end())
    return IntOp::Arithmetic;
  static constexpr std::array<std::string_view, 5> kSizeOf = {
      "aten::sym_size.int", "aten::sym_stride.int", "aten::sym_numel", "aten::sym_numel.default",
      "aten::sym_storage_offset.default"};
  if (std::find(kSizeOf.begin(), kSizeOf.end(), t) != kSizeOf.end())
    return IntOp::SizeOf;
  return IntOp::None;
}

/// A literal operand an integer op may take.
bool isIntLiteral(const Argument& a) {
  return a.kind() == Argument::Kind::Int || a.kind() == Argument::Kind::Bool;
}

/// Whether `n`'s value is an integer: its meta says so, or (no meta) it is a
/// pure integer op of integers.
bool isIntValue(const Node& n, unsigned depth = 0) {
  const Meta& m = n.meta();
  if (const SymMeta* s = m.sym())
    return s->kind == SymKind::Int;
  if (!m.isNone() || depth > kMaxChain)
    return false;
  switch (intOpKind(n)) {
  case IntOp::None:
    return false;
  case IntOp::SizeOf:
    return true;
  case IntOp::Arithmetic:
    break;
  }
  for (const Argument& a : n.args()) {
    if (a.isNode()) {
      if (!isIntValue(*a.getNode(), depth + 1))
        return false;
    } else if (!isIntLiteral(a)) {
      return false;
    }
  }
  return true;
}

} // namespace

bool isPureIntArithmetic(const Node& node) {
  IntOp kind = intOpKind(node);
  if (kind == IntOp::None || !isIntValue(node))
    return false;
  for (size_t i = 0; i < node.args().size(); ++i) {
    const Argument& a = node.args()[i];
    if (kind == IntOp::SizeOf && i == 0) {
      if (!a.isNode())
        return false;
      continue;
    }
    if (a.isNode() ? !isIntValue(*a.getNode()) : !isIntLiteral(a))
      return false;
  }
  return true;
}

SymIntRematerializationStats rematerializeSymInts(Graph& graph, const PartitionPlan& plan) {
  SymIntRematerializationStats stats;
  const NodeNumbering& num = plan.numbering();
  // Per node number: the index+1 of the piece taking it as an input when the
  // stamp matches (scope test), reset per piece by the stamp.
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
      if (x->isPlaceholder() || x->op() == OpKind::GetAttr || !isPureIntArithmetic(*x))
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
      bool ok = true;
      auto visit = [&](auto&& self, Node* v) -> void {
        if (!ok || std::find(chain.begin(), chain.end(), v) != chain.end())
          return;
        if (auto c = copies.find(v); c != copies.end() && graph.isBefore(c->second, first))
          return;
        IntOp kind = intOpKind(*v);
        if (v->isPlaceholder() || v->op() == OpKind::GetAttr || !isPureIntArithmetic(*v) ||
            chain.size() >= kMaxChain) {
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
          if (kind == IntOp::SizeOf && i == 0) { // a tensor is read, never copied
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
    if (n->isErased() || n->hasUsers() || n->isPlaceholder() || !isPureIntArithmetic(*n))
      continue;
    std::vector<Node*> operands = n->inputs();
    graph.erase(n);
    ++stats.nodesErased;
    for (Node* o : operands)
      work.push_back(o);
  }
  return stats;
}

} // namespace piecewise
