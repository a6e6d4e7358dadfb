//===- CaptureCheckReport.h - check-capture's renderings --------*- C++ -*-===//
//
// The one text and the one JSON of a capture check (CaptureSafety.h), which
// `piecewise check-capture` prints and `piecewise.check_capture` reads (the
// binding hands Python this JSON; CaptureReport's `summary` is this text), so
// the two cannot disagree.
//
// The summary line: "capture-safe: N captured piece(s) read only stable memory
// (E eager op(s))", or "<captureFindingCounts> in M of N captured piece(s)", M
// the pieces with a finding -- the same M as captureWarningLine's.
//
// The JSON object: `mode` (split | breakable), `static_inputs`, `clean`,
// `segments` ({name, kind: captured | eager, nodes: count, node_names when
// asked, unstable_reads / uncapturable_ops / baked_scalars counts for a
// captured piece, reason for an eager one}), `eager_ops` ({name, target |
// op, line, col, segment, contract, stable, buffer}), `unstable_reads` and
// `baked_scalars` ({segment, value, cause, certain, sizes_data_dependent
// when true, origin and consumer as {name, target | op, line, col}, chain,
// message, fix}), `uncapturable_ops` ({segment, cause, certain, node, reason,
// message, fix}) and, after --fix, `fix` ({copies: [{value, buffer, copy,
// copy_back, bytes}], bytes_per_step}). Line and column are given where the
// graph was read from text.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/CaptureSafeCopies.h"
#include "piecewise/partition/CaptureSafety.h"

#include <string>

namespace piecewise {

struct CaptureJsonOptions {
  bool breakable = false;
  StaticInputs staticInputs = StaticInputs::All;
  /// Each segment's node names (`node_names`), for a caller that maps them
  /// back to its own nodes.
  bool nodeNames = false;
  /// The copies --fix inserted, or null.
  const CaptureFixResult* fix = nullptr;
};

/// The summary line (the file comment), with its newline.
std::string renderCaptureSummary(const CaptureCheckResult& result, const PartitionPlan& plan);

/// The JSON object (the file comment), indented, with a final newline.
std::string renderCaptureJson(const CaptureCheckResult& result, const PartitionPlan& plan,
                              const CaptureJsonOptions& options);

} // namespace piecewise
