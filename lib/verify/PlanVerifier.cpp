//===- PlanVerifier.cpp - Name scopes of a partitioned program ------------===//

#include "piecewise/verify/PlanVerifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace piecewise {

namespace {

enum : uint8_t { kUndefined = 0, kLive = 1, kDeleted = 2 };

class ScopeRunner {
public:
  ScopeRunner(const ScopeProgram& p, DiagnosticEngine& diag)
      : p_(p), diag_(diag), freed_(p.storageIsOutput.size(), 0) {}

  LogicalResult run() {
    if (p_.entry < 0 || static_cast<size_t>(p_.entry) >= p_.functions.size())
      return fail("<program>", "no entry function");
    if (failed(runFunction(static_cast<size_t>(p_.entry), nullptr, 0)))
      return failure();
    if (leak_) {
      diag_.error(locationOf(leakValue_), *leak_);
      return failure();
    }
    return success();
  }

private:
  struct Frame {
    std::vector<uint8_t> state;
    std::vector<uint32_t> touched;
  };

  Location locationOf(uint32_t v) const {
    return v < p_.locations.size() ? p_.locations[v] : Location{};
  }
  /// Reports at the definition of value `v` (when known).
  LogicalResult fail(std::string_view fn, std::string msg, uint32_t v = ~0u) {
    diag_.error(locationOf(v), fmt::format("in {}: {}", fn, msg));
    return failure();
  }
  std::string_view name(uint32_t v) const { return p_.names[v]; }
  bool storageFreed(uint32_t v) const {
    return v < p_.storage.size() && p_.storage[v] < freed_.size() && freed_[p_.storage[v]];
  }

  Frame& frame(size_t depth) {
    if (frames_.size() <= depth)
      frames_.resize(depth + 1);
    Frame& f = frames_[depth];
    if (f.state.size() != p_.names.size())
      f.state.assign(p_.names.size(), kUndefined);
    return f;
  }

  LogicalResult use(const ScopeFunction& fn, Frame& f, uint32_t v, std::string_view what) {
    if (v >= p_.names.size())
      return fail(fn.name, fmt::format("value id {} out of range", v));
    if (f.state[v] == kDeleted)
      return fail(fn.name, fmt::format("use of '{}' after del ({})", name(v), what), v);
    if (f.state[v] != kLive)
      return fail(fn.name, fmt::format("'{}' is not defined here ({})", name(v), what), v);
    if (storageFreed(v))
      return fail(fn.name,
                  fmt::format("'{}' outlives the free of its storage (an alias of it "
                              "was freed before) ({})",
                              name(v), what),
                  v);
    return success();
  }
  void define(Frame& f, uint32_t v) {
    if (f.state[v] == kUndefined)
      f.touched.push_back(v);
    f.state[v] = kLive;
  }

  LogicalResult runFunction(size_t index, std::span<const uint32_t> const* args, size_t depth) {
    const ScopeFunction& fn = p_.functions[index];
    if (depth > 8)
      return fail(fn.name, "calls nest too deep");
    Frame& f0 = frame(depth);
    (void)f0;
    bool returned = false;
    std::vector<uint32_t> returnedValues;
    uint32_t handedOverStamp = 0; // marks >= this were handed over by the last del
    // Parameters are borrowed: the caller keeps the ones the callee does not free.
    std::vector<uint32_t> params;
    for (size_t k = 0; k < fn.body.size(); ++k) {
      const ScopeStmt& s = fn.body[k];
      Frame& f = frames_[depth];
      switch (s.kind) {
      case ScopeStmt::Kind::Params:
        if (args && !std::ranges::equal(*args, p_.defs(s))) {
          std::string got, want;
          for (uint32_t v : *args)
            got += fmt::format("{}{}", got.empty() ? "" : ", ", name(v));
          for (uint32_t v : p_.defs(s))
            want += fmt::format("{}{}", want.empty() ? "" : ", ", name(v));
          return fail(fn.name, fmt::format("called with [{}] but unpacks [{}]", got, want));
        }
        for (uint32_t v : p_.defs(s))
          define(f, v);
        params.assign(p_.defs(s).begin(), p_.defs(s).end());
        std::sort(params.begin(), params.end());
        break;
      case ScopeStmt::Kind::Compute:
        for (uint32_t v : p_.uses(s))
          if (failed(use(fn, f, v,
                         s.numDefs == 0 ? std::string("used")
                                        : fmt::format("used by '{}'", name(p_.defs(s)[0])))))
            return failure();
        for (uint32_t v : p_.defs(s))
          define(f, v);
        break;
      case ScopeStmt::Kind::Del:
        if (s.handOver) {
          // The argument list is built before the hand-over: check it first.
          if (k + 1 >= fn.body.size() || fn.body[k + 1].kind != ScopeStmt::Kind::Call)
            return fail(fn.name, "a hand-over del that is not followed by a call");
          for (uint32_t v : p_.uses(fn.body[k + 1]))
            if (failed(use(fn, f, v, "call argument")))
              return failure();
          handedOverStamp = ++handOverStamp_;
          for (uint32_t v : p_.uses(s))
            handedOverMark_[v] = handedOverStamp;
        }
        for (uint32_t v : p_.uses(s)) {
          if (f.state[v] != kLive)
            return fail(fn.name,
                        fmt::format("del of '{}', which is not in scope{}", name(v),
                                    f.state[v] == kDeleted ? " (deleted before)" : ""),
                        v);
          f.state[v] = kDeleted;
          if (!s.handOver && p_.storage[v] < freed_.size())
            freed_[p_.storage[v]] = 1;
        }
        break;
      case ScopeStmt::Kind::Call: {
        std::string what = s.callee >= 0 && static_cast<size_t>(s.callee) < p_.functions.size()
                               ? fmt::format("argument of {}", p_.functions[s.callee].name)
                               : std::string("call argument");
        for (uint32_t v : p_.uses(s))
          if (!(handedOverStamp && handedOverMark_[v] == handedOverStamp) &&
              failed(use(fn, f, v, what)))
            return failure();
        handedOverStamp = 0;
        if (s.callee < 0 || static_cast<size_t>(s.callee) >= p_.functions.size())
          return fail(fn.name, "call of an unknown function");
        // Values handed over are deleted in this frame by a Del before the call;
        // the callee gets its own scope.
        std::span<const uint32_t> callArgs = p_.uses(s);
        std::vector<uint32_t> results;
        if (failed(runFunction(static_cast<size_t>(s.callee), &callArgs, depth + 1, &results)))
          return failure();
        if (!std::ranges::equal(results, p_.defs(s)))
          return fail(fn.name, fmt::format("{} returns {} values, {} are bound",
                                           p_.functions[s.callee].name, results.size(), s.numDefs));
        Frame& g = frames_[depth];
        for (uint32_t v : p_.defs(s))
          define(g, v);
        break;
      }
      case ScopeStmt::Kind::Return:
        for (uint32_t v : p_.uses(s)) {
          if (f.state[v] != kLive)
            return fail(fn.name,
                        fmt::format("returns '{}', which is {}", name(v),
                                    f.state[v] == kDeleted ? "deleted" : "not defined"),
                        v);
        }
        returnedValues.assign(p_.uses(s).begin(), p_.uses(s).end());
        returned = true;
        break;
      }
      if (returned)
        break;
    }
    Frame& f = frames_[depth];
    // Leaks: live names neither returned nor part of an output storage.
    for (uint32_t v : returnedValues)
      f.state[v] = kUndefined + 3; // mark as returned
    for (uint32_t v : f.touched) {
      if (f.state[v] == kLive && !leak_ &&
          !(depth > 0 && std::binary_search(params.begin(), params.end(), v))) {
        bool outputStorage = depth == 0 && p_.storage[v] < p_.storageIsOutput.size() &&
                             p_.storageIsOutput[p_.storage[v]];
        if (!outputStorage) {
          leak_ = fmt::format("in {}: '{}' is never freed and is not returned", fn.name, name(v));
          leakValue_ = v;
        }
      }
    }
    if (lastResults_)
      *lastResults_ = returnedValues;
    for (uint32_t v : f.touched)
      f.state[v] = kUndefined;
    f.touched.clear();
    return success();
  }

  LogicalResult runFunction(size_t index, std::span<const uint32_t> const* args, size_t depth,
                            std::vector<uint32_t>* results) {
    std::vector<uint32_t>* saved = lastResults_;
    lastResults_ = results;
    LogicalResult r = runFunction(index, args, depth);
    lastResults_ = saved;
    return r;
  }

  const ScopeProgram& p_;
  DiagnosticEngine& diag_;
  std::vector<uint8_t> freed_;
  std::vector<Frame> frames_;
  std::optional<std::string> leak_;
  uint32_t leakValue_ = ~0u;
  std::vector<uint32_t>* lastResults_ = nullptr;
  std::vector<uint32_t> handedOverMark_ = std::vector<uint32_t>(p_.names.size(), 0);
  uint32_t handOverStamp_ = 0;
};

} // namespace

LogicalResult verifyScopeProgram(const ScopeProgram& program, DiagnosticEngine& diag) {
  ScopeRunner runner(program, diag);
  return runner.run();
}

} // namespace piecewise
