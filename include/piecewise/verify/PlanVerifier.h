//===- PlanVerifier.h - Name scopes of a partitioned program ----*- C++ -*-===//
//
// The lifetime verifier. A partitioned program (the wrapper codegen emits:
// one function per captured partition plus `call`) is described abstractly as
// a ScopeProgram: per function, a list of statements over dense value ids
// (binding parameters, computing a value from others, `del`, calling a
// partition with a list of values, returning values). The verifier executes
// it in order -- `call` from the top, stepping into each partition at its
// call site -- keeping the set of names live in each function, and reports
// the first violation with the function and the statement's value:
//
//  - `del` of a name not in scope;
//  - a use of a name after its `del` (or never defined in this function);
//  - a partition output (a returned name) that is not defined;
//  - an alias outliving its base's frees: a name used after another name of
//    the same storage was freed (a `del` that is a free, not the hand-over of
//    a value to a partition);
//  - a call whose argument list does not match the callee's parameters.
// When no such violation exists, it reports the first buffer never freed:
// (parameters of a partition are borrowed and exempt)
// a name still live when its function returns that is neither returned nor
// (in `call`) part of a storage that reaches the graph output.
//
// The program is plain data so any emitter (piecewise's own codegen, a
// reader of Inductor's output code) can be checked the same way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

struct ScopeStmt {
  enum class Kind : uint8_t {
    Params,  ///< defs: the function's parameters (unpacked from `args`)
    Compute, ///< uses -> defs (one node)
    Del,     ///< uses: names deleted (freed, or handed over when `handOver`)
    Call,    ///< uses: the argument list; defs: the results; callee: a function index
    Return,  ///< uses: the returned names
  };
  Kind kind = Kind::Compute;
  bool handOver = false;
  int32_t callee = -1;
  /// The value ids it uses and defines: ranges of ScopeProgram::pool.
  uint32_t usesBegin = 0, numUses = 0, defsBegin = 0, numDefs = 0;
};

struct ScopeFunction {
  std::string name;
  std::vector<ScopeStmt> body;
};

struct ScopeProgram {
  /// The name of each value id (views of interned node names or of ownedNames).
  std::vector<std::string_view> names;
  /// Storage for names that are not views of longer-lived strings.
  std::deque<std::string> ownedNames;
  /// Where each value id is defined in the source, for diagnostics (may be empty).
  std::vector<Location> locations;
  /// Storage class per value id (values of one class share memory).
  std::vector<uint32_t> storage;
  /// Per storage class: true when it reaches the graph output (never freed).
  std::vector<bool> storageIsOutput;
  /// Index into functions of the entry (`call`).
  int32_t entry = 0;
  std::vector<ScopeFunction> functions;
  /// Every statement's value ids, one flat array (a million statements, no
  /// allocation each).
  std::vector<uint32_t> pool;

  std::span<const uint32_t> uses(const ScopeStmt& s) const {
    return {pool.data() + s.usesBegin, s.numUses};
  }
  std::span<const uint32_t> defs(const ScopeStmt& s) const {
    return {pool.data() + s.defsBegin, s.numDefs};
  }
  /// Appends a statement to `fn` with copies of `uses` and `defs` in the pool.
  ScopeStmt& append(ScopeFunction& fn, ScopeStmt::Kind kind, std::span<const uint32_t> uses,
                    std::span<const uint32_t> defs = {}) {
    ScopeStmt s;
    s.kind = kind;
    s.usesBegin = static_cast<uint32_t>(pool.size());
    s.numUses = static_cast<uint32_t>(uses.size());
    pool.insert(pool.end(), uses.begin(), uses.end());
    s.defsBegin = static_cast<uint32_t>(pool.size());
    s.numDefs = static_cast<uint32_t>(defs.size());
    pool.insert(pool.end(), defs.begin(), defs.end());
    fn.body.push_back(s);
    return fn.body.back();
  }
};

/// Runs `program` abstractly; on the first violation reports it as an error
/// (`in <function>: ...`) and fails.
LogicalResult verifyScopeProgram(const ScopeProgram& program, DiagnosticEngine& diag);

} // namespace piecewise
