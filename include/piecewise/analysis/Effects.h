//===- Effects.h - What a node reads, writes, aliases and must keep -*- C++ -*-===//
//
// The one effect model of piecewise (docs/architecture.md §1, §4). Every pass, partitioner,
// signature and codegen that needs to know what a node does asks it; none
// keeps its own rule. For every node it answers:
//  - removable:    may DCE erase it when nothing uses its value?
//  - cseCandidate: is it pure (same inputs give the same value, no effect)?
//  - writes:       which of its inputs may it write in place?
//  - aliases:      which of its inputs may its outputs share storage with?
//  - keepsOrder:   must it keep its order relative to the other such nodes
//                  (the reorder barrier of the cudagraph partitioner)?
//  - freshElements: does a getitem of it get fresh storage (not the storage
//                  of the node it indexes)?
//  - reads:        which of its inputs does it read the data of, and which only
//                  for their metadata (sizes, strides, dtype, device)?
//
// Sources of truth, in order:
//  1. Nodes whose arguments hold a call reading nodes (`foo(x)` inside an
//     argument, Node::hasCallReadingNodes), call_module nodes, ops without a
//     schema (or without a registry), unknown Python callables, unknown or
//     dunder Tensor methods and higher-order ops other than
//     auto_functionalized are OPAQUE: never removed, never merged, may write
//     and alias every tensor input, keep their order.
//  2. Op schemas: `Tensor(a!)` arguments are written; an argument in an alias
//     set a return names (`Tensor(a)`, `Tensor(a)[]`) or flowing into every
//     output (`Tensor(a -> *)`) is aliased; a return annotated with no
//     matching argument makes the op alias all its inputs. Ops with no
//     returns exist for their effect. Multi-output ops (several returns or a
//     list return) whose returns carry no alias annotation give fresh
//     elements (`var_mean`, `native_layer_norm`).
//  3. `higher_order::auto_functionalized` and `_v2` (isAutoFunctionalized):
//     functional by construction (they copy, call and return new tensors):
//     removable, write nothing, fresh elements, no order to keep. Not CSE
//     candidates (the wrapped op may be anything).
//  4. Fixed lists: ops whose result may share an input's storage although
//     the schema reads `-> Tensor` (`_unsafe_view`, `unsafe_split`, `type_as`,
//     `set_`, ...: they alias all their inputs), ops annotated as views that
//     may copy (`reshape`, `contiguous`, `to`: not plain views), random ops
//     (including attention and RNN ops with dropout) (consume RNG state: kept, never merged, keep
//     their order), uninitialized allocations (`empty*`, `new_empty*`, `torch.empty*`:
//     never merged; `emptyAllocation`), in-place writes that keep sizes (`add_`,
//     `copy_`, `setitem`, ...: `keepsSizes`),
//     assertions / profiler / record_stream ops (kept, keep order).
//  5. Python callables FX records: the pure `operator.*` functions,
//     `builtins.getattr`, `math.*`, `torch.sym_*` compute a value (removable,
//     CSE candidates); `operator.setitem` / `operator.delitem` and the in-place
//     `operator.i*` (`iadd`, ...) write their first operand; the value of
//     setitem and the i* is that operand (torch >= 2.12 prints `x[i] = v;
//     setitem = x`; `a += b` is `a`), so it aliases the first operand only
//     (a value written into `x` is copied, never kept alive by `x`); delitem
//     returns None.
//  6. Tensor methods (call_method): a name ending in `_` (`x.add_()`) writes
//     its self (for every consumer: dce keeps it, cse does not merge reads of
//     `x` across it, the reorder keeps it in order) and returns it (aliases
//     its self; `set_` every input); a listed out-of-place method (rule 8) is
//     removable.
//  7. Sizes (resizes, forEachResized: what DecomposeSize asks before it reads
//     a size from the meta): a write may change the sizes of what it writes,
//     unless it keeps them (rule 4's list). Where an opaque node is a torch
//     Python callable (`torch.*`, `operator.*`) or a Tensor method, PyTorch's
//     naming convention decides instead of "every input": only an in-place
//     name (`torch.relu_`, `x.t_()`: ending in `_`) changes its first
//     argument, and an `out=` argument is resized. A Dynamo graph calls
//     `torch.nn.functional.*` on a tensor before reading its size; the value
//     model cannot know those functions, the size rule can.
//  8. What a Dynamo-level call returns, by name (one list per kind, in
//     Effects.cpp): an out-of-place Tensor method, a listed torch callable
//     (`torch.relu`, `torch.nn.functional.softmax`, `torch._C._nn.linear`) or
//     an `operator.*` arithmetic / comparison either ALWAYS returns new
//     storage (`clone`, arithmetic, elementwise, reductions, matmul, softmax,
//     activations, `cat`: aliases nothing; `max`/`min`/`topk`/`sort` give
//     fresh elements) or MAY return its self / first tensor or a view of it
//     (`view`, `reshape`, `contiguous`, `float`/`to`-like casts, `t`,
//     `transpose`, `expand`, `split`, `detach`, `operator.pos`: aliases its
//     first argument). A listed torch callable is pure (removable, writes
//     nothing) but not a CSE candidate, as the methods. The answer holds per
//     node only while its guard does (ArgumentGuard): with `out=`,
//     `inplace=True`, an inplace or out parameter given by position with any
//     value but False or None (`F.relu(x, 1)`, `F.normalize(x, 2.0, 1, 1e-12,
//     buf)`), or its tensor given by keyword, the call is opaque; an operator
//     whose value is a sequence (`[a] + [b]`) aliases every input.
//     Anything not listed keeps rule 1 (unknown callables) or aliases every
//     input (unknown operators, `getitem`): when unsure, alias.
//
// Where the three models this replaces disagreed, the conservative answer
// won (never a miscompile, at worst a missed optimization):
//  - `x.add_()` writes `x` (the old storage analysis missed it);
//  - random ops and check/trace ops keep their order in a reorder (the old
//    partitioner let them move);
//  - pure Python callables (`operator.add` on tensors) may alias their
//    tensor inputs (a lifetime is only lengthened), but `operator.setitem`
//    writes only its first operand (the old dce/cse model called it opaque);
//  - a schema return annotated with no argument set aliases every input.
//
// Arguments are found through schema/ArgumentResolution (givenArgument).
// Effects are cached per (op kind, target); the analysis holds the only
// per-target schema cache the passes need.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Node.h"
#include "piecewise/schema/ArgumentResolution.h"
#include "piecewise/schema/OpRegistry.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

/// What a node may write in place.
enum class WriteKind : uint8_t {
  None,       ///< writes nothing
  SchemaArgs, ///< writes the `(a!)` arguments of its schema
  FirstArg,   ///< writes its first argument (`x.add_()`, `operator.setitem`)
  AllInputs,  ///< opaque: may write any node it references
};

/// Whose sizes a node may change in place (rule 7).
enum class ResizeKind : uint8_t {
  None,   ///< no sizes: it writes nothing, or only values (keepsSizes)
  Writes, ///< the sizes of everything it writes (forEachWritten)
  ByName, ///< an opaque torch callable or Tensor method: its first argument
          ///< when its name ends in `_`, and its `out=` argument
};

/// What a node's outputs may share storage with.
enum class AliasKind : uint8_t {
  Fresh,      ///< outputs are new storage
  SchemaArgs, ///< outputs are views of the schema arguments in aliasedArgs
  FirstArg,   ///< its value is its first argument (`x[i] = v` is x, `a += b` is a)
  AllInputs,  ///< outputs may alias any node it references
};

/// Which of a node's operands it reads for their metadata only (rule 7).
enum class MetadataReadKind : uint8_t {
  None,       ///< it may read the data of every tensor it references
  FirstArg,   ///< its first argument: sizes, strides, dtype or device only
  SecondArg,  ///< its second (`x.expand_as(y)`, `x.type_as(y)`: y's sizes or dtype)
  SchemaArgs, ///< the schema arguments in metadataOnlyArgs
};

/// What a classification by name (rule 8) assumes of a node's arguments;
/// EffectAnalysis::of checks it per node and answers conservatively when it
/// does not hold.
enum class ArgumentGuard : uint8_t {
  None,
  /// No `out=` argument, no `inplace=True` (or positional True to a
  /// `torch.nn.functional.*`, or anything but False/None at the position of
  /// a listed functional's inplace/out parameter), and the tensor a FirstArg
  /// alias names is passed by position: else the call is opaque.
  OutOrInPlace,
  /// The value is a tensor or a scalar, not a sequence holding the operands
  /// (`[a] + [b]`): else it may alias every input.
  SequenceOperands,
};

/// The effects of one node (cached per op kind and target).
struct NodeEffects {
  /// DCE may erase the node when its value is unused.
  bool removable = false;
  /// CSE may merge it with an identical earlier node (when no write intervenes).
  bool cseCandidate = false;
  /// Its order relative to the other order-keeping nodes must be kept.
  bool keepsOrder = false;
  /// A getitem of its value is a fresh storage, not a view of this node's.
  bool freshElements = false;
  /// Its result is always a view of the aliased arguments (never a copy):
  /// `view`, `slice`, `transpose`; not `reshape` or `contiguous`, which copy
  /// when the strides do not allow a view. See also EffectAnalysis::isPlainView.
  bool plainView = false;
  /// True when the effects come from rule 1 (opaque).
  bool opaque = false;
  /// It only allocates a tensor whose contents are unspecified (`aten::empty*`,
  /// `aten::new_empty*`, `torch.empty`, `torch.empty_like`, `x.new_empty()`,
  /// ...; rule 4): never a CSE candidate, and a piece of one alone merges into
  /// the piece before it (SplittingOpPartitioner).
  bool emptyAllocation = false;
  /// It writes in place but never changes the sizes of what it writes
  /// (`add_`, `copy_`, `fill_`, `index_put_`, `x[i] = v`, `operator.iadd`, ...;
  /// rule 4): a size query after it reads the sizes the tensor's meta gives
  /// (DecomposeSize). Any other write (`t_`, `resize_`, `set_`, `out=`, an
  /// opaque node) may change sizes.
  bool keepsSizes = false;
  /// The first argument it writes is an out buffer by torch's and vLLM's
  /// naming (`out`, `out0`, `output`, `result`), not a self written in place.
  bool writesOutArgument = false;
  WriteKind writes = WriteKind::None;
  AliasKind aliases = AliasKind::Fresh;
  /// Which operands it reads for their metadata only (rule 7).
  MetadataReadKind metadataReads = MetadataReadKind::None;
  /// Schema argument indices read for their metadata only (MetadataReadKind::SchemaArgs).
  std::vector<size_t> metadataOnlyArgs;
  ResizeKind resizes = ResizeKind::None;
  /// What the answer assumes of the node's arguments (rule 8).
  ArgumentGuard guard = ArgumentGuard::None;
  /// Schema argument indices written in place (WriteKind::SchemaArgs).
  std::vector<size_t> writtenArgs;
  /// Schema argument indices the outputs alias (AliasKind::SchemaArgs).
  std::vector<size_t> aliasedArgs;
  /// The schema the effects were read from, or nullptr.
  const FunctionSchema* schema = nullptr;
};

/// True for `higher_order::auto_functionalized` and `_v2`: the functional
/// wrappers of a mutating op (its first argument).
bool isAutoFunctionalized(std::string_view target);

class EffectAnalysis {
public:
  /// `registry` may be null: every op is then opaque. It must outlive this.
  explicit EffectAnalysis(const OpRegistry* registry);

  const OpRegistry* registry() const { return registry_; }

  /// The effects of `node`.
  const NodeEffects& of(const Node& node);

  /// The registry schema of a call_function op node (cached per target), or nullptr.
  const FunctionSchema* schemaOf(const Node& node);
  /// The registry schema of an op target (`aten::add.Tensor`), or nullptr.
  const FunctionSchema* schemaFor(Symbol target);

  /// Calls fn(Node*) for every node `node` may write in place (with repeats).
  template <typename Fn> void forEachWritten(const Node& node, Fn&& fn) {
    const NodeEffects& e = of(node);
    switch (e.writes) {
    case WriteKind::None:
      return;
    case WriteKind::FirstArg:
      if (!node.args().empty())
        node.args()[0].forEachNode(fn);
      return;
    case WriteKind::AllInputs:
      node.forEachInput(fn);
      return;
    case WriteKind::SchemaArgs:
      for (size_t i : e.writtenArgs)
        if (const Argument* a = givenArgument(node, *e.schema, i))
          a->forEachNode(fn);
      return;
    }
  }

  /// Calls fn(Node*) for every input `node`'s outputs may alias (with repeats).
  template <typename Fn> void forEachAliased(const Node& node, Fn&& fn) {
    const NodeEffects& e = of(node);
    switch (e.aliases) {
    case AliasKind::Fresh:
      return;
    case AliasKind::FirstArg:
      if (!node.args().empty())
        node.args()[0].forEachNode(fn);
      return;
    case AliasKind::AllInputs:
      node.forEachInput(fn);
      return;
    case AliasKind::SchemaArgs:
      for (size_t i : e.aliasedArgs)
        if (const Argument* a = givenArgument(node, *e.schema, i))
          a->forEachNode(fn);
      return;
    }
  }

  /// Calls fn(Node*) for every node whose data `node` may read (with
  /// repeats): every input, except the arguments it reads for their metadata
  /// only (rule 7). A node that names a tensor both in a metadata-only
  /// argument and in another one reads its data.
  template <typename Fn> void forEachDataRead(const Node& node, Fn&& fn) {
    const NodeEffects& e = of(node);
    if (e.metadataReads == MetadataReadKind::None) {
      node.forEachInput(fn);
      return;
    }
    for (const Argument& a : node.args())
      if (!isMetadataOnlyArgument(node, e, a))
        a.forEachNode(fn);
    for (const KwArg& k : node.kwargs())
      if (!isMetadataOnlyArgument(node, e, k.value))
        k.value.forEachNode(fn);
  }
  /// True when `node` may read the data of `operand` (forEachDataRead).
  bool readsDataOf(const Node& node, const Node& operand);

  /// True when getitem `node` takes new storage rather than a part of the
  /// storage it indexes: an element of an op whose elements are fresh
  /// (NodeEffects::freshElements), or, of a multi-output op with alias
  /// annotations, an element its schema does not annotate (`-> (Tensor(a!),
  /// Tensor)`: element 1). An index that is not a constant counts as fresh
  /// when any element is.
  bool isFreshElement(const Node& node);

  /// True when `node` calls a Python binding of aten's native functions
  /// (`torch._C._nn.scaled_dot_product_attention`, what Dynamo records for
  /// `F.scaled_dot_product_attention`; also `_VariableFunctions`, `_linalg`,
  /// `_special`, `_fft`) whose every `aten::<name>` overload returns new
  /// tensors: no return carries an alias annotation and no argument is
  /// written. Such a call is opaque (rule 1: it has no schema of its own),
  /// but what it returns is decided by the schemas of the op it dispatches to.
  bool isFreshNativeBinding(const Node& node);
  /// Calls fn(Node*) for every node whose sizes `node` may change in place
  /// (with repeats): after it, a tensor's meta may no longer give its sizes.
  template <typename Fn> void forEachResized(const Node& node, Fn&& fn) {
    switch (of(node).resizes) {
    case ResizeKind::None:
      return;
    case ResizeKind::Writes:
      forEachWritten(node, fn);
      return;
    case ResizeKind::ByName:
      if (node.target().str().ends_with("_") && !node.args().empty())
        node.args()[0].forEachNode(fn);
      if (const Argument* out = node.kwarg("out"))
        out->forEachNode(fn);
      return;
    }
  }

  /// True when `node` may write anything.
  bool mayWrite(const Node& node) { return of(node).writes != WriteKind::None; }
  /// True when `node`'s value is always the same memory as (part of) an
  /// input: a plainView op, or a getitem that unpacks a tuple or indexes a
  /// tensor with ints, slices, None and Ellipsis only (tensor, list or node
  /// indices gather: a copy).
  bool isPlainView(const Node& node);
  /// True when `node` must keep its order relative to other such nodes.
  bool keepsOrder(const Node& node) { return of(node).keepsOrder; }

private:
  static bool isMetadataOnlyArgument(const Node& node, const NodeEffects& e, const Argument& a);
  /// The effects of `node`, or, when rule 8's guard `failed` for it, the
  /// conservative ones (opaque, or an operator aliasing every input).
  NodeEffects classify(const Node& node, ArgumentGuard failed);
  NodeEffects classifyEffects(const Node& node);

  const OpRegistry* registry_;
  std::unordered_map<uint64_t, NodeEffects> cache_;
  std::unordered_map<const char*, const FunctionSchema*> schemas_;
  /// True when `node` keeps what rule 8 assumed of it (NodeEffects::guard).
  bool holdsGuard(const Node& node, const NodeEffects& e) const;

  NodeEffects placeholder_, output_, getAttr_, opaque_, metadataAttribute_, aliasingOperator_;
};

} // namespace piecewise
