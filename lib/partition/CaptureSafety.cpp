//===- CaptureSafety.cpp - Does every captured piece read stable memory? --===//
//
// One walk in graph order gives every value a state (stable, or unstable
// with the node it is a view of and the node that made it unstable; a
// run-time scalar or size, with the node it is computed from) and reports
// the ops of captured pieces a capture cannot contain; then each captured
// piece's inputs are looked up. See CaptureSafety.h.
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/CaptureSafety.h"

#include "piecewise/analysis/CaptureHazards.h"
#include "piecewise/analysis/StorageAnalysis.h"
#include "piecewise/analysis/ValueKind.h"

#include <fmt/format.h>

#include <algorithm>

namespace piecewise {

std::string_view staticInputsName(StaticInputs s) {
  switch (s) {
  case StaticInputs::All:
    return "all";
  case StaticInputs::Params:
    return "params";
  case StaticInputs::None:
    return "none";
  }
  return "all";
}

std::string_view outputContractName(OutputContract c) {
  switch (c) {
  case OutputContract::OutBuffer:
    return "out-buffer";
  case OutputContract::InPlace:
    return "in-place";
  case OutputContract::ViewOfStable:
    return "view-of-stable";
  case OutputContract::ViewOfUnstable:
    return "view-of-unstable";
  case OutputContract::Fresh:
    return "fresh";
  case OutputContract::Unknown:
    return "unknown";
  case OutputContract::None:
    return "none";
  }
  return "unknown";
}

std::string_view unstableCauseName(UnstableCause c) {
  switch (c) {
  case UnstableCause::FreshReturn:
    return "fresh-return";
  case UnstableCause::FreshElement:
    return "fresh-element";
  case UnstableCause::MayCopy:
    return "may-copy";
  case UnstableCause::Unknown:
    return "unknown-schema";
  case UnstableCause::NonStaticInput:
    return "non-static-input";
  case UnstableCause::HostSync:
    return "host-sync";
  case UnstableCause::DataDependentShape:
    return "data-dependent-shape";
  case UnstableCause::DeviceToHost:
    return "device-to-host";
  case UnstableCause::BakedScalar:
    return "baked-scalar";
  }
  return "unknown-schema";
}

bool isParameterPlaceholder(const Node& placeholder) {
  std::string_view n = placeholder.name().str();
  return n.find("parameters_") != std::string_view::npos ||
         n.find("buffers_") != std::string_view::npos;
}

namespace {

constexpr uint32_t kNone = NodeNumbering::kAbsent;

/// How surely a node's work matters (Checker::findLiveNodes).
constexpr uint8_t kDead = 0, kMaybe = 1, kSure = 2;

/// The state of one value.
struct ValueState {
  bool unstable = false;
  bool certain = true;
  UnstableCause cause = UnstableCause::FreshReturn;
  /// The value this one is a view of (unstable too), or kNone at the origin.
  uint32_t parent = kNone;
  /// At the origin: the node to report when it is not this one (the eager op
  /// a fresh element comes from); kNone otherwise.
  uint32_t reportAt = kNone;
  /// The value is its parent, written in place (not a view of it).
  bool viaWrite = false;
};

/// A run-time value: a scalar computed from tensor data, or a size only the data decides.
struct RuntimeState {
  bool on = false;
  /// The value it is computed from (a run-time value too), or kNone at the origin.
  uint32_t parent = kNone;
};

/// The cause a capture hazard is reported with.
UnstableCause causeOf(CaptureHazardKind kind) {
  switch (kind) {
  case CaptureHazardKind::HostSync:
    return UnstableCause::HostSync;
  case CaptureHazardKind::DeviceToHost:
    return UnstableCause::DeviceToHost;
  default:
    return UnstableCause::DataDependentShape;
  }
}

/// True for the kinds of a Python scalar or a SymInt / SymFloat / SymBool.
bool isScalarKind(ValueKind k) {
  return k == ValueKind::SymInt || k == ValueKind::SymFloat || k == ValueKind::SymBool ||
         k == ValueKind::Int || k == ValueKind::Float || k == ValueKind::Bool;
}

bool mentionsUnbacked(const Meta& m) {
  bool found = false;
  m.forEachSymbol([&](std::string_view name) { found |= SymExpr::isUnbackedSymbolName(name); });
  return found;
}

class Checker {
public:
  Checker(const PartitionPlan& plan, EffectAnalysis& effects, const CaptureCheckOptions& options)
      : plan_(plan), num_(plan.numbering()), effects_(effects), options_(options),
        hazards_(plan.graph(), effects.registry()), states_(num_.size()),
        tensorLike_(num_.size(), 0), runtime_(num_.size()) {}

  CaptureCheckResult run() {
    CaptureCheckResult result;
    result.uncapturablePerPiece.assign(plan_.size(), 0);
    for (uint32_t i = 0; i < num_.size(); ++i) {
      visit(i, result);
      visitRuntime(i, result);
    }
    collectReads(result);
    collectBakedScalars(result);
    return result;
  }

private:
  uint32_t numberOf(const Node* n) const { return num_.lookup(n); }

  bool isCapturedPiece(int32_t pieceIndex) const {
    return pieceIndex >= 0 &&
           plan_.pieces()[static_cast<size_t>(pieceIndex)].kind == PieceKind::Compiled;
  }

  /// Makes value `i` a view of value `j` (its state, through it).
  /// `mayAlias`: `i` may or may not share `j`'s memory (an opaque op, a
  /// callable that may return its input): the read is then uncertain.
  void inherit(uint32_t i, uint32_t j, bool viaWrite = false, bool mayAlias = false) {
    if (j == kNone || !states_[j].unstable)
      return;
    ValueState& s = states_[i];
    s = ValueState{};
    s.unstable = true;
    s.certain = states_[j].certain && !mayAlias;
    s.cause = states_[j].cause;
    s.parent = j;
    s.viaWrite = viaWrite;
  }

  void makeOrigin(uint32_t i, UnstableCause cause, bool certain, uint32_t reportAt = kNone) {
    ValueState& s = states_[i];
    s = ValueState{};
    s.unstable = true;
    s.cause = cause;
    s.certain = certain;
    s.reportAt = reportAt;
  }

  bool isUnstable(const Node* n) const {
    uint32_t j = numberOf(n);
    return j != kNone && states_[j].unstable;
  }

  /// The first unstable node among those `forEach` yields, or kNone.
  template <typename ForEach> uint32_t firstUnstable(ForEach&& forEach) {
    uint32_t found = kNone;
    forEach([&](const Node* in) {
      uint32_t j = numberOf(in);
      if (found == kNone && j != kNone && states_[j].unstable) // unstable: tensor-like
        found = j;
    });
    return found;
  }

  void visit(uint32_t i, CaptureCheckResult& result) {
    const Node& n = *num_.node(i);
    if (n.isOutput())
      return;
    if (n.op() == OpKind::GetAttr)
      return;
    int32_t pieceIndex = plan_.pieceIndexAt(i);
    bool captured = isCapturedPiece(pieceIndex) || (pieceIndex < 0 && !n.isPlaceholder());
    // Most nodes are captured and read only stable values: their kind is
    // looked up only when they would inherit an unstable one.
    if (!captured)
      tensorLike_[i] = isTensorLikeValue(n);
    if (n.isPlaceholder()) {
      bool isStatic = options_.staticInputs == StaticInputs::All ||
                      (options_.staticInputs == StaticInputs::Params && isParameterPlaceholder(n));
      if (tensorLike_[i] && !isStatic)
        makeOrigin(i, UnstableCause::NonStaticInput, /*certain=*/true);
      return;
    }
    if (captured) {
      visitCaptured(i, n);
      return;
    }
    visitEager(i, n, static_cast<size_t>(pieceIndex), result);
  }

  /// A tensor, a tuple of them, or unknown (which may be either).
  bool isTensorLikeValue(const Node& n) const {
    ValueKind kind = classifyValue(n, effects_.registry());
    return kind == ValueKind::Tensor || kind == ValueKind::Tuple || kind == ValueKind::Opaque;
  }

  const Node* getItemSource(const Node& n) const {
    return n.args().empty() || !n.args()[0].isNode() ? nullptr : n.args()[0].getNode();
  }

  /// A value a captured piece computes lives in the graph's pool; only a view
  /// of an unstable value is unstable.
  void visitCaptured(uint32_t i, const Node& n) {
    if (n.isGetItem()) {
      const Node* src = getItemSource(n);
      uint32_t j = src ? numberOf(src) : kNone;
      if (j == kNone || !states_[j].unstable || effects_.of(*src).freshElements)
        return;
      if (!(tensorLike_[i] = isTensorLikeValue(n)))
        return;
      bool tuple = classifyValue(*src, effects_.registry()) == ValueKind::Tuple;
      if (tuple || effects_.isPlainView(n))
        inherit(i, j);
      return; // a gathering index copies inside the graph
    }
    // A plain view is the memory of its base; anything else that may alias
    // (an opaque op, `reshape`) may also be new memory of the graph's pool.
    uint32_t j = firstUnstable([&](auto&& fn) { effects_.forEachAliased(n, fn); });
    if (j == kNone || !(tensorLike_[i] = isTensorLikeValue(n)))
      return;
    const NodeEffects& e = effects_.of(n);
    bool returnsWritten = e.writes != WriteKind::None && !e.opaque; // `add_`, `mm.out`
    bool mayAlias = !effects_.isPlainView(n) && !returnsWritten;
    inherit(i, j, /*viaWrite=*/false, mayAlias);
  }

  void visitEager(uint32_t i, const Node& n, size_t pieceIndex, CaptureCheckResult& result) {
    if (n.isGetItem()) {
      const Node* src = getItemSource(n);
      uint32_t j = src ? numberOf(src) : kNone;
      if (!tensorLike_[i] || j == kNone)
        return;
      const NodeEffects& se = effects_.of(*src);
      if (se.opaque) {
        inherit(i, j); // the op's own state (unknown, or a fresh native binding)
        return;
      }
      if (effects_.isFreshElement(n)) {
        makeOrigin(i, UnstableCause::FreshElement, /*certain=*/true, j);
        return;
      }
      bool tuple = classifyValue(*src, effects_.registry()) == ValueKind::Tuple;
      if (tuple || effects_.isPlainView(n))
        inherit(i, j);
      else
        makeOrigin(i, UnstableCause::FreshReturn, /*certain=*/true); // gathers: a copy
      return;
    }

    EagerOp op;
    op.node = &n;
    op.pieceIndex = pieceIndex;
    const NodeEffects& e = effects_.of(n);
    bool hasValue = tensorLike_[i] != 0;

    // The first argument written, and whether the op's value is that argument.
    const Node* written = nullptr;
    effects_.forEachWritten(n, [&](const Node* w) {
      if (!written)
        written = w;
    });
    bool outName = e.writes == WriteKind::SchemaArgs && e.writesOutArgument;
    OutputContract writeContract = outName ? OutputContract::OutBuffer : OutputContract::InPlace;

    if (e.opaque && effects_.isFreshNativeBinding(n)) {
      op.contract = OutputContract::Fresh;
      if (hasValue)
        makeOrigin(i, UnstableCause::FreshReturn, /*certain=*/true);
    } else if (e.opaque) {
      op.contract = OutputContract::Unknown;
      if (hasValue)
        makeOrigin(i, UnstableCause::Unknown, /*certain=*/false);
    } else if (!hasValue) {
      // Returns nothing (or a scalar): its contract is what it writes.
      op.contract = written ? writeContract : OutputContract::None;
      op.buffer = written;
    } else if (written && e.aliases != AliasKind::Fresh) {
      // Returns (an alias of) what it writes: `add_`, `add.out`.
      op.contract = writeContract;
      op.buffer = written;
      // The value is the argument the returns alias, which need not be the
      // first one written (`(Tensor(a!) x, Tensor(b!) y) -> Tensor(b!)`).
      uint32_t j = kNone;
      if (e.aliases == AliasKind::SchemaArgs)
        j = firstUnstable([&](auto&& fn) { effects_.forEachAliased(n, fn); });
      if (j != kNone) {
        bool viaWrite = false;
        effects_.forEachWritten(n, [&](const Node* w) { viaWrite |= w == num_.node(j); });
        op.buffer = num_.node(j);
        inherit(i, j, viaWrite);
      } else {
        inherit(i, numberOf(written), /*viaWrite=*/true);
      }
    } else if (e.aliases == AliasKind::SchemaArgs && e.plainView) {
      uint32_t j = firstUnstable([&](auto&& fn) { effects_.forEachAliased(n, fn); });
      effects_.forEachAliased(n, [&](const Node* a) {
        if (!op.buffer)
          op.buffer = a;
      });
      if (j != kNone) {
        op.contract = OutputContract::ViewOfUnstable;
        op.buffer = num_.node(j);
        inherit(i, j);
      } else {
        op.contract = OutputContract::ViewOfStable;
      }
    } else if (e.aliases != AliasKind::Fresh) {
      // A view that may copy (`reshape`, `contiguous`), or a value that may
      // alias its inputs or be new: replay may give it another address.
      op.contract = OutputContract::Fresh;
      makeOrigin(i, UnstableCause::MayCopy, /*certain=*/false);
    } else {
      op.contract = OutputContract::Fresh;
      // The elements of a multi-output op are reported at its getitems.
      if (!e.freshElements || classifyValue(n, effects_.registry()) != ValueKind::Tuple)
        makeOrigin(i, UnstableCause::FreshReturn, /*certain=*/true);
    }
    op.stable = !states_[i].unstable && !(e.freshElements && hasValue);
    if (op.contract == OutputContract::OutBuffer || op.contract == OutputContract::InPlace)
      op.stable = op.buffer && !isUnstable(op.buffer);
    if (op.contract == OutputContract::Unknown)
      op.stable = false;
    result.eagerOps.push_back(op);
  }

  void collectReads(CaptureCheckResult& result) {
    result.unstablePerPiece.assign(plan_.size(), 0);
    for (size_t p = 0; p < plan_.size(); ++p) {
      const Piece& piece = plan_.pieces()[p];
      if (piece.kind != PieceKind::Compiled)
        continue;
      for (const Node* v : piece.inputs) {
        uint32_t j = numberOf(v);
        if (j == kNone || !states_[j].unstable) // unstable: tensor-like
          continue;
        uint8_t level = readsData(v, static_cast<int32_t>(p));
        if (level == kDead)
          continue; // sizes, strides, dtype or device only: no address is baked
        UnstableRead r;
        r.value = v;
        r.pieceIndex = p;
        r.consumer = firstUser(v, p, piece, /*dataOnly=*/true);
        r.sizesDataDependent = v->meta().tensor() && mentionsUnbacked(v->meta());
        for (uint32_t k = j; k != kNone; k = states_[k].parent) {
          r.chain.push_back(num_.node(k));
          r.viaWrite.push_back(states_[k].viaWrite);
          if (states_[k].parent == kNone && states_[k].reportAt != kNone) {
            r.chain.push_back(num_.node(states_[k].reportAt));
            r.viaWrite.push_back(0);
          }
        }
        std::reverse(r.chain.begin(), r.chain.end());
        std::reverse(r.viaWrite.begin(), r.viaWrite.end());
        r.cause = states_[j].cause;
        r.certain = states_[j].certain && level == kSure;
        ++result.unstablePerPiece[p];
        result.unstableReads.push_back(std::move(r));
      }
    }
  }

  /// How surely captured piece `p` reads the data of its input `v` (directly
  /// or through views it makes of it; a view that leaves the piece counts):
  /// kSure, kMaybe (only through ops whose effects are unknown, whose value
  /// nothing uses), or kDead (only its metadata, or only in dead code).
  uint8_t readsData(const Node* v, int32_t p) {
    if (live_.empty())
      findLiveNodes();
    uint8_t level = kDead;
    for (const Node* u : v->users()) {
      uint32_t k = numberOf(u);
      if (k != kNone && plan_.pieceIndexAt(k) == p && effects_.readsDataOf(*u, *v))
        level = std::max(level, live_[k]);
    }
    return level;
  }

  /// How surely each node's work matters (what a compiler of its piece keeps),
  /// one pass in reverse graph order, with the storages of
  /// analysis/StorageAnalysis.h for writes. kSure: a node of an eager region;
  /// one whose value leaves its piece (another piece or the graph output
  /// takes it); one that writes memory its piece did not allocate, or a
  /// storage that a node read later; and one whose data a kSure node of its
  /// piece reads (its metadata does not count). kMaybe: an op with an effect
  /// of its own or an unknown one (random, a check, no schema) whose value
  /// nothing uses, and what such a node reads. kDead otherwise.
  void findLiveNodes() {
    live_.assign(num_.size(), kDead);
    StorageAnalysis storages(num_, effects_);
    std::vector<uint8_t> storageRead(storages.numStorages(), kDead);
    // The piece of all the members of a storage, or -1 when they are in
    // several: then a write in one piece is seen outside it.
    std::vector<int32_t> storagePiece(storages.numStorages(), -2);
    for (uint32_t i = 0; i < num_.size(); ++i) {
      int32_t& sp = storagePiece[storages.storageOf(i)];
      int32_t piece = plan_.pieceIndexAt(i);
      sp = sp == -2 ? piece : (sp == piece ? sp : -1);
    }
    for (uint32_t i = num_.size(); i-- > 0;) {
      const Node& n = *num_.node(i);
      if (n.isPlaceholder() || n.op() == OpKind::GetAttr)
        continue;
      int32_t piece = plan_.pieceIndexAt(i);
      uint8_t level = isCapturedPiece(piece) && !n.isOutput() ? kDead : kSure;
      for (const Node* u : n.users()) {
        uint32_t k = numberOf(u);
        if (k == kNone || plan_.pieceIndexAt(k) != piece)
          level = kSure;
        else if (live_[k] > level && effects_.readsDataOf(*u, n))
          level = live_[k];
      }
      const NodeEffects& e = effects_.of(n);
      if (level != kSure && !e.removable) {
        if (e.writes == WriteKind::None || e.opaque)
          level = std::max(level, kMaybe);
        effects_.forEachWritten(n, [&](const Node* w) {
          uint32_t s = storages.storageOf(w);
          if (s == kNone || storagePiece[s] != piece)
            level = kSure;
          else
            level = std::max(level, storageRead[s]);
        });
      }
      live_[i] = level;
      if (level == kDead)
        continue;
      effects_.forEachDataRead(n, [&](const Node* r) {
        uint32_t s = storages.storageOf(r);
        if (s != kNone)
          storageRead[s] = std::max(storageRead[s], level);
      });
    }
  }

  /// The first node of captured piece `p` (in graph order) that uses `v`;
  /// with `dataOnly`, that uses more than its metadata (reads it, views it).
  const Node* firstUser(const Node* v, size_t p, const Piece& piece, bool dataOnly = false) {
    uint32_t first = kNone;
    for (const Node* u : v->users()) {
      uint32_t k = numberOf(u);
      if (k != kNone && plan_.pieceIndexAt(k) == static_cast<int32_t>(p) &&
          (!dataOnly || (effects_.readsDataOf(*u, *v) && live_[k] != kDead)))
        first = std::min(first, k);
    }
    return first == kNone ? piece.nodes.front() : num_.node(first);
  }

  /// Reports an op of a captured piece that a capture cannot contain, and
  /// gives value `i` its run-time state.
  void visitRuntime(uint32_t i, CaptureCheckResult& result) {
    const Node& n = *num_.node(i);
    if (n.op() != OpKind::CallFunction && n.op() != OpKind::CallMethod &&
        n.op() != OpKind::CallModule)
      return;
    int32_t pieceIndex = plan_.pieceIndexAt(i);
    std::optional<CaptureHazard> op = hazards_.ofOp(n);
    std::optional<CaptureHazard> value;
    bool unbacked = mentionsUnbacked(n.meta());
    if (unbacked && !op)
      value = hazards_.ofValue(n);
    if (isCapturedPiece(pieceIndex)) {
      const CaptureHazard* h = nullptr;
      if (op && failsCapture(op->kind))
        h = &*op;
      else if (value && value->kind == CaptureHazardKind::DataDependentShape && !value->inherited)
        h = &*value;
      if (h) {
        UncapturableOp u;
        u.node = &n;
        u.pieceIndex = static_cast<size_t>(pieceIndex);
        u.cause = causeOf(h->kind);
        u.certain = h->certain;
        u.reason = h->reason;
        ++result.uncapturablePerPiece[u.pieceIndex];
        result.uncapturableOps.push_back(std::move(u));
      }
    }
    // A value only the data decides: what a host sync returns, an output whose
    // sizes are data-dependent, anything that introduces an unbacked symbol.
    RuntimeState& r = runtime_[i];
    if ((op && (op->kind == CaptureHazardKind::HostSync ||
                op->kind == CaptureHazardKind::DataDependentShape)) ||
        (value && !value->inherited)) {
      r.on = anyRuntime_ = true;
      return;
    }
    if (!anyRuntime_)
      return;
    // Computed from one: a scalar (or anything not a tensor), or a tensor
    // whose sizes mention its symbol. A tensor of static sizes that holds a
    // run-time value is data like any other.
    uint32_t j = kNone;
    n.forEachInput([&](const Node* in) {
      uint32_t k = numberOf(in);
      if (j == kNone && k != kNone && runtime_[k].on)
        j = k;
    });
    if (j != kNone && (unbacked || classifyValue(n, effects_.registry()) != ValueKind::Tensor)) {
      r.on = true;
      r.parent = j;
    }
  }

  /// One BakedScalar per input of a captured piece that is a run-time scalar
  /// (or a tensor with run-time sizes) an eager op computes.
  void collectBakedScalars(CaptureCheckResult& result) {
    result.bakedPerPiece.assign(plan_.size(), 0);
    if (!anyRuntime_)
      return;
    for (size_t p = 0; p < plan_.size(); ++p) {
      const Piece& piece = plan_.pieces()[p];
      if (piece.kind != PieceKind::Compiled)
        continue;
      for (const Node* v : piece.inputs) {
        uint32_t j = numberOf(v);
        if (j == kNone || !runtime_[j].on)
          continue;
        ValueKind kind = classifyValue(*v, effects_.registry());
        bool sizes = v->meta().tensor() && mentionsUnbacked(v->meta());
        bool scalar = isScalarKind(kind);
        if (!scalar && !sizes && kind != ValueKind::Opaque)
          continue;
        UnstableRead r;
        for (uint32_t k = j; k != kNone; k = runtime_[k].parent) {
          r.chain.push_back(num_.node(k));
          r.viaWrite.push_back(0);
        }
        std::reverse(r.chain.begin(), r.chain.end());
        // Computed inside a captured piece: reported there as an op a capture
        // cannot contain (its value is frozen by that capture first).
        if (isCapturedPiece(plan_.pieceIndexAt(numberOf(r.chain.front()))))
          continue;
        r.value = v;
        r.pieceIndex = p;
        r.consumer = firstUser(v, p, piece);
        r.cause = UnstableCause::BakedScalar;
        r.certain = scalar || sizes;
        r.sizesDataDependent = sizes;
        ++result.bakedPerPiece[p];
        result.bakedScalars.push_back(std::move(r));
      }
    }
  }

  const PartitionPlan& plan_;
  const NodeNumbering& num_;
  EffectAnalysis& effects_;
  const CaptureCheckOptions& options_;
  CaptureHazards hazards_;
  std::vector<ValueState> states_;
  std::vector<uint8_t> tensorLike_;
  std::vector<RuntimeState> runtime_;
  bool anyRuntime_ = false;
  /// Per node: how surely its work matters (findLiveNodes); empty until needed.
  std::vector<uint8_t> live_;
};

std::string nodeName(const Node* n) {
  return std::string(n->name().str());
}

/// What the origin does, for the messages.
std::string originPhrase(const UnstableRead& r) {
  const Node* o = r.origin();
  std::string target(o->target().str());
  switch (r.cause) {
  case UnstableCause::FreshReturn:
    return fmt::format("the eager op '{}' returns a fresh tensor", target);
  case UnstableCause::FreshElement:
    return fmt::format("the eager op '{}' returns fresh tensors (multi-output) and '{}' is one "
                       "of them",
                       target, nodeName(r.chain.size() > 1 ? r.chain[1] : o));
  case UnstableCause::MayCopy:
    return fmt::format("the eager op '{}' may copy (a view only when the strides allow it)",
                       target);
  case UnstableCause::Unknown:
    return fmt::format("the eager op '{}' has no schema: whether its output keeps its address "
                       "cannot be decided",
                       target);
  case UnstableCause::NonStaticInput:
    return fmt::format("the graph input '{}' is not static", nodeName(o));
  default:
    break;
  }
  return {};
}

/// `aten::nonzero.default`, `.item()`, `torch.nonzero`: how a call is written.
std::string callName(const Node* n) {
  if (n->op() == OpKind::CallMethod)
    return fmt::format(".{}()", n->target().str());
  return std::string(n->target().str());
}

/// The sizes of a tensor value, `[u0, 2]`.
std::string sizesText(const Node* n) {
  const TensorMeta* t = n->meta().tensor();
  if (!t)
    return "?";
  std::string out = "[";
  for (size_t d = 0; d < t->sizes.size(); ++d)
    out += (d ? ", " : "") + t->sizes[d].str();
  return out + "]";
}

} // namespace

FailureOr<PartitionPlan> partitionForBreakableCapture(const Graph& graph,
                                                      const std::vector<std::string>& breakOps,
                                                      const OpRegistry* registry,
                                                      DiagnosticEngine& diag) {
  SplittingOpOptions options;
  options.splittingOps = breakOps;
  options.mergeEmptyOnlyPieces = false;
  options.registry = registry;
  options.computeHashes = false;
  return partitionAtSplittingOps(graph, options, diag);
}

CaptureCheckResult checkCapture(const PartitionPlan& plan, EffectAnalysis& effects,
                                const CaptureCheckOptions& options) {
  return Checker(plan, effects, options).run();
}

std::string describeUnstableRead(const UnstableRead& read, const PartitionPlan& plan) {
  const std::string& piece = plan.pieces()[read.pieceIndex].name();
  if (read.cause == UnstableCause::BakedScalar) {
    std::string made =
        fmt::format("the eager op '{}' ('{}')", callName(read.origin()), nodeName(read.origin()));
    if (read.sizesDataDependent)
      return fmt::format("captured piece {} reads '{}', whose sizes {} come from tensor data: {} "
                         "computes them at run time; the capture freezes them, and replay keeps "
                         "the sizes of the capture",
                         piece, nodeName(read.value), sizesText(read.value), made);
    return fmt::format("captured piece {} takes the scalar '{}', computed from tensor data at run "
                       "time by {}: the capture freezes its value, and replay keeps the value of "
                       "the capture",
                       piece, nodeName(read.value), made);
  }
  std::string text = fmt::format("captured piece {} reads '{}' at an address replay does not "
                                 "keep: {}",
                                 piece, nodeName(read.value), originPhrase(read));
  if (read.sizesDataDependent)
    text += fmt::format(" (its sizes {} depend on the data)", sizesText(read.value));
  return text;
}

std::string fixForUnstableRead(const UnstableRead& read) {
  if (read.cause == UnstableCause::BakedScalar)
    return read.sizesDataDependent
               ? "make the consumer part of the eager region (a captured graph cannot take "
                 "sizes that change between replays), or give the value a static size (pad "
                 "to a bound: nonzero_static, repeat_interleave(..., output_size=N))"
               : "pass it to the captured piece as a 0-d tensor on the device (its kernels then "
                 "read the value of each step), or make the consumer part of the eager region";
  if (read.sizesDataDependent && read.cause != UnstableCause::NonStaticInput)
    return "make the consumer part of the eager region: its sizes are only known after the "
           "eager op ran, so no buffer can be allocated for it before";
  switch (read.cause) {
  case UnstableCause::NonStaticInput:
    return "copy the input into a static buffer before each replay, or declare it static "
           "(--static-inputs=all) if the runtime keeps it in place";
  case UnstableCause::Unknown:
    if (read.origin()->target().str().find("::") == std::string_view::npos)
      return fmt::format("check the aten graph (make_fx, AOT), where '{}' is an op with a "
                         "schema; or make the consumer part of the eager region",
                         read.origin()->target().str());
    return fmt::format("give '{}' a schema (--schema-file) so that its outputs can be decided; "
                       "or make the consumer part of the eager region",
                       read.origin()->target().str());
  default:
    return "write into an out buffer allocated by a captured piece (as "
           "vllm::unified_attention_with_output writes into `output` and returns nothing), or "
           "make the consumer part of the eager region";
  }
}

std::string describeUncapturableOp(const UncapturableOp& op, const PartitionPlan& plan) {
  std::string what;
  switch (op.cause) {
  case UnstableCause::HostSync:
    what = op.certain ? "it reads a device value on the host (a synchronization)"
                      : "it may read a device value on the host (a synchronization)";
    break;
  case UnstableCause::DeviceToHost:
    what = op.certain ? "it copies from the device to the host (a synchronization)"
                      : "it may copy from the device to the host (a synchronization)";
    break;
  default:
    what = "its output size depends on the data (the host waits for the device to learn it)";
    break;
  }
  return fmt::format("captured piece {} cannot capture '{}' ({}): {}, which a CUDA graph capture "
                     "does not allow ({})",
                     plan.pieces()[op.pieceIndex].name(), nodeName(op.node), callName(op.node),
                     what, op.reason);
}

std::string fixForUncapturableOp(const UncapturableOp& op) {
  // Splitting and break ops match call_function targets: a Tensor method
  // (Dynamo's `.item()`) cannot be one, but a custom op wrapping it can.
  std::string eager =
      op.node->op() == OpKind::CallMethod
          ? fmt::format("'{}' is a method call, which no splitting op matches (they match "
                        "call_function targets): move it out of the compiled code (compute the "
                        "value before calling the model and pass it in), or wrap it in a custom "
                        "op (torch.library.custom_op) and make that op a splitting op (or a "
                        "break op) so that it runs eagerly between captures",
                        callName(op.node))
          : fmt::format("make '{}' a splitting op (or a break op) so that it runs eagerly "
                        "between captures",
                        callName(op.node));
  switch (op.cause) {
  case UnstableCause::HostSync:
    return eager + ", or keep the value on the device (a 0-d tensor instead of a Python number)";
  case UnstableCause::DeviceToHost:
    return eager + ", or move the copy out of the captured region (after the graph)";
  default:
    return eager + ", or give its output a static size (nonzero_static, "
                   "repeat_interleave(..., output_size=N), a mask multiplied in instead of "
                   "indexing)";
  }
}

std::string captureFindingCounts(const CaptureCheckResult& result) {
  std::string text =
      fmt::format("not capture-safe: {} unstable read(s)", result.unstableReads.size());
  if (!result.uncapturableOps.empty())
    text += fmt::format(", {} uncapturable op(s)", result.uncapturableOps.size());
  if (!result.bakedScalars.empty())
    text += fmt::format(", {} baked scalar(s)", result.bakedScalars.size());
  return text;
}

std::vector<std::pair<size_t, std::string>> captureFindingLines(const CaptureCheckResult& result,
                                                                const PartitionPlan& plan) {
  std::vector<std::pair<size_t, std::string>> lines;
  for (const UnstableRead& r : result.unstableReads)
    lines.emplace_back(r.pieceIndex,
                       describeUnstableRead(r, plan) + "; fix: " + fixForUnstableRead(r));
  for (const UncapturableOp& op : result.uncapturableOps)
    lines.emplace_back(op.pieceIndex,
                       describeUncapturableOp(op, plan) + "; fix: " + fixForUncapturableOp(op));
  for (const UnstableRead& r : result.bakedScalars)
    lines.emplace_back(r.pieceIndex,
                       describeUnstableRead(r, plan) + "; fix: " + fixForUnstableRead(r));
  return lines;
}

size_t CaptureCheckResult::numPiecesWithFindings() const {
  size_t pieces = 0;
  for (size_t p = 0; p < unstablePerPiece.size(); ++p)
    pieces += unstablePerPiece[p] + uncapturablePerPiece[p] + bakedPerPiece[p] != 0;
  return pieces;
}

std::string captureWarningLine(const CaptureCheckResult& result, const PartitionPlan& plan) {
  const Node* at = nullptr;
  std::string first;
  if (!result.unstableReads.empty()) {
    at = result.unstableReads.front().origin();
    first = describeUnstableRead(result.unstableReads.front(), plan);
  } else if (!result.uncapturableOps.empty()) {
    at = result.uncapturableOps.front().node;
    first = describeUncapturableOp(result.uncapturableOps.front(), plan);
  } else {
    at = result.bakedScalars.front().origin();
    first = describeUnstableRead(result.bakedScalars.front(), plan);
  }
  Location loc = at->loc();
  std::string where =
      loc.isKnown() ? fmt::format("{}:{}:{}: ", loc.buffer->name(), loc.line, loc.col) : "";
  return fmt::format(
      "{} in {} of {} captured piece(s); first: {}{}; `piecewise check-capture` explains",
      captureFindingCounts(result), result.numPiecesWithFindings(),
      plan.size() - plan.numSplitting(), where, first);
}

void emitCaptureDiagnostics(const CaptureCheckResult& result, const PartitionPlan& plan,
                            Severity severity, DiagnosticEngine& diag) {
  auto report = [&](Severity s, Location loc, std::string msg) {
    switch (s) {
    case Severity::Error:
      diag.error(loc, std::move(msg));
      break;
    case Severity::Warning:
      diag.warning(loc, std::move(msg));
      break;
    case Severity::Note:
      diag.note(loc, std::move(msg));
      break;
    }
  };
  for (const UnstableRead& r : result.unstableReads) {
    report(severity, r.origin()->loc(), describeUnstableRead(r, plan));
    for (size_t k = 1; k < r.chain.size(); ++k) {
      const Node* v = r.chain[k];
      const Node* base = r.chain[k - 1];
      if (r.cause == UnstableCause::FreshElement && k == 1)
        continue; // the element itself: said in the error
      diag.note(v->loc(), r.viaWrite[k]
                              ? fmt::format("'{}' is '{}' itself, written in place by {}",
                                            nodeName(v), nodeName(base), v->target().str())
                              : fmt::format("'{}' is a view of '{}' ({})", nodeName(v),
                                            nodeName(base), v->target().str()));
    }
    diag.note(r.consumer->loc(), fmt::format("{} is captured and reads '{}' here ('{}')",
                                             plan.pieces()[r.pieceIndex].name(), nodeName(r.value),
                                             nodeName(r.consumer)));
    diag.note(r.origin()->loc(), "fix: " + fixForUnstableRead(r));
  }
  for (const UncapturableOp& op : result.uncapturableOps) {
    report(severity, op.node->loc(), describeUncapturableOp(op, plan));
    diag.note(op.node->loc(), "fix: " + fixForUncapturableOp(op));
  }
  for (const UnstableRead& r : result.bakedScalars) {
    report(severity, r.origin()->loc(), describeUnstableRead(r, plan));
    for (size_t k = 1; k < r.chain.size(); ++k)
      diag.note(r.chain[k]->loc(),
                fmt::format("'{}' is computed from '{}' ({})", nodeName(r.chain[k]),
                            nodeName(r.chain[k - 1]), callName(r.chain[k])));
    diag.note(r.consumer->loc(), fmt::format("{} is captured and reads '{}' here ('{}')",
                                             plan.pieces()[r.pieceIndex].name(), nodeName(r.value),
                                             nodeName(r.consumer)));
    diag.note(r.origin()->loc(), "fix: " + fixForUnstableRead(r));
  }
}

} // namespace piecewise
