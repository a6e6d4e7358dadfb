//===- CaptureSafety.cpp - Does every captured piece read stable memory? --===//
//
// One walk in graph order gives every value a state (stable, or unstable
// with the node it is a view of and the node that made it unstable); then
// each captured piece's inputs are looked up. See CaptureSafety.h.
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/CaptureSafety.h"

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/schema/FunctionSchema.h"

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

/// True for a schema argument that is an out buffer by torch's and vLLM's
/// naming (`out`, `out0`, `output`, `result`), as opposed to a self written in place.
bool isOutArgumentName(std::string_view name) {
  return name.starts_with("out") || name == "result";
}

/// True when `node` calls a Python binding of aten's native functions
/// (`torch._C._nn.scaled_dot_product_attention`, what Dynamo records for
/// `F.scaled_dot_product_attention`) whose every `aten::<name>` overload
/// returns new tensors: no return carries an alias annotation and no argument
/// is written. Such a call has no schema of its own, but what it returns is
/// decided by those of the op it dispatches to.
bool isFreshNativeBinding(const Node& node, const OpRegistry* registry) {
  if (!registry || node.op() != OpKind::CallFunction)
    return false;
  std::string_view t = node.target().str();
  static constexpr std::string_view kBindings[] = {"torch._C._nn.", "torch._C._VariableFunctions.",
                                                   "torch._C._linalg.", "torch._C._special.",
                                                   "torch._C._fft."};
  std::string_view name;
  for (std::string_view prefix : kBindings)
    if (t.starts_with(prefix))
      name = t.substr(prefix.size());
  if (name.empty() || name.find('.') != std::string_view::npos)
    return false;
  std::vector<const FunctionSchema*> overloads = registry->overloads("aten::" + std::string(name));
  if (overloads.empty())
    return false;
  for (const FunctionSchema* s : overloads) {
    if (s->returns.empty())
      return false;
    for (const SchemaArgument& r : s->returns)
      if (r.alias || r.type.rfind("Tensor", 0) != 0)
        return false;
    for (const SchemaArgument& a : s->arguments)
      if (a.isWrite())
        return false;
  }
  return true;
}

class Checker {
public:
  Checker(const PartitionPlan& plan, EffectAnalysis& effects, const CaptureCheckOptions& options)
      : plan_(plan), num_(plan.numbering()), effects_(effects), options_(options),
        states_(num_.size()), tensorLike_(num_.size(), 0) {}

  CaptureCheckResult run() {
    CaptureCheckResult result;
    for (uint32_t i = 0; i < num_.size(); ++i)
      visit(i, result);
    collectReads(result);
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

  /// Whether a getitem takes an element of a multi-output op that its schema
  /// does not annotate as an alias (`-> (Tensor(a!), Tensor)`: element 1 is
  /// new memory although element 0 is the written buffer). An index that is
  /// not a constant counts as fresh when any element is.
  static bool isFreshElement(const Node& n, const NodeEffects& se) {
    if (!se.schema || se.schema->returns.size() < 2)
      return false;
    const auto& returns = se.schema->returns;
    if (n.args().size() > 1 && n.args()[1].isInt()) {
      int64_t k = n.args()[1].getInt();
      int64_t size = static_cast<int64_t>(returns.size());
      if (k < 0)
        k += size;
      if (k >= 0 && k < size)
        return !returns[static_cast<size_t>(k)].alias;
    }
    return std::any_of(returns.begin(), returns.end(), [](const auto& r) { return !r.alias; });
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
      if (se.freshElements || isFreshElement(n, se)) {
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
    size_t writtenIndex = 0;
    effects_.forEachWritten(n, [&](const Node* w) {
      if (!written)
        written = w;
    });
    if (e.writes == WriteKind::SchemaArgs && !e.writtenArgs.empty())
      writtenIndex = e.writtenArgs.front();
    bool outName = e.writes == WriteKind::SchemaArgs && e.schema &&
                   isOutArgumentName(e.schema->arguments[writtenIndex].name);
    OutputContract writeContract = outName ? OutputContract::OutBuffer : OutputContract::InPlace;

    if (e.opaque && isFreshNativeBinding(n, effects_.registry())) {
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
        UnstableRead r;
        r.value = v;
        r.pieceIndex = p;
        uint32_t first = kNone;
        for (const Node* u : v->users()) {
          uint32_t k = numberOf(u);
          if (k != kNone && plan_.pieceIndexAt(k) == static_cast<int32_t>(p) &&
              (first == kNone || k < first))
            first = k;
        }
        r.consumer = first == kNone ? piece.nodes.front() : num_.node(first);
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
        r.certain = states_[j].certain;
        ++result.unstablePerPiece[p];
        result.unstableReads.push_back(std::move(r));
      }
    }
  }

  const PartitionPlan& plan_;
  const NodeNumbering& num_;
  EffectAnalysis& effects_;
  const CaptureCheckOptions& options_;
  std::vector<ValueState> states_;
  std::vector<uint8_t> tensorLike_;
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
  }
  return {};
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
  return fmt::format("captured piece {} reads '{}' at an address replay does not keep: {}",
                     plan.pieces()[read.pieceIndex].name(), nodeName(read.value),
                     originPhrase(read));
}

std::string fixForUnstableRead(const UnstableRead& read) {
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

std::string captureWarningLine(const CaptureCheckResult& result, const PartitionPlan& plan) {
  size_t pieces = 0;
  for (size_t n : result.unstablePerPiece)
    pieces += n != 0;
  const UnstableRead& first = result.unstableReads.front();
  Location loc = first.origin()->loc();
  std::string where =
      loc.isKnown() ? fmt::format("{}:{}:{}: ", loc.buffer->name(), loc.line, loc.col) : "";
  return fmt::format("not capture-safe: {} unstable read(s) in {} captured piece(s); first: "
                     "{}{}; `piecewise check-capture` explains",
                     result.unstableReads.size(), pieces, where, describeUnstableRead(first, plan));
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
}

} // namespace piecewise
