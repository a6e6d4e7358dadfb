//===- CaptureSafety.h - Does every captured piece read stable memory? -*- C++ -*-===//
//
// Decides, for a plan whose compiled pieces are captured as CUDA graphs and
// whose other pieces run eagerly between them (a split at splitting ops:
// vLLM's piecewise CUDA graphs; or the eager regions of breakable capture
// around break ops), whether every tensor a captured piece reads has an
// address that replay reproduces. A CUDA graph bakes in the address of each
// tensor it reads; a tensor an eager op allocates is allocated again at
// replay, possibly elsewhere, and the graph then reads stale memory.
//
// The rule (docs/capture.md), one value at a time in graph order:
//  - stable: a static graph input (CaptureCheckOptions::staticInputs says
//    which placeholders are), a get_attr constant, any value a captured piece
//    computes (its memory comes from the graph's pool) unless it is a view of
//    an unstable value, a view (plain view or getitem unpacking) of a stable
//    value, and the buffer an eager op writes in place or through an out
//    argument (`Tensor(a!)`, returned aliased) when that buffer is stable;
//  - unstable: a fresh return of an eager op, a getitem of an eager op whose
//    elements are fresh (multi-output ops), an eager op that may copy
//    (`reshape`, `contiguous`, `to`: views by schema that copy when the
//    strides do not allow a view), a view of an unstable value (eager or
//    captured), a placeholder that is not static, and anything an eager op
//    without a schema returns (undecidable: reported as such, never guessed),
//    except a call of a Python binding of aten's native functions
//    (`torch._C._nn.scaled_dot_product_attention`, as Dynamo records
//    `F.scaled_dot_product_attention`) when every overload of the aten op it
//    dispatches to returns new tensors: a fresh return.
// Every tensor-like input of a captured piece (PartitionPlan: the values it
// reads from outside) that is unstable and whose data the piece reads is one
// UnstableRead, with the chain of views from the eager op (or input) that
// allocated it. A piece that uses such a tensor only for its sizes, strides,
// dtype or device (`empty_like(attn)`, `attn.new_zeros(...)`, `attn.shape`,
// `sym_size`; "reads metadata only", analysis/Effects.h rule 7), directly or
// through views it makes of it, reads no byte of it: not reported; nor is a
// read whose result nothing in the piece uses and that does not leave it
// (dead code, which the piece's compiler removes; writes into memory the
// piece allocated and nothing reads later included). A read only by ops
// whose effects are unknown (no schema) and whose values nothing uses is
// reported as not certain.
//
// What else a capture bakes in:
//  - an op inside a captured piece that a capture cannot contain: a host
//    synchronization (`.item()`, `aten::_local_scalar_dense`, `.tolist()`, a
//    boolean-mask write), a data-dependent output size (`nonzero`,
//    `masked_select`, `unique`, a boolean-mask index, `repeat_interleave`
//    without `output_size`, any op whose meta introduces an unbacked symbol),
//    a copy from an accelerator to the host: one UncapturableOp each, by the
//    analysis layer's one rule (analysis/CaptureHazards.h, which the
//    cudagraph partitioner uses too);
//  - a run-time scalar: an input of a captured piece that is a SymInt /
//    SymFloat / SymBool / number computed at run time from tensor data by an
//    eager op (an `.item()`, anything whose meta introduces an unbacked
//    symbol `u0`, and what is computed from those), or a tensor whose sizes
//    are such a symbol: the capture freezes its value and replay keeps it.
//    (Computed in a captured piece, the op that computes it is reported
//    there, as one a capture cannot contain.)
//    One UnstableRead with cause BakedScalar each (CaptureCheckResult::
//    bakedScalars). A scalar computed from the graph inputs' sizes is fine
//    (the runtime captures one graph per size).
//
// Each eager op also gets its output contract, what a breakable runtime must
// know about it: `out-buffer` (writes an out argument; its value, if any, is
// that buffer), `in-place` (writes its self), `view-of-stable` /
// `view-of-unstable` (a plain view), `fresh` (allocates, or may), `unknown`
// (no schema), `none` (returns nothing and writes nothing).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/Effects.h"
#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/support/Diagnostic.h"

#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

/// Which graph inputs the capturing runtime keeps at fixed addresses.
enum class StaticInputs : uint8_t {
  All,    ///< every placeholder (vLLM: persistent input buffers and parameters)
  Params, ///< parameters and buffers only (placeholders Dynamo names `..._parameters_...`
          ///< or `..._buffers_...`); get_attr constants always are
  None,   ///< no placeholder; get_attr constants still are
};

/// `all`, `params`, `none`.
std::string_view staticInputsName(StaticInputs s);

/// What an eager op's value is, for a runtime that does not copy.
enum class OutputContract : uint8_t {
  OutBuffer,      ///< writes an out argument (`Tensor(a!) out`), returns nothing or it
  InPlace,        ///< writes its self / first written argument, returns nothing or it
  ViewOfStable,   ///< a plain view of stable values
  ViewOfUnstable, ///< a plain view of an unstable value
  Fresh,          ///< returns new memory (or may: a copy-if-needed view)
  Unknown,        ///< no schema: undecidable
  None,           ///< returns nothing, writes nothing
};

/// `out-buffer`, `in-place`, `view-of-stable`, `view-of-unstable`, `fresh`, `unknown`, `none`.
std::string_view outputContractName(OutputContract c);

/// Why a value is unstable at its origin.
enum class UnstableCause : uint8_t {
  FreshReturn,    ///< an eager op returns new memory
  FreshElement,   ///< a getitem of an eager multi-output op whose elements are fresh
  MayCopy,        ///< an eager op that copies when it cannot view
  Unknown,        ///< an eager op without a schema
  NonStaticInput, ///< a placeholder the runtime does not keep in place
  // What a capture cannot contain (UncapturableOp), and a frozen scalar:
  HostSync,           ///< reads a device value on the host (`.item()`)
  DataDependentShape, ///< an output size that depends on the data (`nonzero`)
  DeviceToHost,       ///< a copy from an accelerator to the host (`.cpu()`)
  BakedScalar,        ///< a scalar (or size) computed at run time by an eager op
};

/// `fresh-return`, `fresh-element`, `may-copy`, `unknown-schema`, `non-static-input`,
/// `host-sync`, `data-dependent-shape`, `device-to-host`, `baked-scalar`.
std::string_view unstableCauseName(UnstableCause c);

struct CaptureCheckOptions {
  StaticInputs staticInputs = StaticInputs::All;
};

/// One eager op (a call in a piece that is not captured; getitems of an eager
/// op belong to it and are not listed) with its output contract.
struct EagerOp {
  const Node* node = nullptr;
  /// Index into plan.pieces() of its eager piece.
  size_t pieceIndex = 0;
  OutputContract contract = OutputContract::Unknown;
  /// Whether its value (or, with several, every element) is stable.
  bool stable = false;
  /// The argument it writes (out-buffer, in-place) or views; null otherwise.
  const Node* buffer = nullptr;
};

/// One tensor a captured piece reads whose address replay does not reproduce.
struct UnstableRead {
  /// The value read (an input of the piece).
  const Node* value = nullptr;
  /// The captured piece (index into plan.pieces()) and its first node reading it.
  size_t pieceIndex = 0;
  const Node* consumer = nullptr;
  /// From the node that made it unstable (an eager op, a getitem of one, a
  /// placeholder) to `value`: the views in between, in order. chain.front()
  /// is the origin, chain.back() is `value`.
  std::vector<const Node*> chain;
  /// Parallel to chain: 1 where chain[k] is chain[k-1] itself, written in place
  /// or through an out argument (`add_`, `add.out`), 0 where it is a view.
  std::vector<uint8_t> viaWrite;
  UnstableCause cause = UnstableCause::FreshReturn;
  /// True when the address surely changes (a fresh return, a fresh element,
  /// a non-static input); false when it may (may-copy, no schema). For a
  /// BakedScalar: true when the value is surely computed from tensor data.
  bool certain = true;
  /// The value's sizes mention an unbacked (data-dependent) symbol: they are
  /// only known after the eager op ran, so no buffer can be allocated for it
  /// before (the out-buffer fix is impossible).
  bool sizesDataDependent = false;

  const Node* origin() const { return chain.front(); }
};

/// One op inside a captured piece that a CUDA graph capture cannot contain
/// (analysis/CaptureHazards.h: failsCapture).
struct UncapturableOp {
  const Node* node = nullptr;
  /// The captured piece (index into plan.pieces()).
  size_t pieceIndex = 0;
  /// HostSync, DataDependentShape or DeviceToHost.
  UnstableCause cause = UnstableCause::HostSync;
  /// False when the op may or may not do it (an unknown device, `x[mask] = v`).
  bool certain = true;
  /// The analysis layer's phrase ("data-dependent output: aten::nonzero.default").
  std::string reason;
};

struct CaptureCheckResult {
  std::vector<EagerOp> eagerOps;
  /// Reads of tensors at an address replay does not keep.
  std::vector<UnstableRead> unstableReads;
  /// True when no captured piece reads an unstable tensor, contains an op a
  /// capture cannot contain or takes a run-time scalar.
  bool clean() const {
    return unstableReads.empty() && uncapturableOps.empty() && bakedScalars.empty();
  }
  /// The number of unstable reads per piece index (sized like plan.pieces()).
  std::vector<size_t> unstablePerPiece;
  /// Ops a capture cannot contain, in graph order.
  std::vector<UncapturableOp> uncapturableOps;
  /// Run-time scalars (and sizes) captured pieces take: cause BakedScalar.
  std::vector<UnstableRead> bakedScalars;
  /// The numbers of uncapturable ops and of baked scalars per piece index.
  std::vector<size_t> uncapturablePerPiece;
  std::vector<size_t> bakedPerPiece;
  /// How many findings of every kind there are.
  size_t numFindings() const {
    return unstableReads.size() + uncapturableOps.size() + bakedScalars.size();
  }
  /// How many pieces have a finding of any kind.
  size_t numPiecesWithFindings() const;
};

/// The plan of breakable capture: one capture of the whole graph, closed
/// around each break op (consecutive break ops share one eager region; a
/// getitem goes with its producer), reopened after it. The splitting-op
/// partitioner with `breakOps` as splitting ops, without merging pieces and
/// without rewriting the graph (nothing crosses a Python boundary).
FailureOr<PartitionPlan> partitionForBreakableCapture(const Graph& graph,
                                                      const std::vector<std::string>& breakOps,
                                                      const OpRegistry* registry,
                                                      DiagnosticEngine& diag);

/// Checks `plan` (finalized): compiled pieces are captured, every other piece
/// runs eagerly. `effects` must be over the registry the plan was made with.
CaptureCheckResult checkCapture(const PartitionPlan& plan, EffectAnalysis& effects,
                                const CaptureCheckOptions& options);

/// True when `placeholder` is a parameter or buffer by Dynamo's naming
/// (`L_self_modules_0_parameters_weight_`, `l__self___buffers_x_`).
bool isParameterPlaceholder(const Node& placeholder);

/// One sentence: what is wrong with `read` ("captured piece submod_2 reads 'attn' at
/// an address replay does not keep: the eager op 'vllm::unified_attention.default'
/// returns a fresh tensor"); for a BakedScalar, that its value is frozen.
std::string describeUnstableRead(const UnstableRead& read, const PartitionPlan& plan);
/// The fix to suggest for `read`.
std::string fixForUnstableRead(const UnstableRead& read);

/// One sentence: why `op` cannot be in its captured piece.
std::string describeUncapturableOp(const UncapturableOp& op, const PartitionPlan& plan);
/// The fix to suggest for `op`: make it a splitting (or break) op; a Tensor
/// method, which no splitting op matches, moved out of the compiled code or
/// wrapped in a custom op that is made one.
std::string fixForUncapturableOp(const UncapturableOp& op);

/// "not capture-safe: N unstable read(s)[, K uncapturable op(s)][, B baked
/// scalar(s)]": the counts, the ones after the first only when not zero.
std::string captureFindingCounts(const CaptureCheckResult& result);

/// Every finding as (piece index, "<description>; fix: <fix>"), in the order
/// emitCaptureDiagnostics reports them: unstable reads, uncapturable ops,
/// baked scalars.
std::vector<std::pair<size_t, std::string>> captureFindingLines(const CaptureCheckResult& result,
                                                                const PartitionPlan& plan);

/// One line for commands that only warn (`split`, `report`): "<captureFindingCounts>
/// in M of N captured piece(s); first: FILE:L:C: <description>; `piecewise
/// check-capture` explains", M the pieces with a finding (numPiecesWithFindings),
/// as check-capture's summary says (CaptureCheckReport.h). Pre: !result.clean().
std::string captureWarningLine(const CaptureCheckResult& result, const PartitionPlan& plan);

/// Adds one diagnostic of `severity` per unstable read (at the origin), a
/// note at the captured consumer, a note per view in between and a note with
/// the fix; then one per uncapturable op (at the op, with the fix), then one
/// per baked scalar (at the eager op that computes it, with the values in
/// between, the consumer and the fix).
void emitCaptureDiagnostics(const CaptureCheckResult& result, const PartitionPlan& plan,
                            Severity severity, DiagnosticEngine& diag);

} // namespace piecewise
