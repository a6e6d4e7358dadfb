//===- OpEffects.h - What a node may write, alias, and whether it is pure -===//
//
// The effect model that dce and cse share. For every node it answers:
//  - may it be erased when nothing uses its value (DCE)?
//  - is it a CSE candidate (pure: same inputs give the same value)?
//  - which of its inputs may it write in place?
//  - which of its inputs may its outputs alias (share storage with)?
//
// Sources of truth, in order:
//  - op schemas: `(a!)` arguments are written; returns annotated `(a)` alias
//    the arguments of the same set (`(a -> *)` flows into every output); an op
//    with no returns exists for its effect and is kept;
//  - a few fixed lists: random ops (consume RNG state: kept by DCE, never
//    merged), uninitialized allocations (`empty*`: never merged), assertions
//    and profiler ops (kept); the functional higher-order ops
//    `auto_functionalized(_v2)` (they write nothing and return new tensors);
//  - Python callables FX records: `operator.*` arithmetic, `builtins.getattr`,
//    `math.*`, `torch.sym_*` are pure; Tensor methods ending in `_` write
//    their `self`; a list of common out-of-place Tensor methods is pure;
//  - everything else (no schema, no registry, call_module, other callables,
//    other higher-order ops) is opaque: kept, never merged, may write and
//    alias every tensor it is given.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Node.h"
#include "piecewise/pass/Pass.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace piecewise::transforms {

enum class WriteKind : uint8_t {
  None,       ///< writes nothing
  SchemaArgs, ///< writes the `(a!)` arguments of its schema
  Self,       ///< writes its first argument (an in-place Tensor method)
  AllInputs,  ///< opaque: may write any node it references
};

enum class AliasKind : uint8_t {
  Fresh,      ///< outputs are new storage
  SchemaArgs, ///< outputs may alias the schema arguments listed in aliasedArgs
  AllInputs,  ///< outputs may alias any node it references
};

struct OpEffects {
  /// DCE may erase the node when its value is unused.
  bool removable = false;
  /// CSE may merge it with an identical earlier node.
  bool cseCandidate = false;
  WriteKind writes = WriteKind::None;
  AliasKind alias = AliasKind::Fresh;
  /// Schema argument indices written in place (WriteKind::SchemaArgs).
  std::vector<size_t> writtenArgs;
  /// Schema argument indices the outputs may alias (AliasKind::SchemaArgs).
  std::vector<size_t> aliasedArgs;
  const FunctionSchema* schema = nullptr;
};

class EffectAnalysis {
public:
  explicit EffectAnalysis(PassContext& ctx) : ctx_(ctx) {}

  /// The effects of `node`'s op (cached per op kind and target).
  const OpEffects& of(const Node& node);

  /// Calls fn(Node*) for every node `node` may write in place (with repeats).
  template <typename Fn> void forEachWritten(const Node& node, Fn&& fn) {
    const OpEffects& e = of(node);
    switch (e.writes) {
    case WriteKind::None:
      return;
    case WriteKind::Self:
      if (!node.args().empty())
        node.args()[0].forEachNode(fn);
      return;
    case WriteKind::AllInputs:
      node.forEachInput(fn);
      return;
    case WriteKind::SchemaArgs:
      for (size_t i : e.writtenArgs)
        if (const Argument* a = argumentAt(node, *e.schema, i))
          a->forEachNode(fn);
      return;
    }
  }

  /// Calls fn(Node*) for every input `node`'s outputs may alias.
  template <typename Fn> void forEachAliased(const Node& node, Fn&& fn) {
    const OpEffects& e = of(node);
    switch (e.alias) {
    case AliasKind::Fresh:
      return;
    case AliasKind::AllInputs:
      node.forEachInput(fn);
      return;
    case AliasKind::SchemaArgs:
      for (size_t i : e.aliasedArgs)
        if (const Argument* a = argumentAt(node, *e.schema, i))
          a->forEachNode(fn);
      return;
    }
  }

  /// True when `node` may write anything.
  bool mayWrite(const Node& node) { return of(node).writes != WriteKind::None; }

private:
  /// The argument passed for schema argument `i` (positional or keyword), or nullptr.
  static const Argument* argumentAt(const Node& node, const FunctionSchema& schema, size_t i);
  OpEffects classify(const Node& node);

  PassContext& ctx_;
  std::unordered_map<uint64_t, OpEffects> cache_;
  OpEffects fixed_[3];
  bool fixedInit_ = false;
};

} // namespace piecewise::transforms
