//===- CaptureSafeCopies.cpp - Copy unstable values into static buffers ---===//
//
// Two phases, so that a failure changes nothing: first every unstable read's
// origin is looked at (can it be copied? its sizes, strides, where its buffer
// goes), errors collected; then, when there are none, the nodes are created
// and the uses redirected. See CaptureSafeCopies.h.
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/CaptureSafeCopies.h"

#include "SizeExpr.h"

#include "piecewise/analysis/StorageAnalysis.h"
#include "piecewise/support/CheckedInt.h"
#include "piecewise/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace piecewise {

bool isCaptureCopy(const Node& node) {
  return node.isCallFunction() && node.target().str() == kCaptureCopyTarget;
}

namespace {

constexpr uint32_t kAbsent = NodeNumbering::kAbsent;

/// A size or stride of the buffer: a constant, or an expression over symbols
/// that nodes before the allocation carry.
struct Dim {
  bool constant = true;
  int64_t value = 0;
  sizeexpr::Expr expr;
};

/// One value to copy, as the first phase decided it.
struct Pending {
  Node* value = nullptr;
  bool input = false;
  /// The buffer is allocated right before this node.
  Node* anchor = nullptr;
  uint32_t anchorNumber = 0;
  const TensorMeta* meta = nullptr;
  std::vector<Dim> sizes;
  /// Empty: contiguous (`aten.empty.memory_format`).
  std::vector<Dim> strides;
  bool stridesKept = false;
  bool copyBack = false;
  sizeexpr::Polynomial bytes;
};

std::string name(const Node* n) {
  return std::string(n->name().str());
}

std::string dimsText(const DimList& dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + dims[i].str();
  return out + "]";
}

/// True when constant strides let two indices share an element (an expanded
/// tensor): torch cannot copy into such a buffer. Symbolic ones are trusted.
bool overlaps(const TensorMeta& t) {
  std::vector<std::pair<int64_t, int64_t>> dims; // (stride, size)
  for (size_t k = 0; k < t.rank(); ++k) {
    if (!t.sizes[k].isConstant() || !t.strides[k].isConstant())
      return false;
    int64_t size = t.sizes[k].value(), stride = t.strides[k].value();
    if (size == 0)
      return false;
    if (size != 1)
      dims.emplace_back(stride, size);
  }
  std::sort(dims.begin(), dims.end());
  int64_t extent = 1;
  for (auto [stride, size] : dims) {
    if (stride < extent)
      return true;
    std::optional<int64_t> next = checkedMul(stride, size);
    if (!next)
      return false;
    extent = *next;
  }
  return false;
}

class Fixer {
public:
  Fixer(Graph& graph, const PartitionPlan& plan, const CaptureCheckResult& check,
        EffectAnalysis& effects, DiagnosticEngine& diag)
      : graph_(graph), plan_(plan), num_(plan.numbering()), check_(check), effects_(effects),
        diag_(diag), storages_(num_, effects) {}

  FailureOr<CaptureFixResult> run() {
    indexProviders();
    bool ok = true;
    // What a copy cannot fix: an op a capture cannot contain, a scalar it freezes.
    for (const UncapturableOp& op : check_.uncapturableOps) {
      diag_.error(op.node->loc(), describeUncapturableOp(op, plan_) +
                                      "; a copy into a static buffer cannot fix this");
      diag_.note(op.node->loc(), "fix: " + fixForUncapturableOp(op));
      ok = false;
    }
    for (const UnstableRead& r : check_.bakedScalars) {
      ok = false;
      // Sizes the data decides of a tensor the piece reads at an unstable address: that
      // read's error (its sizes are data-dependent) says it once.
      bool said = r.sizesDataDependent &&
                  std::any_of(check_.unstableReads.begin(), check_.unstableReads.end(),
                              [&](const UnstableRead& u) {
                                return u.value == r.value && u.pieceIndex == r.pieceIndex;
                              });
      if (!said)
        unfixableCause(r);
    }
    std::unordered_set<const Node*> seen;
    for (const UnstableRead& r : check_.unstableReads) {
      const Node* v = valueToCopy(r);
      if (!v) {
        unfixableCause(r);
        ok = false;
        continue;
      }
      if (!seen.insert(v).second)
        continue;
      Pending p;
      if (prepare(mutableNode(v), r, p))
        pending_.push_back(std::move(p));
      else
        ok = false;
    }
    if (!ok)
      return failure();
    std::stable_sort(pending_.begin(), pending_.end(), [&](const Pending& a, const Pending& b) {
      return num_.lookup(a.value) < num_.lookup(b.value);
    });
    return apply();
  }

private:
  Node* mutableNode(const Node* n) const { return num_.node(num_.lookup(n)); }

  /// The node whose value the fix copies for `r`, or null when a copy does
  /// not fix its cause.
  const Node* valueToCopy(const UnstableRead& r) const {
    switch (r.cause) {
    case UnstableCause::FreshElement:
      // chain: the multi-output op, its getitem (the fresh element), views.
      return r.chain.size() > 1 ? r.chain[1] : nullptr;
    case UnstableCause::FreshReturn:
    case UnstableCause::MayCopy:
    case UnstableCause::Unknown:
    case UnstableCause::NonStaticInput: {
      const Node* o = r.chain.front();
      // A schema-less op's tuple: copy the element read, a getitem of it.
      if (!o->meta().isTensor() && r.chain.size() > 1 && r.chain[1]->isGetItem() &&
          !r.chain[1]->args().empty() && r.chain[1]->args()[0].isNode() &&
          r.chain[1]->args()[0].getNode() == o)
        return r.chain[1];
      return o;
    }
    default:
      return nullptr;
    }
  }

  void noteConsumer(const UnstableRead& r) {
    diag_.note(r.consumer->loc(),
               fmt::format("{} is captured and reads '{}' here ('{}')",
                           plan_.pieces()[r.pieceIndex].name(), name(r.value), name(r.consumer)));
  }

  void unfixableCause(const UnstableRead& r) {
    diag_.error(r.origin()->loc(),
                describeUnstableRead(r, plan_) + "; a copy into a static buffer cannot fix this");
    noteConsumer(r);
    diag_.note(r.origin()->loc(), "fix: " + fixForUnstableRead(r));
  }

  /// An error at the value to copy, with the consumer and the way out.
  bool cannotCopy(const Node* v, const UnstableRead& r, const std::string& why) {
    diag_.error(v->loc(), fmt::format("cannot copy '{}' into a static buffer for captured piece "
                                      "{}: {}",
                                      name(v), plan_.pieces()[r.pieceIndex].name(), why));
    noteConsumer(r);
    diag_.note(v->loc(), "fix: make the captured consumers part of the eager region (or give "
                         "the op an out argument the piece before it allocates)");
    return false;
  }

  /// Per symbol, the first node carrying it as a SymInt (a `Sym(s0)` input,
  /// a sym_size), and a tensor input with a dimension of exactly that size.
  void indexProviders() {
    for (uint32_t i = 0; i < num_.size(); ++i) {
      Node* n = num_.node(i);
      if (!firstNonPlaceholder_ && !n->isPlaceholder())
        firstNonPlaceholder_ = n;
      if (const SymMeta* s = n->meta().sym()) {
        if (s->kind == SymKind::Int && s->expr.isSingleSymbol())
          symNodes_.try_emplace(std::string(s->expr.text().str()), i);
      } else if (const TensorMeta* t = n->meta().tensor(); t && n->isPlaceholder()) {
        for (size_t d = 0; d < t->rank(); ++d)
          if (t->sizes[d].isSingleSymbol())
            dimInputs_.try_emplace(std::string(t->sizes[d].text().str()), n, d);
      }
      effects_.forEachWritten(*n, [&](const Node* w) {
        uint32_t s = storages_.storageOf(w);
        if (s == kAbsent)
          return;
        std::vector<uint32_t>& list = writers_[s];
        if (list.empty() || list.back() != i)
          list.push_back(i);
      });
    }
  }

  /// A user of `v` that may change its sizes or strides in place (`squeeze_`,
  /// `t_`, `resize_`: an aten op or a Tensor method writing it that is not
  /// NodeEffects::keepsSizes), other than through an out argument; or null.
  /// An op without a schema is not counted (it may write anything), nor a
  /// custom op: torch's contract for a custom op's mutable arguments is that
  /// their metadata does not change (auto_functionalized relies on it).
  const Node* sizeChangingWriter(const Node* v) {
    for (const Node* u : v->uniqueUsers()) {
      const NodeEffects& e = effects_.of(*u);
      if (e.opaque || e.keepsSizes || e.writes == WriteKind::None)
        continue;
      std::string_view t = u->target().str();
      if (e.schema && !t.starts_with("aten::") && !t.starts_with("prims::"))
        continue;
      bool written = false;
      if (e.writes == WriteKind::SchemaArgs) {
        for (size_t i : e.writtenArgs) {
          std::string_view arg = e.schema->arguments[i].name;
          if (arg.starts_with("out") || arg == "result")
            continue; // an out buffer: written whole at its sizes
          if (const Argument* a = givenArgument(*u, *e.schema, i))
            a->forEachNode([&](const Node* n) { written |= n == v; });
        }
      } else {
        effects_.forEachWritten(*u, [&](const Node* n) { written |= n == v; });
      }
      if (written)
        return u;
    }
    return nullptr;
  }

  bool hasProvider(const std::string& symbol, uint32_t anchorNumber) const {
    auto it = symNodes_.find(symbol);
    return (it != symNodes_.end() && it->second < anchorNumber) || dimInputs_.count(symbol);
  }

  /// `e` as a Dim for a buffer allocated before node number `anchorNumber`.
  bool dimOf(const SymExpr& e, uint32_t anchorNumber, const Pending& p, const UnstableRead& r,
             Dim& d) {
    if (e.isConstant()) {
      d.value = e.value();
      return true;
    }
    const Node* v = p.value;
    std::string text = e.str();
    std::string unbacked;
    e.forEachSymbol([&](std::string_view s) {
      if (unbacked.empty() && SymExpr::isUnbackedSymbolName(s))
        unbacked = std::string(s);
    });
    const DimList& sizes = p.meta->sizes;
    if (!unbacked.empty())
      return cannotCopy(v, r,
                        fmt::format("its sizes {} are data-dependent: '{}' is known only once "
                                    "'{}' has run, and the buffer must exist before",
                                    dimsText(sizes), unbacked,
                                    p.input ? name(v) : std::string(v->target().str())));
    std::optional<sizeexpr::Expr> parsed = sizeexpr::parse(text);
    if (!parsed)
      return cannotCopy(v, r,
                        fmt::format("its size '{}' is not SymInt arithmetic piecewise can "
                                    "compute before the op",
                                    text));
    std::string missing;
    e.forEachSymbol([&](std::string_view s) {
      if (missing.empty() && !hasProvider(std::string(s), anchorNumber))
        missing = std::string(s);
    });
    if (!missing.empty())
      return cannotCopy(v, r,
                        fmt::format("the symbol '{}' of its sizes {} has no value before '{}' "
                                    "(no graph input or earlier node carries it)",
                                    missing, dimsText(sizes), name(p.anchor)));
    d.constant = false;
    d.expr = std::move(*parsed);
    return true;
  }

  bool prepare(Node* v, const UnstableRead& r, Pending& p) {
    p.value = v;
    p.input = v->isPlaceholder();
    const TensorMeta* t = v->meta().tensor();
    if (!t || t->dtype == DType::Unknown)
      return cannotCopy(v, r,
                        fmt::format("the dump gives no {} for it (annotate it, as in "
                                    "'{}: \"f32[4, 64]\"')",
                                    t ? "dtype" : "tensor sizes and dtype", name(v)));
    p.meta = t;
    if (p.input) {
      p.anchor = firstNonPlaceholder_;
    } else {
      int32_t piece = plan_.pieceIndexOf(v);
      if (piece < 0 || plan_.pieces()[static_cast<size_t>(piece)].kind == PieceKind::Compiled)
        return cannotCopy(v, r, "it is not made in an eager region");
      p.anchor = plan_.pieces()[static_cast<size_t>(piece)].nodes.front();
    }
    p.anchorNumber = num_.lookup(p.anchor);
    for (const SymExpr& e : t->sizes)
      if (!dimOf(e, p.anchorNumber, p, r, p.sizes.emplace_back()))
        return false;
    if (t->hasStrides && t->strides.size() == t->rank() && !overlaps(*t)) {
      p.stridesKept = true;
      for (const SymExpr& e : t->strides)
        if (!dimOf(e, p.anchorNumber, p, r, p.strides.emplace_back()))
          return false;
    }
    if (const Node* w = sizeChangingWriter(v))
      return cannotCopy(v, r,
                        fmt::format("'{}' ({}) changes its sizes or strides in place, and a "
                                    "static buffer is the same tensor at every step: the change "
                                    "would carry over into the next one",
                                    name(w), w->target().str()));
    uint32_t s = storages_.storageOf(v);
    if (p.input) {
      p.copyBack = storages_.isWritten(v);
    } else if (r.cause == UnstableCause::MayCopy || r.cause == UnstableCause::Unknown) {
      // It may share memory with what it was made from: a later write there
      // would show through it, not through a copy.
      uint32_t at = num_.lookup(v);
      auto it = writers_.find(s);
      if (it != writers_.end()) {
        auto w = std::upper_bound(it->second.begin(), it->second.end(), at);
        if (w != it->second.end()) {
          const Node* writer = num_.node(*w);
          cannotCopy(v, r,
                     fmt::format("'{}' {}, so '{}' may share memory with its inputs, and '{}' "
                                 "writes that memory after it: a copy would not see the write",
                                 r.origin()->target().str(),
                                 r.cause == UnstableCause::MayCopy
                                     ? "may return one of its inputs or a view of one"
                                     : "has no schema",
                                 name(v), name(writer)));
          diag_.note(writer->loc(), fmt::format("'{}' writes it here", name(writer)));
          return false;
        }
      }
    }
    sizeexpr::Polynomial numel = sizeexpr::Polynomial::constant(1);
    for (const Dim& d : p.sizes)
      numel = numel * (d.constant ? sizeexpr::Polynomial::constant(d.value)
                                  : sizeexpr::Polynomial::of(d.expr));
    p.bytes = numel * sizeexpr::Polynomial::constant(static_cast<int64_t>(dtypeItemSize(t->dtype)) *
                                                     (p.copyBack ? 2 : 1));
    return true;
  }

  //===--- The rewrite ----------------------------------------------------===//

  Node* create(std::string_view nodeName, std::string_view target, std::vector<Argument> args,
               std::vector<KwArg> kwargs, Node* before, Location loc) {
    Node* n = graph_.createNode(OpKind::CallFunction, nodeName, graph_.intern(target),
                                std::move(args), std::move(kwargs), before);
    n->setLoc(loc);
    created_.insert(n);
    return n;
  }

  /// A node holding symbol `s`, before `before` (numbered `beforeNumber`).
  Node* symbolNode(const std::string& s, Node* before, uint32_t beforeNumber, Location loc) {
    auto it = symNodes_.find(s);
    if (it != symNodes_.end() && it->second < beforeNumber)
      return num_.node(it->second);
    auto made = symSizes_.find(s);
    if (made != symSizes_.end())
      return made->second;
    auto [input, dim] = dimInputs_.at(s);
    Node* n = create("sym_size_int", "aten::sym_size.int",
                     {Argument::node(input), Argument::integer(static_cast<int64_t>(dim))}, {},
                     before, loc);
    n->setMeta(SymMeta{SymKind::Int, SymExpr::symbolic(graph_.intern(s))});
    symSizes_.emplace(s, n);
    return n;
  }

  Argument exprArgument(const sizeexpr::Expr& e, const Pending& p) {
    using Kind = sizeexpr::Expr::Kind;
    if (e.kind == Kind::Const)
      return Argument::integer(e.value);
    if (e.kind == Kind::Symbol)
      return Argument::node(symbolNode(e.name, p.anchor, p.anchorNumber, p.value->loc()));
    std::string text = sizeexpr::print(e);
    auto it = arithmetic_.find(text);
    if (it != arithmetic_.end())
      return Argument::node(it->second);
    if ((e.kind == Kind::Max || e.kind == Kind::Min) && e.args.size() > 2) {
      // sym_max / sym_min take two: Max(a, b, c) is Max(a, Max(b, c)).
      sizeexpr::Expr rest = e;
      rest.args.erase(rest.args.begin());
      sizeexpr::Expr pair = e;
      pair.args = {e.args.front(), std::move(rest)};
      Argument a = exprArgument(pair, p);
      a.getNode()->setMeta(SymMeta{SymKind::Int, SymExpr::symbolic(graph_.intern(text))});
      arithmetic_.emplace(std::move(text), a.getNode());
      return a;
    }
    std::vector<Argument> args;
    for (const sizeexpr::Expr& a : e.args)
      args.push_back(exprArgument(a, p));
    std::string_view target = sizeexpr::targetOf(e.kind);
    Node* n = create(target.substr(target.find('.') + 1), target, std::move(args), {}, p.anchor,
                     p.value->loc());
    n->setMeta(SymMeta{SymKind::Int, SymExpr::symbolic(graph_.intern(text))});
    arithmetic_.emplace(std::move(text), n);
    return Argument::node(n);
  }

  Argument dimsArgument(const std::vector<Dim>& dims, const Pending& p) {
    std::vector<Argument> items;
    for (const Dim& d : dims)
      items.push_back(d.constant ? Argument::integer(d.value) : exprArgument(d.expr, p));
    return Argument::list(std::move(items));
  }

  Node* allocate(const Pending& p) {
    const TensorMeta& t = *p.meta;
    std::vector<Argument> args;
    args.push_back(dimsArgument(p.sizes, p));
    if (p.stridesKept)
      args.push_back(dimsArgument(p.strides, p));
    std::vector<KwArg> kwargs;
    kwargs.push_back({graph_.intern("dtype"), Argument::dtype(t.dtype)});
    if (!t.device.empty())
      kwargs.push_back({graph_.intern("device"), Argument::device(t.device)});
    Node* a = create(name(p.value) + "_static",
                     p.stridesKept ? "aten::empty_strided.default" : "aten::empty.memory_format",
                     std::move(args), std::move(kwargs), p.anchor, p.value->loc());
    TensorMeta meta;
    meta.sizes = t.sizes;
    meta.dtype = t.dtype;
    meta.device = t.device;
    if (p.stridesKept) {
      meta.strides = t.strides;
      meta.hasStrides = true;
    } else if (std::all_of(t.sizes.begin(), t.sizes.end(),
                           [](const SymExpr& e) { return e.isConstant(); })) {
      std::vector<SymExpr> strides(t.rank());
      int64_t step = 1;
      for (size_t k = t.rank(); k-- > 0;) {
        strides[k] = SymExpr::constant(step);
        step = checkedMul(step, std::max<int64_t>(t.sizes[k].value(), 1)).value_or(0);
      }
      meta.strides = DimList(strides);
      meta.hasStrides = true;
    }
    a->setMeta(Meta(std::move(meta)));
    return a;
  }

  Node* copy(Node* src, Node* dst, Node* before, std::string_view nodeName, Location loc) {
    return create(nodeName, kCaptureCopyTarget, {Argument::node(src), Argument::node(dst)}, {},
                  before, loc);
  }

  CaptureFixResult apply() {
    CaptureFixResult result;
    result.copies.resize(pending_.size());
    // Graph inputs: every allocation, then every copy, before the first node.
    for (size_t i = 0; i < pending_.size(); ++i)
      if (pending_[i].input)
        result.copies[i].buffer = allocate(pending_[i]);
    for (size_t i = 0; i < pending_.size(); ++i)
      if (pending_[i].input)
        result.copies[i].copy =
            copy(pending_[i].value, result.copies[i].buffer, firstNonPlaceholder_, "capture_copy",
                 pending_[i].value->loc());
    for (size_t i = 0; i < pending_.size(); ++i) {
      const Pending& p = pending_[i];
      if (p.input)
        continue;
      result.copies[i].buffer = allocate(p);
      result.copies[i].copy =
          copy(p.value, result.copies[i].buffer, p.value->next(), "capture_copy", p.value->loc());
    }
    sizeexpr::Polynomial total;
    for (size_t i = 0; i < pending_.size(); ++i) {
      const Pending& p = pending_[i];
      CaptureCopy& c = result.copies[i];
      c.value = p.value;
      Node* copyNode = c.copy;
      bool input = p.input;
      graph_.replaceUsesIf(p.value, c.buffer, [&](Node* user) {
        return user != copyNode && !created_.count(user) && !(input && user->isOutput());
      });
      if (p.copyBack)
        c.copyBack =
            copy(c.buffer, p.value, graph_.outputNode(), "capture_copy_back", p.value->loc());
      c.bytes = p.bytes.str();
      total = total + p.bytes;
    }
    result.bytesPerStep = total.str();
    return result;
  }

  Graph& graph_;
  const PartitionPlan& plan_;
  const NodeNumbering& num_;
  const CaptureCheckResult& check_;
  EffectAnalysis& effects_;
  DiagnosticEngine& diag_;
  StorageAnalysis storages_;
  std::vector<Pending> pending_;
  Node* firstNonPlaceholder_ = nullptr;
  /// Symbol -> number of the first node carrying it as a SymInt.
  std::unordered_map<std::string, uint32_t> symNodes_;
  /// Symbol -> a graph input with a dimension of that size, and the dimension.
  std::unordered_map<std::string, std::pair<Node*, size_t>> dimInputs_;
  /// Storage -> numbers of the nodes that may write it, ascending.
  std::unordered_map<uint32_t, std::vector<uint32_t>> writers_;
  /// Nodes the rewrite made: sym_size reads, arithmetic, buffers, copies.
  std::unordered_set<const Node*> created_;
  std::unordered_map<std::string, Node*> symSizes_;
  std::unordered_map<std::string, Node*> arithmetic_;
};

} // namespace

FailureOr<CaptureFixResult> insertCaptureSafeCopies(Graph& graph, const PartitionPlan& plan,
                                                    const CaptureCheckResult& check,
                                                    EffectAnalysis& effects,
                                                    DiagnosticEngine& diag) {
  return Fixer(graph, plan, check, effects, diag).run();
}

FailureOr<PartitionPlan> planForCapture(Graph& graph, const OpRegistry* registry,
                                        const CaptureSafeOptions& options, DiagnosticEngine& diag,
                                        SymIntRematerializationStats* remat) {
  if (options.breakable)
    return partitionForBreakableCapture(graph, options.breakOps, registry, diag);
  return splitGraph(graph, registry, options.split, diag, remat);
}

FailureOr<CaptureSafeResult> makeCaptureSafe(Graph& graph, const OpRegistry* registry,
                                             const CaptureSafeOptions& options,
                                             DiagnosticEngine& diag) {
  SymIntRematerializationStats remat;
  FailureOr<PartitionPlan> plan = planForCapture(graph, registry, options, diag, &remat);
  if (failed(plan))
    return failure();
  EffectAnalysis effects(registry);
  CaptureCheckResult check = checkCapture(*plan, effects, options.check);
  CaptureFixResult fix;
  if (!check.clean()) {
    FailureOr<CaptureFixResult> inserted =
        insertCaptureSafeCopies(graph, *plan, check, effects, diag);
    if (failed(inserted))
      return failure();
    fix = std::move(*inserted);
    if (failed(verifyGraph(graph, registry, diag)))
      return failure();
    SymIntRematerializationStats again;
    plan = planForCapture(graph, registry, options, diag, &again);
    if (failed(plan))
      return failure();
    remat.inputsRemoved += again.inputsRemoved;
    remat.nodesCopied += again.nodesCopied;
    remat.nodesErased += again.nodesErased;
    remat.nodesMoved += again.nodesMoved;
    check = checkCapture(*plan, effects, options.check);
    if (!check.clean()) {
      emitCaptureDiagnostics(check, *plan, Severity::Error, diag);
      return failure();
    }
  }
  return CaptureSafeResult{std::move(fix), std::move(*plan), std::move(check), remat};
}

} // namespace piecewise
