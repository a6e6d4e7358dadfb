//===- Node.h - One FX node -------------------------------------*- C++ -*-===//
//
// A Node is one FX node: an op kind (placeholder, get_attr, call_function,
// call_method, call_module, output), an interned target, a unique name, args
// and kwargs as Argument trees, meta, and the list of its users. Nodes are
// owned by their Graph (stable addresses) and are changed only through the
// Graph's mutation API, which keeps use lists exact; the accessors here are
// read-only except for meta and the source location, which carry no edges.
//
// Targets are canonical strings:
//   torch.ops.aten.slice.Tensor  -> aten::slice.Tensor   (an overload)
//   torch.ops.aten.add           -> aten::add            (a packet)
//   operator.getitem, torch.sigmoid, builtins.getattr    (Python callables)
//   `view` for call_method, `submod_0` / `layers.0` for call_module,
//   the attribute path for get_attr and the name for placeholder/output.
//
// Layout: a million-node graph is bound by memory more than by instructions,
// so a Node is kept small (176 bytes on x86-64): kwargs live out of line
// (most nodes have none and then allocate nothing), a tensor's sizes and
// strides are blocks shared between equal annotations (DimList.h), and the use
// list keeps one user inline (UseList.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Argument.h"
#include "piecewise/ir/TensorMeta.h"
#include "piecewise/ir/UseList.h"
#include "piecewise/support/SourceBuffer.h"
#include "piecewise/support/StringInterner.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace piecewise {

class Graph;

enum class OpKind : uint8_t { Placeholder, GetAttr, CallFunction, CallMethod, CallModule, Output };

/// `placeholder`, `call_function`, ...: FX's spelling.
std::string_view opKindName(OpKind k);
std::optional<OpKind> parseOpKind(std::string_view s);

class Node {
  struct Token {
    explicit Token() = default;
  };

public:
  /// Nodes are created by Graph::createNode only (the token is private to Graph).
  explicit Node(Token) {}
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  OpKind op() const { return op_; }
  Symbol name() const { return name_; }
  Symbol target() const { return target_; }
  const std::vector<Argument>& args() const { return args_; }
  const std::vector<KwArg>& kwargs() const { return kwargs_ ? *kwargs_ : noKwArgs(); }
  /// The keyword argument called `name`, or nullptr.
  const Argument* kwarg(std::string_view name) const;
  /// How many times the target, args or kwargs were set or rewritten since
  /// the node was created (a cheap "was it edited?" for importers).
  uint32_t editCount() const { return edits_; }

  const Meta& meta() const { return meta_; }
  Meta& meta() { return meta_; }
  void setMeta(Meta m) { meta_ = std::move(m); }

  Location loc() const { return loc_; }
  void setLoc(Location l) { loc_ = l; }

  /// Where the node came from in model code: the `File: path:line in fn, code:
  /// ...` line FX prints above it (the last frame of its stack_trace), or null.
  Symbol provenance() const { return provenance_; }
  void setProvenance(Symbol p) { provenance_ = p; }

  /// Every reference to this node from another node's arguments, one entry per
  /// reference (a node that uses this one twice appears twice), in the order
  /// the references were made.
  const UseList& users() const { return users_; }
  /// Distinct users in graph order.
  std::vector<Node*> uniqueUsers() const;
  bool hasUsers() const { return !users_.empty(); }

  /// Distinct nodes this node's args and kwargs reference, in first-reference order.
  std::vector<Node*> inputs() const;
  /// Calls fn(Node*) for every reference in args then kwargs (with repeats).
  template <typename Fn> void forEachInput(Fn&& fn) const {
    for (const Argument& a : args_)
      a.forEachNode(fn);
    if (kwargs_)
      for (const KwArg& k : *kwargs_)
        k.value.forEachNode(fn);
  }

  Node* prev() const { return prev_; }
  Node* next() const { return next_; }
  Graph* graph() const { return graph_; }
  bool isErased() const { return erased_; }

  bool isPlaceholder() const { return op_ == OpKind::Placeholder; }
  bool isOutput() const { return op_ == OpKind::Output; }
  bool isCallFunction() const { return op_ == OpKind::CallFunction; }
  /// True when an argument holds a call that reads a node (`foo(x)` inside an
  /// argument): what that call does to x is unknown (Argument::hasCallReadingNodes).
  bool hasCallReadingNodes() const;
  /// True for `operator.getitem` call_function nodes.
  bool isGetItem() const;
  /// The op-overload target without namespace prefix checks: true for call_function
  /// nodes whose target contains `::` (a torch op overload or packet).
  bool isTorchOp() const;

  /// A per-node scratch number for dense numberings of a graph
  /// (analysis/NodeNumbering.h writes a node's number here and validates it
  /// on every read). Any value may be stored; nothing else reads it, and it
  /// carries no meaning for the IR (not printed, hashed or compared).
  uint32_t scratchNumber() const { return scratchNumber_; }
  /// Stores the scratch number. Const because it is a cache, not IR state;
  /// two numberings of one graph must not be built concurrently.
  void setScratchNumber(uint32_t n) const { scratchNumber_ = n; }

private:
  friend class Graph;

  static const std::vector<KwArg>& noKwArgs();
  /// Stores kwargs out of line (most nodes have none: no block then).
  void storeKwargs(std::vector<KwArg> kwargs) {
    if (kwargs.empty())
      kwargs_.reset();
    else if (kwargs_)
      *kwargs_ = std::move(kwargs);
    else
      kwargs_ = std::make_unique<std::vector<KwArg>>(std::move(kwargs));
  }

  OpKind op_ = OpKind::CallFunction;
  bool erased_ = false;
  uint32_t indexSlot_ = 0;
  Symbol name_;
  Symbol target_;
  std::vector<Argument> args_;
  /// Null when the node has no kwargs.
  std::unique_ptr<std::vector<KwArg>> kwargs_;
  Meta meta_;
  UseList users_;
  Node* prev_ = nullptr;
  Node* next_ = nullptr;
  Graph* graph_ = nullptr;
  uint64_t order_ = 0;
  Location loc_;
  Symbol provenance_;
  uint32_t edits_ = 0;
  /// See scratchNumber().
  mutable uint32_t scratchNumber_ = 0;
};

} // namespace piecewise
