//===- PassRegistry.h - Passes by pipeline name -----------------*- C++ -*-===//
//
// Maps the names used in `--passes=a,b` to factories. The built-in passes are
// registered by registerBuiltinPasses() (piecewise/transforms/Passes.h); users
// of the library may add their own under new names.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

class PassRegistry {
public:
  using Factory = std::function<std::unique_ptr<Pass>()>;

  struct Entry {
    std::string name;
    std::string description;
    Factory factory;
  };

  /// Registers (or replaces) the pass called `name`.
  void add(std::string name, std::string description, Factory factory);
  /// A new instance of the pass called `name`, or nullptr when unknown.
  std::unique_ptr<Pass> create(std::string_view name) const;
  bool contains(std::string_view name) const;
  /// Registered passes, sorted by name.
  std::vector<const Entry*> entries() const;
  /// `cse, dce, ...`: the names, comma-separated, sorted (for diagnostics).
  std::string namesList() const;

private:
  std::vector<Entry> entries_;
};

} // namespace piecewise
