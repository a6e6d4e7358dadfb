//===- SplittingOpPartitioner.cpp - Cut a graph at chosen ops -------------===//
//
// vLLM's split: one linear walk that gives each run of splitting ops a piece of its own
// (SplittingOpPartitioner.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/SplittingOpPartitioner.h"

#include "piecewise/analysis/Effects.h"
#include "piecewise/analysis/StorageAnalysis.h"
#include "piecewise/analysis/ValueKind.h"
#include "piecewise/ir/Target.h"
#include "piecewise/partition/CaptureSafeCopies.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <unordered_map>

namespace piecewise {

SplittingOpMatcher::SplittingOpMatcher(const std::vector<std::string>& patterns,
                                       bool matchFunctionalizedOps)
    : matchFunctionalized_(matchFunctionalizedOps) {
  for (const std::string& p : patterns) {
    if (p.empty())
      continue;
    patterns_.push_back(canonicalOpPattern(p));
    spellings_.push_back(p);
  }
}

std::optional<std::string_view> SplittingOpMatcher::matchTarget(std::string_view target) const {
  if (!isOpTarget(target)) {
    // A Python callable (`torch._C._nn.scaled_dot_product_attention`) matches
    // its qualified name as written.
    for (const std::string& s : spellings_)
      if (s == target)
        return s;
    return std::nullopt;
  }
  std::string_view packet = opPacket(target);
  for (size_t i = 0; i < patterns_.size(); ++i) {
    const std::string& p = patterns_[i];
    if (p == target)
      return spellings_[i];
    // A packet pattern matches every overload of the packet.
    if (p == packet && opOverload(p).empty())
      return spellings_[i];
  }
  return std::nullopt;
}

std::optional<std::string_view> SplittingOpMatcher::match(const Node& node) const {
  if (patterns_.empty() || !node.isCallFunction())
    return std::nullopt;
  std::string_view target = node.target().str();
  if (std::optional<std::string_view> m = matchTarget(target))
    return m;
  if (matchFunctionalized_ && isAutoFunctionalized(target) && !node.args().empty() &&
      node.args()[0].kind() == Argument::Kind::Op)
    return matchTarget(node.args()[0].getSymbol().str());
  return std::nullopt;
}

namespace {

/// The op's own name, lower-cased: `unified_attention` for
/// `vllm::unified_attention.default`, `scaled_dot_product_attention` for
/// `torch._C._nn.scaled_dot_product_attention`.
std::string opStem(std::string_view name) {
  std::string_view stem = name;
  if (size_t p = stem.find("::"); p != std::string_view::npos) {
    stem = stem.substr(p + 2);
    stem = stem.substr(0, stem.find('.'));
  } else if (size_t dot = stem.rfind('.'); dot != std::string_view::npos) {
    stem = stem.substr(dot + 1);
  }
  std::string out(stem);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z')
      c = static_cast<char>(c - 'A' + 'a');
  return out;
}

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

bool shareLongWord(std::string_view a, std::string_view b) {
  size_t i = 0;
  while (i < a.size()) {
    size_t end = a.find('_', i);
    if (end == std::string_view::npos)
      end = a.size();
    std::string_view word = a.substr(i, end - i);
    if (word.size() >= 5) {
      for (size_t at = b.find(word); at != std::string_view::npos; at = b.find(word, at + 1)) {
        bool startsWord = at == 0 || b[at - 1] == '_';
        bool endsWord = at + word.size() == b.size() || b[at + word.size()] == '_';
        if (startsWord && endsWord)
          return true;
      }
    }
    i = end + 1;
  }
  return false;
}

} // namespace

std::vector<std::string>
unmatchedSplittingOps(const Graph& graph, const SplittingOpOptions& options, OpPatternKind kind) {
  std::vector<std::string> notes;
  SplittingOpMatcher matcher(options.splittingOps, options.matchFunctionalizedOps);
  if (matcher.empty())
    return notes;
  // The distinct call targets, in first-occurrence order, and which patterns match.
  std::vector<std::string_view> targets;
  // Per distinct target, keyed by its interned pointer (one graph's targets
  // come from one interner, so equal text is an equal pointer): what a call of
  // it matches. A graph has a few dozen targets among tens of thousands of
  // calls, and matching compares the text with every pattern. The match of an
  // auto_functionalized call depends on its first argument too, so those are
  // matched node by node, as before.
  std::unordered_map<const char*, std::optional<std::string_view>> byTarget;
  std::vector<std::string_view> matched;
  bool anyCall = false;
  for (const Node* n : graph) {
    if (n->op() == OpKind::CallMethod || n->op() == OpKind::CallModule)
      anyCall = true;
    if (!n->isCallFunction())
      continue;
    anyCall = true;
    std::string_view target = n->target().str();
    auto [it, isNew] = byTarget.try_emplace(n->target().data());
    if (isNew) {
      targets.push_back(target);
      it->second = matcher.match(*n);
    }
    std::optional<std::string_view> m =
        isNew || !isAutoFunctionalized(target) ? it->second : matcher.match(*n);
    if (m)
      matched.push_back(*m);
  }
  if (!anyCall)
    return notes;
  for (const std::string& pattern : options.splittingOps) {
    if (pattern.empty() ||
        std::find(matched.begin(), matched.end(), std::string_view(pattern)) != matched.end())
      continue;
    std::string stem = opStem(canonicalOpPattern(pattern));
    std::vector<std::pair<size_t, std::string_view>> similar;
    for (std::string_view t : targets) {
      if (t == "operator.getitem")
        continue;
      std::string other = opStem(t);
      size_t d = editDistance(stem, other);
      bool close = d <= std::max<size_t>(2, std::min(stem.size(), other.size()) / 4);
      bool contains =
          std::min(stem.size(), other.size()) >= 4 &&
          (stem.find(other) != std::string::npos || other.find(stem) != std::string::npos);
      if (close || contains || shareLongWord(stem, other))
        similar.emplace_back(d, t);
    }
    std::stable_sort(similar.begin(), similar.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string message =
        fmt::format("{} op '{}' matches no node of the graph",
                    kind == OpPatternKind::Break ? "break" : "splitting", pattern);
    if (similar.empty()) {
      message += "; it has no similar op";
    } else {
      message += "; similar ops it has: ";
      for (size_t i = 0; i < similar.size() && i < 5; ++i)
        message += fmt::format("{}{}", i ? ", " : "", similar[i].second);
    }
    notes.push_back(std::move(message));
  }
  return notes;
}

FailureOr<PartitionPlan> partitionAtSplittingOps(const Graph& graph,
                                                 const SplittingOpOptions& options,
                                                 DiagnosticEngine& diag) {
  PartitionPlan plan(graph);
  const NodeNumbering& num = plan.numbering();
  SplittingOpMatcher matcher(options.splittingOps, options.matchFunctionalizedOps);

  // Matching is per target; graphs repeat a few targets many times.
  std::unordered_map<const char*, std::optional<std::string_view>> cache;
  auto matchNode = [&](const Node* n) -> std::optional<std::string_view> {
    if (matcher.empty() || n == nullptr || !n->isCallFunction())
      return std::nullopt;
    if (isAutoFunctionalized(n->target().str()))
      return matcher.match(*n);
    auto [it, inserted] = cache.try_emplace(n->target().data());
    if (inserted)
      it->second = matcher.match(*n);
    return it->second;
  };

  // The walk: a piece id per node number (-1: none).
  struct Draft {
    std::vector<Node*> nodes;
    /// get_attr nodes that took this id: counted as vLLM's walk counts them,
    /// but left to the stitching module (split_module does not put them in pieces).
    size_t attrs = 0;
    bool splitting = false;
    std::string reason;
  };
  std::vector<Draft> drafts(1);
  std::vector<int64_t> idOf(num.size(), -1);
  int64_t current = 0;
  auto draft = [&](int64_t id) -> Draft& {
    if (static_cast<size_t>(id) >= drafts.size())
      drafts.resize(static_cast<size_t>(id) + 1);
    return drafts[static_cast<size_t>(id)];
  };
  auto assign = [&](Node* n, uint32_t i, int64_t id) {
    idOf[i] = id;
    draft(id).nodes.push_back(n);
  };

  // Per storage, the numbers of the nodes that may write it (ascending); built
  // the first time a getitem of a tensor would move to an earlier piece.
  std::unique_ptr<StorageAnalysis> storages;
  std::vector<std::vector<uint32_t>> writers;
  auto writtenBetween = [&](uint32_t producer, uint32_t getitem) {
    if (!storages) {
      EffectAnalysis effects(options.registry);
      storages = std::make_unique<StorageAnalysis>(num, effects);
      writers.resize(storages->numStorages());
      for (uint32_t k = 0; k < num.size(); ++k)
        effects.forEachWritten(*num.node(k), [&](const Node* w) {
          uint32_t s = storages->storageOf(w);
          if (s != NodeNumbering::kAbsent && (writers[s].empty() || writers[s].back() != k))
            writers[s].push_back(k);
        });
    }
    // Any input of the getitem (the producer, a tensor index) written in between.
    bool written = false;
    num.node(getitem)->forEachInput([&](const Node* in) {
      uint32_t s = storages->storageOf(in);
      if (s == NodeNumbering::kAbsent) {
        written = true;
        return;
      }
      const std::vector<uint32_t>& w = writers[s];
      auto it = std::upper_bound(w.begin(), w.end(), producer);
      written = written || (it != w.end() && *it < getitem);
    });
    return written;
  };

  // piecewise's capture copy (CaptureSafeCopies.h) runs eagerly: it joins the
  // eager piece of the value it copies (the piece its source was assigned
  // to, when that piece is a splitting one and the buffer is defined no
  // later), or returns -1: then it is an eager piece of its own, as a
  // splitting op is.
  auto joinedPiece = [&](const Node* n) -> int64_t {
    if (n->args().size() != 2 || !n->args()[0].isNode() || !n->args()[1].isNode())
      return -1;
    const Node* src = n->args()[0].getNode();
    const Node* buffer = n->args()[1].getNode();
    uint32_t s = num.lookup(src);
    if (src->isPlaceholder() || s == NodeNumbering::kAbsent || idOf[s] < 0 ||
        !draft(idOf[s]).splitting)
      return -1;
    uint32_t b = num.lookup(buffer);
    if (!buffer->isPlaceholder() &&
        (b == NodeNumbering::kAbsent || idOf[b] < 0 || idOf[b] > idOf[s]))
      return -1;
    return idOf[s];
  };
  auto startsEagerPiece = [&](const Node* n) {
    return matchNode(n) || (n && isCaptureCopy(*n) && joinedPiece(n) < 0);
  };
  // The node after `n` that decides whether the eager run goes on: capture
  // copies that join an eager piece are skipped (a copy right after a
  // splitting op does not part it from the next one).
  auto nextDeciding = [&](const Node* n) {
    const Node* next = n->next();
    while (next && isCaptureCopy(*next) && joinedPiece(next) >= 0)
      next = next->next();
    return next;
  };

  bool ok = true;
  for (uint32_t i = 0; i < num.size(); ++i) {
    Node* n = num.node(i);
    if (n->isPlaceholder() || n->isOutput())
      continue;
    if (n->op() == OpKind::GetAttr) {
      idOf[i] = current;
      ++draft(current).attrs;
      continue;
    }
    if (n->isGetItem() && !n->args().empty() && n->args()[0].isNode()) {
      const Node* producer = n->args()[0].getNode();
      if (!producer->isPlaceholder()) {
        uint32_t p = num.lookup(producer);
        if (p == NodeNumbering::kAbsent || idOf[p] < 0) {
          diag.error(n->loc(), fmt::format("getitem '{}' comes before its producer '{}'",
                                           n->name().str(), producer->name().str()));
          ok = false;
          continue;
        }
        // Its other inputs (a tensor index) must be defined by the producer's
        // piece to move with it.
        bool inputsReady = true;
        size_t otherInputs = 0;
        n->forEachInput([&](const Node* in) {
          if (in == producer)
            return;
          ++otherInputs;
          uint32_t k = num.lookup(in);
          if (k == NodeNumbering::kAbsent || (!in->isPlaceholder() && idOf[k] > idOf[p]))
            inputsReady = false;
        });
        bool unpacksTuple =
            otherInputs == 0 && classifyValue(*producer, options.registry) == ValueKind::Tuple;
        if (idOf[p] == current || (inputsReady && (unpacksTuple || !writtenBetween(p, i)))) {
          assign(n, i, idOf[p]);
          continue;
        }
      }
    }
    std::optional<std::string_view> pattern = matchNode(n);
    bool copy = !pattern && isCaptureCopy(*n);
    if (copy) {
      if (int64_t joined = joinedPiece(n); joined >= 0) {
        assign(n, i, joined);
        continue;
      }
    }
    if (pattern || copy) {
      ++current;
      assign(n, i, current);
      Draft& d = draft(current);
      if (!d.splitting) {
        d.splitting = true;
        d.reason = pattern
                       ? fmt::format("splitting op {} (matches '{}')", n->target().str(), *pattern)
                       : std::string("capture copy (piecewise::capture_copy, "
                                     "check-capture --fix)");
      }
      // Keep consecutive splitting ops together: the next one takes this id again.
      if (startsEagerPiece(nextDeciding(n)))
        --current;
      else
        ++current;
      continue;
    }
    assign(n, i, current);
  }
  if (!ok)
    return failure();

  if (options.mergeEmptyOnlyPieces) {
    EffectAnalysis effects(options.registry);
    int64_t prevCompiled = -1;
    for (size_t id = 0; id < drafts.size(); ++id) {
      Draft& d = drafts[id];
      if (d.nodes.empty() && d.attrs == 0)
        continue;
      bool merged = false;
      if (!d.splitting && prevCompiled >= 0 && d.nodes.size() == 1 && d.attrs == 0 &&
          effects.of(*d.nodes[0]).emptyAllocation) {
        Node* e = d.nodes[0];
        bool available = true;
        e->forEachInput([&](const Node* in) {
          if (in->isPlaceholder())
            return;
          uint32_t k = num.lookup(in);
          if (k == NodeNumbering::kAbsent || idOf[k] < 0 || idOf[k] > prevCompiled)
            available = false;
        });
        if (available) {
          idOf[num.lookup(e)] = prevCompiled;
          drafts[static_cast<size_t>(prevCompiled)].nodes.push_back(e);
          d.nodes.clear();
          merged = true;
        }
      }
      if (!merged && !d.splitting)
        prevCompiled = static_cast<int64_t>(id);
    }
  }

  for (size_t id = 0; id < drafts.size(); ++id) {
    Draft& d = drafts[id];
    if (d.nodes.empty())
      continue;
    Piece& p = plan.addPiece(static_cast<int64_t>(id),
                             d.splitting ? PieceKind::Splitting : PieceKind::Compiled,
                             std::move(d.reason));
    p.nodes = std::move(d.nodes);
  }
  if (failed(plan.finalize(diag)))
    return failure();
  if (options.computeHashes)
    plan.computeHashes();
  return plan;
}

} // namespace piecewise
