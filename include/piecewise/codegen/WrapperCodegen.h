//===- WrapperCodegen.h - Runnable Python for a partitioned graph -*- C++ -*-===//
//
// Lowers a LifetimePlan to the wrapper Inductor would write, first as a
// ScopeProgram (verify/PlanVerifier.h: what the plan verifier checks), then as
// Python text printed from that same program, so the code that runs is the
// code that was verified:
//
//   def partition_0(args):          # one per captured (cudagraphable) piece
//       x, y = args
//       args.clear()
//       add = torch.ops.aten.add.Tensor(x, 1)
//       del x                       # at each value's death
//       return (add, y)
//
//   def call(args):                 # graph inputs in placeholder order
//       x, y = args
//       args.clear()
//       partition0_args = [x, y]
//       del x, y                    # handed over: the partition frees them
//       add, y, = partition_0(partition0_args)
//       del partition0_args
//       cpu = add.cpu()             # uncaptured pieces run inline
//       ...
//       return (out,)               # graph outputs, always a tuple
//
// Value ids in the ScopeProgram are node numbers of the plan's numbering.
// The module needs only `torch` (plus the custom ops it calls). get_attr and
// call_module nodes cannot be emitted (a dump carries no attribute values).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/Lifetimes.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"
#include "piecewise/verify/PlanVerifier.h"

#include <string>
#include <utility>
#include <vector>

namespace piecewise {

struct WrapperProgram {
  ScopeProgram program;
  /// Per function: the plan piece index it runs, or -1 for `call`.
  std::vector<int32_t> functionPiece;
};

/// Builds the wrapper's scope program from the lifetimes (never fails).
WrapperProgram lowerToWrapper(const LifetimePlan& lifetimes);

struct WrapperEmitOptions {
  /// Device rewrites, `cuda:0` -> `cpu` or `cuda` -> `cpu` (a type matches every index).
  std::vector<std::pair<std::string, std::string>> deviceMap;
  /// A comment line put at the top (e.g. the source file and the plan).
  std::string header;
};

/// Prints `wrapper` as a Python module. Fails (with a diagnostic at the node)
/// on nodes that cannot be emitted.
FailureOr<std::string> emitPythonWrapper(const WrapperProgram& wrapper,
                                         const LifetimePlan& lifetimes,
                                         const WrapperEmitOptions& options, DiagnosticEngine& diag);

/// Parses `cuda:0=cpu,cuda=cpu` style device-map entries. Each side must be a
/// torch device spelling: a device type (`cpu`, `cuda`, `mps`, ...) with an
/// optional `:N` index; anything else is an error (no location: a usage error).
/// The map applies to torch.device values and to device strings where a device
/// is expected (`device = 'cuda:0'` keyword arguments, `.to('cuda:0')`).
FailureOr<std::vector<std::pair<std::string, std::string>>>
parseDeviceMap(const std::vector<std::string>& entries, DiagnosticEngine& diag);

} // namespace piecewise
