//===- PartitionPlan.cpp - A graph cut into ordered pieces ----------------===//
//
// Pieces, their inputs and outputs (finalize), and plan queries (PartitionPlan.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/PartitionPlan.h"

#include "piecewise/partition/PieceHash.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace piecewise {

std::string_view pieceKindName(PieceKind kind) {
  switch (kind) {
  case PieceKind::Compiled:
    return "compiled";
  case PieceKind::Splitting:
    return "splitting";
  case PieceKind::CudagraphUnsafe:
    return "cudagraph-unsafe";
  }
  return "compiled";
}

std::string Piece::name() const {
  return fmt::format("submod_{}", id);
}

std::string Piece::hashString() const {
  return fmt::format("{:016x}", hash);
}

PartitionPlan::PartitionPlan(const Graph& graph) : graph_(&graph), numbering_(graph) {}

Piece& PartitionPlan::addPiece(int64_t id, PieceKind kind, std::string reason) {
  finalized_ = false;
  hashed_ = false;
  Piece& p = pieces_.emplace_back();
  p.id = id;
  p.kind = kind;
  p.reason = std::move(reason);
  return p;
}

namespace {

/// SymInt placeholders by the symbol they bind (`s0` for `s0: "Sym(s0)"`, and
/// for `arg0_1: "Sym(s0)"`).
struct NumberedNode {
  Node* node;
  uint32_t number;
};

std::unordered_map<std::string_view, NumberedNode> symbolPlaceholders(const NodeNumbering& num) {
  std::unordered_map<std::string_view, NumberedNode> out;
  for (uint32_t i = 0; i < num.size(); ++i) {
    Node* n = num.node(i);
    if (!n->isPlaceholder())
      break;
    const SymMeta* s = n->meta().sym();
    if (s && s->kind == SymKind::Int && s->expr.isSymbolic() && s->expr.isSingleSymbol())
      out.emplace(s->expr.text().str(), NumberedNode{n, i});
  }
  // Placeholders need not all come first in a malformed graph; the verifier
  // reports that. Only the leading ones bind symbols here.
  return out;
}

} // namespace

LogicalResult PartitionPlan::finalize(DiagnosticEngine& diag) {
  const NodeNumbering& num = numbering_;
  const size_t n = num.size();
  bool ok = true;

  // Order: drop empty pieces, sort by id, reject duplicate ids.
  std::erase_if(pieces_, [](const Piece& p) { return p.nodes.empty(); });
  std::stable_sort(pieces_.begin(), pieces_.end(),
                   [](const Piece& a, const Piece& b) { return a.id < b.id; });
  for (size_t i = 1; i < pieces_.size(); ++i) {
    if (pieces_[i].id == pieces_[i - 1].id) {
      diag.error(pieces_[i].nodes.front()->loc(),
                 fmt::format("two pieces have the id {}", pieces_[i].id));
      ok = false;
    }
  }

  // Index nodes; sort each piece's nodes into graph order.
  pieceIndex_.assign(n, -1);
  for (size_t pi = 0; pi < pieces_.size(); ++pi) {
    Piece& p = pieces_[pi];
    bool sorted = true;
    uint32_t prev = 0;
    for (size_t k = 0; k < p.nodes.size(); ++k) {
      const Node* node = p.nodes[k];
      uint32_t i = num.lookup(node);
      if (i == NodeNumbering::kAbsent) {
        diag.error(node->loc(), fmt::format("node '{}' of {} is not in the partitioned graph",
                                            node->name().str(), p.name()));
        ok = false;
        continue;
      }
      if (node->isPlaceholder() || node->isOutput()) {
        diag.error(node->loc(), fmt::format("{} node '{}' cannot belong to a piece ({})",
                                            opKindName(node->op()), node->name().str(), p.name()));
        ok = false;
        continue;
      }
      if (pieceIndex_[i] >= 0) {
        diag.error(node->loc(),
                   fmt::format("node '{}' is in two pieces: {} and {}", node->name().str(),
                               pieces_[static_cast<size_t>(pieceIndex_[i])].name(), p.name()));
        ok = false;
        continue;
      }
      pieceIndex_[i] = static_cast<int32_t>(pi);
      if (k > 0 && i < prev)
        sorted = false;
      prev = i;
    }
    if (!sorted)
      std::sort(p.nodes.begin(), p.nodes.end(),
                [&](const Node* a, const Node* b) { return num.lookup(a) < num.lookup(b); });
  }
  for (uint32_t i = 0; i < n; ++i) {
    const Node* node = num.node(i);
    // get_attr constants may stay outside every piece (the splitting-op
    // partitioner leaves them to the stitching module): pieces take them as inputs.
    if (pieceIndex_[i] < 0 && !node->isPlaceholder() && !node->isOutput() &&
        node->op() != OpKind::GetAttr) {
      diag.error(node->loc(), fmt::format("node '{}' is in no piece", node->name().str()));
      ok = false;
    }
  }
  if (!ok)
    return failure();

  // Inputs, in first-use order, with the SymInt placeholders their shapes need.
  std::unordered_map<std::string_view, NumberedNode> symbols = symbolPlaceholders(num);
  std::vector<int32_t> seenIn(n, -1);
  for (size_t pi = 0; pi < pieces_.size(); ++pi) {
    Piece& p = pieces_[pi];
    const auto self = static_cast<int32_t>(pi);
    p.inputs.clear();
    p.outputs.clear();
    auto addInput = [&](Node* in, uint32_t i) {
      if (seenIn[i] == self)
        return;
      seenIn[i] = self;
      p.inputs.push_back(in);
    };
    for (Node* node : p.nodes) {
      node->forEachInput([&](Node* in) {
        uint32_t i = num.lookup(in);
        if (i == NodeNumbering::kAbsent) {
          diag.error(node->loc(), fmt::format("'{}' uses '{}', which is not in the graph",
                                              node->name().str(), in->name().str()));
          ok = false;
          return;
        }
        int32_t def = pieceIndex_[i];
        if (def == self || seenIn[i] == self)
          return;
        if (def > self) {
          diag.error(node->loc(),
                     fmt::format("'{}' in {} uses '{}', which is defined in the later {}",
                                 node->name().str(), p.name(), in->name().str(),
                                 pieces_[static_cast<size_t>(def)].name()));
          ok = false;
          return;
        }
        if (in->isOutput()) {
          diag.error(node->loc(), fmt::format("'{}' uses the output node", node->name().str()));
          ok = false;
          return;
        }
        addInput(in, i);
        if (!symbols.empty() && in->meta().isTensor()) {
          in->meta().forEachSymbol([&](std::string_view sym) {
            auto it = symbols.find(sym);
            if (it != symbols.end())
              addInput(it->second.node, it->second.number);
          });
        }
      });
    }
  }
  if (!ok)
    return failure();

  // Outputs: values used by a later piece or by the graph output, in graph order.
  for (size_t pi = 0; pi < pieces_.size(); ++pi) {
    Piece& p = pieces_[pi];
    const auto self = static_cast<int32_t>(pi);
    for (Node* node : p.nodes) {
      for (const Node* user : node->users()) {
        uint32_t u = num.lookup(user);
        if (u == NodeNumbering::kAbsent)
          continue;
        if (pieceIndex_[u] != self) {
          p.outputs.push_back(node);
          break;
        }
      }
    }
  }

  finalized_ = true;
  return success();
}

void PartitionPlan::computeHashes() {
  assert(finalized_ && "hashes are computed over a finalized plan");
  auto hashRange = [this](size_t begin, size_t end) {
    PieceHasher hasher(*this);
    for (size_t i = begin; i < end; ++i)
      pieces_[i].hash = hasher.hash(pieces_[i]);
  };
  // A piece's hash reads the graph and writes only its own piece: at a million
  // nodes the second half of the pieces is hashed on a second thread (its
  // hasher's scratch is 8 bytes a node). Small plans are hashed here.
  constexpr size_t kThreadedNodes = size_t{1} << 16;
  std::thread second;
  size_t half = pieces_.size();
  if (graph_->size() >= kThreadedNodes && pieces_.size() >= 2) {
    try {
      second = std::thread(hashRange, pieces_.size() / 2, pieces_.size());
      half = pieces_.size() / 2;
    } catch (const std::system_error&) {
      // no thread to be had: all of them here
    }
  }
  hashRange(0, half);
  if (second.joinable())
    second.join();
  hashed_ = true;
}

const Piece* PartitionPlan::pieceById(int64_t id) const {
  auto it = std::lower_bound(pieces_.begin(), pieces_.end(), id,
                             [](const Piece& p, int64_t v) { return p.id < v; });
  return it != pieces_.end() && it->id == id ? &*it : nullptr;
}

size_t PartitionPlan::numSplitting() const {
  return static_cast<size_t>(std::count_if(pieces_.begin(), pieces_.end(),
                                           [](const Piece& p) { return p.isSplitting(); }));
}

size_t PartitionPlan::numUnique() const {
  assert(hashed_ && "numUnique() needs computeHashes()");
  std::unordered_set<uint64_t> hashes;
  for (const Piece& p : pieces_)
    if (!p.isSplitting())
      hashes.insert(p.hash);
  return hashes.size();
}

int32_t PartitionPlan::largestPiece() const {
  int32_t best = -1;
  for (size_t i = 0; i < pieces_.size(); ++i)
    if (best < 0 || pieces_[i].nodes.size() > pieces_[static_cast<size_t>(best)].nodes.size())
      best = static_cast<int32_t>(i);
  return best;
}

} // namespace piecewise
