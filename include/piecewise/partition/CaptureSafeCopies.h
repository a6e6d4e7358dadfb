//===- CaptureSafeCopies.h - Copy unstable values into static buffers -*- C++ -*-===//
//
// The automatic fix of `check-capture` (CaptureSafety.h): what vLLM's
// `unified_attention_with_output` does by hand (write into a buffer the piece
// before it allocated), done for every value a captured piece reads at an
// address replay does not keep. For each origin of an unstable read — the
// value that became unstable: an eager op's fresh return, a fresh element
// (getitem) of an eager multi-output op, the value of an eager op that may
// copy or has no schema, a graph input that is not static — it rewrites
//
//   from:  o = eager_op(...)                               # eager piece E
//          ... captured pieces read o, views of o, o written in place ...
//   to:    o_static = aten.empty_strided(<o's sizes>, <o's strides>, dtype=.., device=..)
//                                                          # right before E: the captured
//                                                          # piece before E allocates it
//          o = eager_op(...)
//          capture_copy = piecewise.capture_copy(o, o_static)  # right after o, in E
//          ... every later use of o reads o_static ...
//
// so the captured pieces read (views of) a buffer of the captured pool, which
// the eager region refills each step. The base is copied, never a view: a view
// of an unstable value (made eagerly or inside a captured piece) becomes the
// same view of the buffer, and an in-place write of o becomes a write of the
// buffer, so every reader sees what it saw before, when it read it. Since o is
// used by nothing but the copy afterwards, its memory is freed right after it.
//
// A non-static graph input x is copied at the start instead (allocations
// before the first node: a captured piece of their own; the copies after them:
// an eager piece), and, when any node may write x, copied back before the
// output (`capture_copy(x_static, x)`, eager), so the caller sees its input
// mutated as before; the output still returns x itself.
//
// `piecewise::capture_copy(Tensor src, Tensor(a!) out) -> ()` is piecewise's
// own op (its schema is built into the op registry; the Python package
// registers it with torch: `out.copy_(src)`). The splitting-op partitioner
// keeps it in the eager piece of the value it copies, or makes it eager on its
// own (SplittingOpPartitioner.h), so `split` and `check-capture` of the
// rewritten graph, with the same ops, give the same pieces plus the copies.
//
// Sizes and strides come from o's meta (contiguous strides when the dump has
// none or they overlap, as an expand's do: `aten.empty.memory_format`); a
// symbolic size is computed before E from a SymInt node or graph input that
// carries its symbols (`operator.mul`, `torch.sym_max`, ... for expressions),
// or from `aten.sym_size.int` of a graph input with that size. With no device
// in the dump, the buffer is allocated on torch's default device.
//
// Never touches (located errors, one per origin, and the graph unchanged):
//  - what a copy does not fix: an op a captured piece holds that a capture
//    cannot contain (CaptureCheckResult::uncapturableOps: host-sync,
//    data-dependent-shape, device-to-host), a scalar (or data-dependent size)
//    baked at capture (bakedScalars), an unstable read of another cause than
//    the five above;
//  - a value without tensor meta (sizes and dtype) in the dump;
//  - a value whose sizes are known only after the eager op: an unbacked
//    (data-dependent) symbol `u0`, a symbol no earlier node or input carries,
//    an expression that SymInt arithmetic cannot compute;
//  - a value of an op that may copy or has no schema (it may share memory
//    with its inputs) when a node after it may write that memory: the copy
//    would miss the write.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/partition/SplitGraph.h"

#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

/// The copy op's target (its schema: schema/OpRegistry.h, piecewiseSchemas()).
inline constexpr std::string_view kCaptureCopyTarget = "piecewise::capture_copy.default";

/// True when `node` calls piecewise::capture_copy.
bool isCaptureCopy(const Node& node);

/// One value copied into a static buffer.
struct CaptureCopy {
  /// The value copied: an eager op's value, a getitem of one, or a graph input.
  const Node* value = nullptr;
  /// Its buffer (`aten.empty_strided` / `aten.empty`), the copy into it, and,
  /// for a graph input that may be written, the copy back (else null).
  Node* buffer = nullptr;
  Node* copy = nullptr;
  Node* copyBack = nullptr;
  /// Bytes the copies of this value write per step (numel * element size,
  /// twice with a copy back): `1024`, `8192*s0`.
  std::string bytes;
};

struct CaptureFixResult {
  std::vector<CaptureCopy> copies;
  /// The sum of CaptureCopy::bytes, as one expression (`0` without copies).
  std::string bytesPerStep = "0";
};

/// Rewrites `graph` as the header comment says for every unstable read of
/// `check` (the result of checkCapture on `plan`, which is over `graph`).
/// Fails, with one located error per origin it cannot fix (a note at the
/// captured consumer), before changing anything. `plan` is invalid after a
/// success with copies: partition again.
FailureOr<CaptureFixResult> insertCaptureSafeCopies(Graph& graph, const PartitionPlan& plan,
                                                    const CaptureCheckResult& check,
                                                    EffectAnalysis& effects,
                                                    DiagnosticEngine& diag);

struct CaptureSafeOptions {
  /// Breakable capture around `breakOps`; else the split of `split` (its
  /// splitting ops, decompose-size, merging).
  bool breakable = false;
  std::vector<std::string> breakOps;
  SplitGraphOptions split;
  CaptureCheckOptions check;
};

/// The plan `check-capture` checks: partitionForBreakableCapture, or
/// splitGraph (which runs decompose-size on `graph`; `remat`, when not null,
/// receives what rematerialization changed).
FailureOr<PartitionPlan> planForCapture(Graph& graph, const OpRegistry* registry,
                                        const CaptureSafeOptions& options, DiagnosticEngine& diag,
                                        SymIntRematerializationStats* remat = nullptr);

struct CaptureSafeResult {
  CaptureFixResult fix;
  /// The plan of the rewritten graph and its check (clean).
  PartitionPlan plan;
  CaptureCheckResult check;
  /// What rematerialization changed in the last split (SplitGraphOptions).
  SymIntRematerializationStats remat;
};

/// Plans and checks `graph`; when unsafe, inserts the copies, verifies the
/// graph, plans and checks it again. Succeeds only when that last check is
/// clean (a graph already safe comes back unchanged, but for decompose-size).
/// Fails with located errors: what insertCaptureSafeCopies cannot fix, or
/// what the check of the rewritten graph still finds; `graph` may then have
/// been changed (discard it).
FailureOr<CaptureSafeResult> makeCaptureSafe(Graph& graph, const OpRegistry* registry,
                                             const CaptureSafeOptions& options,
                                             DiagnosticEngine& diag);

} // namespace piecewise
