//===- Effects.cpp - What a node reads, writes, aliases and must keep -----===//
//
// The rules of Effects.h, in the order it lists them; the fixed lists of op
// names (rules 4 and 7) are the only ones in the library.
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/Effects.h"

#include "piecewise/analysis/ValueKind.h"

#include "piecewise/ir/Target.h"

#include <algorithm>
#include <optional>

namespace piecewise {

namespace {

bool contains(std::initializer_list<std::string_view> names, std::string_view s) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

/// `rand` for `aten::rand.generator`.
std::string_view baseName(std::string_view canonical) {
  std::string_view packet = opPacket(canonical);
  size_t p = packet.find("::");
  return p == std::string_view::npos ? packet : packet.substr(p + 2);
}

std::string_view nameSpace(std::string_view canonical) {
  size_t p = canonical.find("::");
  return p == std::string_view::npos ? std::string_view() : canonical.substr(0, p);
}

/// Ops whose result depends on (and which advance) the RNG state.
bool isRandomOp(std::string_view base) {
  return contains({"scaled_dot_product_attention", // dropout_p > 0
                   "_scaled_dot_product_attention_math",
                   "_scaled_dot_product_flash_attention",
                   "_scaled_dot_product_flash_attention_for_cpu",
                   "_scaled_dot_product_efficient_attention",
                   "_scaled_dot_product_cudnn_attention",
                   "_flash_attention_forward",
                   "_efficient_attention_forward",
                   "lstm",
                   "gru",
                   "rnn_tanh",
                   "rnn_relu",
                   "_cudnn_rnn",
                   "miopen_rnn",
                   "rand",
                   "rand_like",
                   "randn",
                   "randn_like",
                   "randint",
                   "randint_like",
                   "randperm",
                   "bernoulli",
                   "normal",
                   "normal_functional",
                   "uniform",
                   "multinomial",
                   "poisson",
                   "binomial",
                   "dropout",
                   "native_dropout",
                   "feature_dropout",
                   "alpha_dropout",
                   "feature_alpha_dropout",
                   "_fused_dropout",
                   "rrelu",
                   "rrelu_with_noise",
                   "rrelu_with_noise_functional",
                   "_standard_gamma",
                   "_sample_dirichlet",
                   "exponential",
                   "geometric",
                   "cauchy",
                   "log_normal",
                   "random",
                   "inductor_random",
                   "inductor_randint",
                   "inductor_seeds",
                   "inductor_lookup_seed",
                   "philox_rand",
                   "run_and_save_rng_state",
                   "run_with_rng_state"},
                  base);
}

/// Allocations whose contents are unspecified (`empty`, `empty_like`,
/// `empty_strided`, `empty_permuted`, `new_empty`, `new_empty_strided`, the
/// quantized `_empty_*`), by op base name, Python function name (`torch.empty`)
/// or Tensor method name: the one list (NodeEffects::emptyAllocation).
bool isEmptyAllocationName(std::string_view base) {
  return base.starts_with("empty") || base.starts_with("new_empty") ||
         contains({"_empty_affine_quantized", "_empty_per_channel_affine_quantized"}, base);
}

/// In-place writes that change a tensor's values but never its sizes, by op
/// base name, Tensor method name or Python function name: the one list
/// (NodeEffects::keepsSizes). Any other write (`t_`, `unsqueeze_`, `resize_`,
/// `set_`, an `out=` argument, an op without a schema, a module) may change them.
bool isSizeKeepingWriteName(std::string_view base) {
  return contains({"add_",         "sub_",         "mul_",         "div_",
                   "copy_",        "fill_",        "zero_",        "clamp_",
                   "clamp_min_",   "clamp_max_",   "relu_",        "neg_",
                   "abs_",         "exp_",         "log_",         "sqrt_",
                   "rsqrt_",       "sigmoid_",     "tanh_",        "pow_",
                   "masked_fill_", "index_put_",   "index_add_",   "index_copy_",
                   "index_fill_",  "scatter_",     "scatter_add_", "scatter_reduce_",
                   "addcmul_",     "addcdiv_",     "lerp_",        "floor_",
                   "ceil_",        "round_",       "sign_",        "silu_",
                   "gelu_",        "uniform_",     "normal_",      "bernoulli_",
                   "random_",      "exponential_", "fmod_",        "remainder_",
                   "setitem",      "iadd",         "isub",         "imul",
                   "itruediv"},
                  base);
}

/// The name the two lists above know a node's target by: the op's base name
/// (`add_` for `aten::add_.Tensor`), a method's name, or the last component
/// of a Python callable (`relu_` for `torch.relu_`, `iadd` for `operator.iadd`).
std::string_view propertyName(const Node& node) {
  std::string_view t = node.target().str();
  if (node.op() == OpKind::CallMethod)
    return t;
  if (isOpTarget(t))
    return baseName(t);
  size_t dot = t.rfind('.');
  return dot == std::string_view::npos ? t : t.substr(dot + 1);
}

/// Ops, Tensor methods and torch functions that use a tensor argument only for
/// its sizes, strides, dtype or device (rule 7), by base name.
bool isMetadataReaderName(std::string_view base) {
  return contains({"empty_like",
                   "zeros_like",
                   "ones_like",
                   "full_like",
                   "rand_like",
                   "randn_like",
                   "randint_like",
                   "new_empty",
                   "new_zeros",
                   "new_ones",
                   "new_full",
                   "new_empty_strided",
                   "sym_size",
                   "sym_stride",
                   "sym_numel",
                   "sym_storage_offset",
                   "size",
                   "stride",
                   "numel",
                   "nelement",
                   "dim",
                   "ndimension",
                   "storage_offset",
                   "is_contiguous",
                   "is_non_overlapping_and_dense",
                   "is_floating_point",
                   "is_complex",
                   "is_signed",
                   "is_same_size",
                   "get_device",
                   "element_size",
                   "_shape_as_tensor"},
                  base);
}

/// Tensor methods that take a second tensor for its metadata only and return
/// (a view of, or a copy of) their first: `x.expand_as(y)`, `x.view_as(y)`,
/// `x.reshape_as(y)` (y's sizes), `x.type_as(y)`, `x.to(y)` (y's dtype and
/// device) (rule 7).
bool isMetadataOfSecondMethod(std::string_view method) {
  return contains({"expand_as", "view_as", "reshape_as", "type_as", "to"}, method);
}

/// The Tensor attributes that are metadata (`x.shape`, `x.dtype`, ...), as
/// `builtins.getattr(x, "shape")` reads them (rule 7). Not `T`, `mT`, `real`,
/// `data`, ...: those are views.
bool isMetadataAttribute(std::string_view attr) {
  return contains({"shape", "dtype", "device", "ndim", "layout", "is_cuda", "is_cpu", "is_meta",
                   "is_xpu", "is_mps", "is_sparse", "is_quantized", "is_mkldnn", "is_nested",
                   "requires_grad", "itemsize", "nbytes", "names"},
                  attr);
}

/// `torch.empty_like(x)`, `torch.numel(x)`, ...: the torch functions of rule 7.
bool isMetadataReaderFunction(std::string_view t) {
  return t.starts_with("torch.") && t.find('.', 6) == std::string_view::npos &&
         isMetadataReaderName(t.substr(6));
}

/// Ops that exist for a check or a trace: kept even when their value is unused.
bool isCheckOrTrace(std::string_view ns, std::string_view base) {
  return ns == "profiler" || base.find("assert") != std::string_view::npos ||
         base.starts_with("_record_function") || base.starts_with("sym_constrain_range") ||
         base == "_print" || base == "record_stream";
}

/// Python callables FX records that compute a value and do nothing else.
bool isPureCallable(std::string_view t) {
  if (t.starts_with("math."))
    return true;
  if (t.starts_with("operator."))
    return contains({"operator.add",      "operator.sub",   "operator.mul",    "operator.truediv",
                     "operator.floordiv", "operator.mod",   "operator.pow",    "operator.neg",
                     "operator.pos",      "operator.abs",   "operator.invert", "operator.not_",
                     "operator.and_",     "operator.or_",   "operator.xor",    "operator.lshift",
                     "operator.rshift",   "operator.eq",    "operator.ne",     "operator.lt",
                     "operator.le",       "operator.gt",    "operator.ge",     "operator.matmul",
                     "operator.truth",    "operator.index", "operator.getitem"},
                    t);
  return contains({"builtins.getattr", "torch.sym_float", "torch.sym_int", "torch.sym_max",
                   "torch.sym_min", "torch.sym_not", "torch.sym_ite", "torch.sym_sqrt",
                   "torch._sym_sqrt", "torch.sym_sum"},
                  t);
}

/// What a Dynamo-level call returns, by the name of its Tensor method or
/// torch callable (rule 8): the one place these names are listed.
enum class ReturnedStorage : uint8_t {
  Unknown,    ///< not listed
  New,        ///< always new storage (or a Python value): aliases nothing
  FirstOrView ///< may be its self / first tensor, or a view of it
};

/// Out-of-place Tensor methods (no trailing `_`) by what they return. Not
/// here: the metadata readers and `expand_as`, `view_as`, `to`, ... (rule 7).
ReturnedStorage methodReturns(std::string_view m) {
  // Each allocates its result (an arithmetic, elementwise, reduction, matmul,
  // softmax or activation, a gather, a copy) or returns a Python value.
  if (contains({"clone",        "add",          "sub",         "mul",        "div",
                "true_divide",  "floor_divide", "remainder",   "fmod",       "pow",
                "neg",          "abs",          "square",      "sqrt",       "rsqrt",
                "reciprocal",   "exp",          "log",         "log1p",      "expm1",
                "sin",          "cos",          "tanh",        "sigmoid",    "relu",
                "silu",         "gelu",         "erf",         "floor",      "ceil",
                "round",        "sign",         "clamp",       "clamp_min",  "clamp_max",
                "maximum",      "minimum",      "lerp",        "where",      "masked_fill",
                "eq",           "ne",           "lt",          "le",         "gt",
                "ge",           "logical_not",  "logical_and", "logical_or", "bitwise_and",
                "bitwise_or",   "bitwise_not",  "isnan",       "isinf",      "isfinite",
                "sum",          "mean",         "prod",        "var",        "std",
                "norm",         "all",          "any",         "amax",       "amin",
                "argmax",       "argmin",       "max",         "min",        "topk",
                "sort",         "cumsum",       "cumprod",     "logsumexp",  "softmax",
                "log_softmax",  "matmul",       "mm",          "bmm",        "mv",
                "dot",          "outer",        "addmm",       "baddbmm",    "gather",
                "index_select", "scatter",      "scatter_add", "index_add",  "index_copy",
                "index_fill",   "repeat",       "tril",        "triu",       "flip",
                "item"},
               m))
    return ReturnedStorage::New;
  // Each may hand back self itself (`x.float()` of a float tensor,
  // `x.contiguous()` of a contiguous one) or a view of it.
  if (contains({"view",         "reshape",
                "contiguous",   "transpose",
                "swapaxes",     "permute",
                "movedim",      "t",
                "unsqueeze",    "squeeze",
                "expand",       "flatten",
                "unflatten",    "ravel",
                "narrow",       "select",
                "diagonal",     "unfold",
                "as_strided",   "chunk",
                "split",        "split_with_sizes",
                "tensor_split", "unbind",
                "detach",       "float",
                "half",         "bfloat16",
                "double",       "int",
                "long",         "short",
                "char",         "byte",
                "bool",         "type",
                "cpu",          "cuda",
                "conj",         "resolve_conj",
                "resolve_neg"},
               m))
    return ReturnedStorage::FirstOrView;
  return ReturnedStorage::Unknown;
}

/// torch callables (a Dynamo graph's call_function targets) by what they
/// return, when called without `out=` or `inplace=True` (EffectAnalysis::of
/// checks the node). Random ones (`dropout`, which also returns its input
/// when not training), ones that may write an argument (`embedding` with
/// `max_norm`) and ones that may return an input by an argument's value
/// (`einsum('ij->ji', x)`, `pad`) are not here: they stay opaque.
ReturnedStorage functionReturns(std::string_view t) {
  if (contains({"torch.add",
                "torch.sub",
                "torch.mul",
                "torch.div",
                "torch.pow",
                "torch.neg",
                "torch.abs",
                "torch.square",
                "torch.sqrt",
                "torch.rsqrt",
                "torch.exp",
                "torch.log",
                "torch.sin",
                "torch.cos",
                "torch.tanh",
                "torch.sigmoid",
                "torch.relu",
                "torch.erf",
                "torch.clamp",
                "torch.maximum",
                "torch.minimum",
                "torch.where",
                "torch.masked_fill",
                "torch.sum",
                "torch.mean",
                "torch.var",
                "torch.std",
                "torch.amax",
                "torch.amin",
                "torch.argmax",
                "torch.argmin",
                "torch.max",
                "torch.min",
                "torch.topk",
                "torch.sort",
                "torch.cumsum",
                "torch.logsumexp",
                "torch.softmax",
                "torch.log_softmax",
                "torch.matmul",
                "torch.mm",
                "torch.bmm",
                "torch.addmm",
                "torch.baddbmm",
                "torch.outer",
                "torch.cat",
                "torch.concat",
                "torch.concatenate",
                "torch.stack",
                "torch.gather",
                "torch.index_select",
                "torch.tril",
                "torch.triu",
                "torch.flip",
                "torch.clone",
                "torch.layer_norm",
                "torch.rms_norm",
                "torch.conv1d",
                "torch.conv2d",
                "torch.conv3d",
                "torch.nn.functional.relu",
                "torch.nn.functional.silu",
                "torch.nn.functional.gelu",
                "torch.nn.functional.softmax",
                "torch.nn.functional.log_softmax",
                "torch.nn.functional.linear",
                "torch.nn.functional.layer_norm",
                "torch.nn.functional.rms_norm",
                "torch.nn.functional.group_norm",
                "torch.nn.functional.normalize",
                "torch._C._nn.linear",
                "torch._C._nn.gelu",
                "torch._C._nn.silu"},
               t))
    return ReturnedStorage::New;
  if (contains({"torch.reshape",
                "torch.flatten",
                "torch.ravel",
                "torch.transpose",
                "torch.swapaxes",
                "torch.permute",
                "torch.movedim",
                "torch.t",
                "torch.squeeze",
                "torch.unsqueeze",
                "torch.narrow",
                "torch.select",
                "torch.diagonal",
                "torch.as_strided",
                "torch.broadcast_to",
                "torch.split",
                "torch.functional.split",
                "torch.chunk",
                "torch.tensor_split",
                "torch.unbind",
                "torch.detach",
                "torch.view_as_real",
                "torch.view_as_complex"},
               t))
    return ReturnedStorage::FirstOrView;
  return ReturnedStorage::Unknown;
}

/// The listed torch.nn.functional callables that take an `inplace` or `out`
/// parameter, and its position: `relu(input, inplace)`, `silu(input,
/// inplace)`, `normalize(input, p, dim, eps, out)`. Dynamo records an argument
/// as it was written, by position too, and any value there but False or None
/// (`F.relu(x, 1)`) writes an argument: rule 8's answer does not hold then.
std::optional<size_t> writingParameterPosition(std::string_view t) {
  if (t == "torch.nn.functional.relu" || t == "torch.nn.functional.silu")
    return 1;
  if (t == "torch.nn.functional.normalize")
    return 4;
  return std::nullopt;
}

/// Multi-output calls among the New ones (`x.max(dim)`, `x.topk(k)`):
/// their elements are new storage too.
bool returnsNewElements(std::string_view name) {
  return contains({"max", "min", "topk", "sort"}, name);
}

/// The `operator.*` callables by what they return (rule 8): arithmetic,
/// comparisons and bitwise operators allocate (on tensors) or compute a
/// Python value; `operator.pos` (`+x`: torch.positive) returns its operand.
/// `operator.getitem` (a view, an element or a gather, decided per node:
/// EffectAnalysis::isPlainView) keeps aliasing every input.
ReturnedStorage operatorReturns(std::string_view t) {
  if (t == "operator.getitem")
    return ReturnedStorage::Unknown;
  if (t == "operator.pos")
    return ReturnedStorage::FirstOrView;
  return t.starts_with("math.") ? ReturnedStorage::Unknown : ReturnedStorage::New;
}

/// Sets what a call listed by rule 8 aliases.
void setReturned(NodeEffects& e, ReturnedStorage r, std::string_view name) {
  switch (r) {
  case ReturnedStorage::New:
    e.aliases = AliasKind::Fresh;
    e.freshElements = returnsNewElements(name);
    break;
  case ReturnedStorage::FirstOrView:
    e.aliases = AliasKind::FirstArg;
    break;
  case ReturnedStorage::Unknown:
    e.aliases = AliasKind::AllInputs;
    break;
  }
}

/// Ops whose result may share an input's storage although their schema says
/// `-> Tensor` (or `-> Tensor[]`): `_unsafe_view` and the `unsafe_*` splits are
/// views autograd does not track as such (make_fx emits `_unsafe_view` for
/// `a @ w` on a 3-d `a`); the others may hand back an input itself (`type_as`
/// to its own dtype, `dropout` when not training, `sum_to_size` to its own
/// size, the `atleast_*d` of a tensor that already has the rank) or views of
/// it (`broadcast_tensors`, `meshgrid`); `set_` makes `self` share `source`.
bool isUnannotatedAlias(std::string_view base) {
  return base.starts_with("_cast_") ||
         contains({"_unsafe_view", "unsafe_split", "unsafe_split_with_sizes", "unsafe_chunk",
                   "type_as", "broadcast_tensors", "meshgrid", "atleast_1d", "atleast_2d",
                   "atleast_3d", "_reshape_from_tensor", "dropout", "feature_dropout",
                   "alpha_dropout", "feature_alpha_dropout", "sum_to_size", "set_", "data",
                   "lift_fresh"},
                  base);
}

/// Ops whose schema annotates the result as an alias although it may be a
/// copy: they return a view when the strides allow one, else a new tensor
/// (`ravel` is `reshape(-1)`; `pin_memory` and `coalesce` return the input
/// only when it is already pinned / coalesced).
bool mayCopyDespiteAlias(std::string_view base) {
  return contains({"reshape", "reshape_as", "flatten", "ravel", "contiguous", "to", "resolve_conj",
                   "resolve_neg", "pin_memory", "coalesce", "_autocast_to_reduced_precision",
                   "_autocast_to_full_precision"},
                  base);
}

/// Ops that update `running_mean` and `running_var` in place (when training,
/// or for instance_norm when using input stats) although their schemas say
/// `Tensor?` without `(a!)`. Written conservatively, whatever `training` is.
bool writesRunningStatsUnannotated(std::string_view base) {
  return contains({"native_batch_norm", "batch_norm", "_batch_norm_impl_index", "cudnn_batch_norm",
                   "miopen_batch_norm", "instance_norm", "batch_norm_gather_stats",
                   "batch_norm_gather_stats_with_counts", "batch_norm_update_stats"},
                  base);
}

/// `operator.setitem`, `operator.delitem` and the in-place `operator.i*`
/// (`iadd`, `imul`, ...): they write their first operand.
bool isWritingOperator(std::string_view t) {
  if (t == "operator.setitem" || t == "operator.delitem")
    return true;
  return t.starts_with("operator.i") && t != "operator.index" && t != "operator.invert" &&
         t != "operator.is_" && t != "operator.is_not";
}

NodeEffects makeOpaque() {
  NodeEffects e;
  e.opaque = true;
  e.keepsOrder = true;
  e.writes = WriteKind::AllInputs;
  e.aliases = AliasKind::AllInputs;
  e.resizes = ResizeKind::Writes;
  return e;
}

NodeEffects fromSchema(const FunctionSchema& s, std::string_view target) {
  NodeEffects e;
  e.schema = &s;
  std::string_view base = baseName(target);
  bool runningStats = writesRunningStatsUnannotated(base);
  for (size_t i = 0; i < s.arguments.size(); ++i) {
    const std::string& name = s.arguments[i].name;
    if (s.arguments[i].isWrite() ||
        (runningStats && (name == "running_mean" || name == "running_var")))
      e.writtenArgs.push_back(i);
  }
  if (!e.writtenArgs.empty()) {
    e.writes = WriteKind::SchemaArgs;
    std::string_view first = s.arguments[e.writtenArgs.front()].name;
    e.writesOutArgument = first.starts_with("out") || first == "result";
  }
  if (isMetadataReaderName(base)) {
    for (size_t i = 0; i < s.arguments.size(); ++i)
      if (s.arguments[i].name == "self" ||
          (base == "is_same_size" && s.arguments[i].name == "other"))
        e.metadataOnlyArgs.push_back(i);
    if (!e.metadataOnlyArgs.empty())
      e.metadataReads = MetadataReadKind::SchemaArgs;
  }

  // Alias sets named by the returns; an argument in one of them (or flowing
  // into every output with `-> *`) shares storage with an output.
  std::vector<std::string_view> sets;
  bool returnAliases = false;
  for (const SchemaArgument& r : s.returns) {
    if (!r.alias)
      continue;
    returnAliases = true;
    for (const std::string& set : r.alias->beforeSets)
      if (set != "*")
        sets.push_back(set);
  }
  for (size_t i = 0; i < s.arguments.size(); ++i) {
    const std::optional<AliasInfo>& a = s.arguments[i].alias;
    if (!a)
      continue;
    bool aliased = std::find(a->afterSets.begin(), a->afterSets.end(), "*") != a->afterSets.end();
    for (const std::string& set : a->beforeSets)
      aliased |= std::find(sets.begin(), sets.end(), set) != sets.end();
    if (aliased)
      e.aliasedArgs.push_back(i);
  }
  // `set_(self, source)` annotates `self` only, but makes it share `source`.
  bool unannotatedAlias = isUnannotatedAlias(base) && (e.aliasedArgs.empty() || base == "set_");
  if (unannotatedAlias)
    e.aliasedArgs.clear();
  if (!e.aliasedArgs.empty())
    e.aliases = AliasKind::SchemaArgs;
  else if (returnAliases || unannotatedAlias)
    e.aliases = AliasKind::AllInputs; // an annotation we cannot place: conservative
  e.plainView = e.aliases == AliasKind::SchemaArgs && !mayCopyDespiteAlias(base);

  bool multiOutput = s.returns.size() > 1 || (s.returns.size() == 1 && s.returns[0].isList());
  e.freshElements = multiOutput && !returnAliases && !unannotatedAlias;

  bool random = isRandomOp(base);
  bool effectOnly = s.returns.empty() && !s.isVarret;
  bool check = isCheckOrTrace(nameSpace(target), base);
  e.removable = e.writes == WriteKind::None && !effectOnly && !random && !check;
  e.cseCandidate = e.removable && !isEmptyAllocationName(base);
  e.keepsOrder = !e.removable;
  return e;
}

} // namespace

bool isAutoFunctionalized(std::string_view target) {
  return target == "higher_order::auto_functionalized" ||
         target == "higher_order::auto_functionalized_v2";
}

EffectAnalysis::EffectAnalysis(const OpRegistry* registry)
    : registry_(registry), opaque_(makeOpaque()) {
  getAttr_.removable = true; // a constant
  metadataAttribute_.removable = true;
  metadataAttribute_.cseCandidate = true;
  metadataAttribute_.metadataReads = MetadataReadKind::FirstArg;
  aliasingOperator_.removable = true;
  aliasingOperator_.cseCandidate = true;
  aliasingOperator_.aliases = AliasKind::AllInputs;
}

const FunctionSchema* EffectAnalysis::schemaFor(Symbol target) {
  if (!registry_ || target.isNull() || !isOpTarget(target.str()))
    return nullptr;
  auto [it, inserted] = schemas_.try_emplace(target.data(), nullptr);
  if (inserted)
    it->second = registry_->lookup(target.str());
  return it->second;
}

const FunctionSchema* EffectAnalysis::schemaOf(const Node& node) {
  if (node.op() != OpKind::CallFunction)
    return nullptr;
  return schemaFor(node.target());
}

NodeEffects EffectAnalysis::classify(const Node& node, ArgumentGuard failed) {
  NodeEffects e = failed == ArgumentGuard::None               ? classifyEffects(node)
                  : failed == ArgumentGuard::SequenceOperands ? aliasingOperator_
                                                              : opaque_;
  if (node.op() == OpKind::CallFunction || node.op() == OpKind::CallMethod) {
    std::string_view name = propertyName(node);
    // A Python callable other than torch's own (`mylib.empty`) is not known by name.
    std::string_view t = node.target().str();
    bool known = node.op() == OpKind::CallMethod || isOpTarget(t) || t.starts_with("torch.") ||
                 t.starts_with("operator.");
    // An overload that writes (`aten::empty.out`) fills a given tensor: not an allocation.
    e.emptyAllocation = known && e.writes != WriteKind::SchemaArgs && isEmptyAllocationName(name) &&
                        (node.op() != OpKind::CallMethod || name.starts_with("new_empty"));
    e.keepsSizes = known && e.writes != WriteKind::None && isSizeKeepingWriteName(name);
    // Rule 7: what an opaque torch callable or Tensor method resizes goes by its name.
    bool pythonByName = node.op() == OpKind::CallMethod || (known && !isOpTarget(t));
    if (e.writes == WriteKind::None || e.keepsSizes)
      e.resizes = ResizeKind::None;
    else
      e.resizes = e.opaque && pythonByName ? ResizeKind::ByName : ResizeKind::Writes;
  } else {
    e.resizes = e.writes == WriteKind::None ? ResizeKind::None : ResizeKind::Writes;
  }
  return e;
}

NodeEffects EffectAnalysis::classifyEffects(const Node& node) {
  std::string_view t = node.target().str();
  switch (node.op()) {
  case OpKind::Placeholder:
  case OpKind::Output:
  case OpKind::GetAttr:
    break; // handled in of()
  case OpKind::CallModule:
    return opaque_;
  case OpKind::CallMethod: {
    if (t.starts_with("__"))
      return opaque_;
    NodeEffects e;
    if (isMetadataReaderName(t)) {
      // `x.size()`, `x.new_zeros(...)`: a size, a flag or a new tensor (rule 7).
      e.removable = true;
      e.metadataReads = MetadataReadKind::FirstArg;
      return e;
    }
    if (isMetadataOfSecondMethod(t)) {
      // The result is x, a view of x or a copy of it; y is read for its
      // metadata only.
      e.removable = true;
      e.aliases = AliasKind::FirstArg;
      e.metadataReads = MetadataReadKind::SecondArg;
      return e;
    }
    if (t.ends_with("_")) {
      // In place: returns its self (`set_` makes self share its source).
      e.aliases = t == "set_" ? AliasKind::AllInputs : AliasKind::FirstArg;
      e.writes = WriteKind::FirstArg;
      e.keepsOrder = true;
      return e;
    }
    ReturnedStorage r = methodReturns(t);
    if (r == ReturnedStorage::Unknown)
      return opaque_;
    // Rule 8: new storage, or self / a view of it.
    e.removable = true;
    setReturned(e, r, t);
    e.guard = ArgumentGuard::OutOrInPlace;
    return e;
  }
  case OpKind::CallFunction: {
    if (isOpTarget(t)) {
      if (isAutoFunctionalized(t)) {
        NodeEffects e;
        e.removable = true;
        e.freshElements = true;
        return e;
      }
      if (const FunctionSchema* s = schemaOf(node))
        return fromSchema(*s, t);
      return opaque_;
    }
    if (isWritingOperator(t)) {
      NodeEffects e;
      e.writes = WriteKind::FirstArg;
      // delitem returns None; the value of `x[i] = v` is x (torch >= 2.12
      // binds `setitem = x`) and `operator.iadd(a, b)` returns `a`.
      e.aliases = t == "operator.delitem" ? AliasKind::Fresh : AliasKind::FirstArg;
      e.keepsOrder = true;
      return e;
    }
    if (isMetadataReaderFunction(t)) {
      // `torch.empty_like(x)`, `torch.numel(x)` (rule 7): new tensors or values.
      NodeEffects e;
      bool random = isRandomOp(t.substr(6));
      e.removable = !random;
      e.keepsOrder = random;
      e.metadataReads = MetadataReadKind::FirstArg;
      return e;
    }
    if (isPureCallable(t)) {
      NodeEffects e;
      e.removable = true;
      e.cseCandidate = true;
      e.aliases = AliasKind::AllInputs;
      if (t.starts_with("operator.")) {
        ReturnedStorage r = operatorReturns(t);
        setReturned(e, r, {});
        // `[a] + [b]`, `(a,) * 2`: a sequence holds its operands.
        if (r == ReturnedStorage::New)
          e.guard = ArgumentGuard::SequenceOperands;
      }
      return e;
    }
    ReturnedStorage r = t.starts_with("torch.") ? functionReturns(t) : ReturnedStorage::Unknown;
    if (r == ReturnedStorage::Unknown)
      return opaque_;
    // Rule 8: a pure torch callable, new storage or its first tensor / a view of it.
    NodeEffects e;
    e.removable = true;
    setReturned(e, r, propertyName(node));
    e.guard = ArgumentGuard::OutOrInPlace;
    return e;
  }
  }
  return opaque_;
}

namespace {

/// Basic indexing (ints, slices, None, Ellipsis, a tuple of those): a view.
bool isBasicIndex(const Argument& a) {
  switch (a.kind()) {
  case Argument::Kind::Int:
  case Argument::Kind::None:
  case Argument::Kind::Ellipsis:
    return true;
  case Argument::Kind::Sym:
  case Argument::Kind::Slice: // whatever its bounds
    return true;
  case Argument::Kind::Tuple:
    for (const Argument& e : a.elements())
      if (e.kind() == Argument::Kind::Tuple || !isBasicIndex(e))
        return false;
    return true;
  default:
    return false; // a tensor, a list, a bool, a SymInt node: may gather (copy)
  }
}

} // namespace

bool EffectAnalysis::isPlainView(const Node& node) {
  if (node.isGetItem()) {
    if (node.args().size() != 2 || !node.kwargs().empty() || !node.args()[0].isNode())
      return false;
    if (classifyValue(*node.args()[0].getNode(), registry_) == ValueKind::Tuple)
      return !node.args()[1].isNode(); // unpacking: the element itself
    return isBasicIndex(node.args()[1]);
  }
  return node.op() == OpKind::CallFunction && of(node).plainView;
}

const NodeEffects& EffectAnalysis::of(const Node& node) {
  switch (node.op()) {
  case OpKind::Placeholder:
    return placeholder_;
  case OpKind::Output:
    return output_;
  case OpKind::GetAttr:
    return getAttr_;
  default:
    break;
  }
  // A call nested in an argument may write what it reads: opaque, whatever the target.
  if (node.hasCallReadingNodes())
    return opaque_;
  // `x.shape`, `x.dtype` (rule 7): the one target whose effects depend on an argument.
  if (node.op() == OpKind::CallFunction && node.target().str() == "builtins.getattr" &&
      node.args().size() == 2 && node.args()[1].kind() == Argument::Kind::String &&
      isMetadataAttribute(node.args()[1].getSymbol().str()))
    return metadataAttribute_;
  uint64_t key =
      (reinterpret_cast<uint64_t>(node.target().data()) << 5) ^ static_cast<uint64_t>(node.op());
  auto it = cache_.find(key);
  if (it == cache_.end())
    it = cache_.emplace(key, classify(node, ArgumentGuard::None)).first;
  if (it->second.guard == ArgumentGuard::None || holdsGuard(node, it->second))
    return it->second;
  // Rule 8's answer does not hold for this call: the conservative one, cached
  // under a key no plain entry has (bits 3-4; the op kind takes bits 0-2).
  ArgumentGuard failed = it->second.guard;
  key |= static_cast<uint64_t>(failed) << 3;
  it = cache_.find(key);
  if (it == cache_.end())
    it = cache_.emplace(key, classify(node, failed)).first;
  return it->second;
}

bool EffectAnalysis::holdsGuard(const Node& node, const NodeEffects& e) const {
  if (e.guard == ArgumentGuard::SequenceOperands) {
    ValueKind k = classifyValue(node, registry_);
    return k == ValueKind::Tensor || k == ValueKind::SymInt || k == ValueKind::SymFloat ||
           k == ValueKind::SymBool || k == ValueKind::Int || k == ValueKind::Float ||
           k == ValueKind::Bool;
  }
  if (const Argument* out = node.kwarg("out"); out && !out->isNone())
    return false;
  if (const Argument* inplace = node.kwarg("inplace");
      inplace && !(inplace->kind() == Argument::Kind::Bool && !inplace->getBool()))
    return false;
  if (std::optional<size_t> i = writingParameterPosition(node.target().str());
      i && *i < node.args().size()) {
    const Argument& given = node.args()[*i];
    if (!given.isNone() && !(given.kind() == Argument::Kind::Bool && !given.getBool()))
      return false;
  }
  if (node.target().str().starts_with("torch.nn.functional."))
    for (size_t i = 1; i < node.args().size(); ++i)
      if (node.args()[i].kind() == Argument::Kind::Bool && node.args()[i].getBool())
        return false;
  return e.aliases != AliasKind::FirstArg || (!node.args().empty() && node.args()[0].isNode());
}

bool EffectAnalysis::isMetadataOnlyArgument(const Node& node, const NodeEffects& e,
                                            const Argument& a) {
  switch (e.metadataReads) {
  case MetadataReadKind::None:
    return false;
  case MetadataReadKind::FirstArg:
    return !node.args().empty() && &a == &node.args()[0];
  case MetadataReadKind::SecondArg:
    return node.args().size() > 1 && &a == &node.args()[1];
  case MetadataReadKind::SchemaArgs:
    for (size_t i : e.metadataOnlyArgs)
      if (givenArgument(node, *e.schema, i) == &a)
        return true;
    return false;
  }
  return false;
}

bool EffectAnalysis::readsDataOf(const Node& node, const Node& operand) {
  bool found = false;
  forEachDataRead(node, [&](const Node* n) { found |= n == &operand; });
  return found;
}

bool EffectAnalysis::isFreshElement(const Node& node) {
  if (!node.isGetItem() || node.args().empty() || !node.args()[0].isNode())
    return false;
  const NodeEffects& se = of(*node.args()[0].getNode());
  if (se.freshElements)
    return true;
  if (se.opaque || !se.schema || se.schema->returns.size() < 2)
    return false;
  const auto& returns = se.schema->returns;
  if (node.args().size() > 1 && node.args()[1].isInt()) {
    int64_t k = node.args()[1].getInt();
    int64_t size = static_cast<int64_t>(returns.size());
    if (k < 0)
      k += size;
    if (k >= 0 && k < size)
      return !returns[static_cast<size_t>(k)].alias;
  }
  return std::any_of(returns.begin(), returns.end(), [](const auto& r) { return !r.alias; });
}

bool EffectAnalysis::isFreshNativeBinding(const Node& node) {
  if (!registry_ || node.op() != OpKind::CallFunction)
    return false;
  std::string_view t = node.target().str();
  static constexpr std::string_view kBindings[] = {"torch._C._nn.", "torch._C._VariableFunctions.",
                                                   "torch._C._linalg.", "torch._C._special.",
                                                   "torch._C._fft."};
  std::string_view name;
  for (std::string_view prefix : kBindings)
    if (t.starts_with(prefix))
      name = t.substr(prefix.size());
  if (name.empty() || name.find('.') != std::string_view::npos)
    return false;
  std::vector<const FunctionSchema*> overloads = registry_->overloads("aten::" + std::string(name));
  if (overloads.empty())
    return false;
  for (const FunctionSchema* s : overloads) {
    if (s->returns.empty())
      return false;
    for (const SchemaArgument& r : s->returns)
      if (r.alias || r.type.rfind("Tensor", 0) != 0)
        return false;
    for (const SchemaArgument& a : s->arguments)
      if (a.isWrite())
        return false;
  }
  return true;
}

} // namespace piecewise
