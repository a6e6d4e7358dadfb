//===- Verifier.cpp - Structural checks on graphs -------------------------===//
//
// One linear walk per graph. Ordering questions use Graph::isBefore (O(1)),
// name uniqueness asks the graph to resolve each name (O(1)), schema lookups are
// cached per target symbol, and nothing allocates per node unless a violation
// is reported, so verifying a million-node graph costs tens of milliseconds.
//
//===----------------------------------------------------------------------===//

#include "piecewise/verify/Verifier.h"

#include "piecewise/ir/PythonNames.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace piecewise {

namespace {

/// Walks one graph and reports every violation it finds.
class GraphVerifier {
public:
  GraphVerifier(const Graph& graph, const OpRegistry* registry, DiagnosticEngine& diag,
                const VerifyOptions& options, Location fallbackLoc)
      : graph_(graph), registry_(options.checkSchemas ? registry : nullptr), diag_(diag),
        fallbackLoc_(fallbackLoc),
        schemaCache_(options.schemaCache ? *options.schemaCache : ownSchemaCache_) {}

  LogicalResult run();

private:
  void checkStructure(const Node* n);
  void checkName(const Node* n);
  void checkGlobals(const Node* n);
  void checkOperands(const Node* n);
  void checkCall(const Node* n, const FunctionSchema& schema);
  void checkGetItem(const Node* n);
  /// The schema for a call_function node, or nullptr (cached per target).
  const FunctionSchema* schemaFor(const Node* n);

  void error(const Node* n, std::string message) {
    Location loc = n->loc();
    diag_.error(loc.isKnown() || !fallbackLoc_.buffer ? loc : fallbackLoc_, std::move(message));
    ++errors_;
  }

  const Graph& graph_;
  const OpRegistry* registry_;
  DiagnosticEngine& diag_;
  Location fallbackLoc_;
  size_t errors_ = 0;

  VerifierSchemaCache ownSchemaCache_;
  VerifierSchemaCache& schemaCache_;
  const Node* firstNonPlaceholder_ = nullptr;
  const Node* output_ = nullptr;
};

LogicalResult GraphVerifier::run() {
  for (const Node* n : graph_) {
    checkStructure(n);
    checkOperands(n);
    checkGlobals(n);
    if (n->isGetItem()) {
      checkGetItem(n);
    } else if (registry_ && n->isCallFunction()) {
      if (const FunctionSchema* schema = schemaFor(n))
        checkCall(n, *schema);
    }
  }
  if (!output_) {
    Location loc = graph_.back() ? graph_.back()->loc() : fallbackLoc_;
    if (!loc.isKnown() && fallbackLoc_.buffer)
      loc = fallbackLoc_;
    diag_.error(loc, "graph has no output node");
    ++errors_;
  }
  return errors_ ? failure() : success();
}

void GraphVerifier::checkGlobals(const Node* n) {
  // A Global is a name the printed code reads as a Python global: it must be a
  // dotted path (or an integer literal) and its first name no node's, or the
  // printed program would read that node without the IR knowing.
  auto visit = [&](auto&& self, const Argument& a) -> void {
    if (a.kind() == Argument::Kind::Global) {
      std::string_view text = a.getSymbol().str();
      if (!Argument::isGlobalText(text)) {
        error(n, fmt::format("node '{}' holds the value '{}', which is not a Python name",
                             n->name().str(), text));
        return;
      }
      std::string_view head = text.substr(0, text.find('.'));
      if (graph_.lookup(head))
        error(n, fmt::format("node '{}' reads the global name '{}', which names node '{}': a "
                             "reference to a node must be a use",
                             n->name().str(), text, head));
    } else if (a.hasElements()) {
      for (const Argument& e : a.elements())
        self(self, e);
    }
  };
  for (const Argument& a : n->args())
    visit(visit, a);
  for (const KwArg& k : n->kwargs())
    visit(visit, k.value);
}

void GraphVerifier::checkName(const Node* n) {
  if (isReservedPythonName(n->name().str()))
    error(n, reservedNameMessage(n->name().str()));
  // The graph resolves each name to one node, so a node that its own name does
  // not resolve to shares the name with the node that it does resolve to.
  // (Names are interned and resolved through the string's binding word, which
  // was written when the name was parsed: no hashing, no sorting.)
  const Node* owner = graph_.lookup(n->name());
  if (owner == n)
    return;
  Location at = owner ? owner->loc() : Location{};
  error(n, at.isKnown() ? fmt::format("duplicate node name '{}' (first defined at line {})",
                                      n->name().str(), at.line)
                        : fmt::format("node name '{}' does not resolve to the node in its graph",
                                      n->name().str()));
}

void GraphVerifier::checkStructure(const Node* n) {
  std::string_view name = n->name().str();
  checkName(n);

  if (n->isPlaceholder()) {
    if (firstNonPlaceholder_)
      error(n, fmt::format("placeholder '{}' comes after non-placeholder node '{}'; placeholders "
                           "must come first",
                           name, firstNonPlaceholder_->name().str()));
  } else if (!firstNonPlaceholder_) {
    firstNonPlaceholder_ = n;
  }

  if (n->isOutput()) {
    if (output_)
      error(n, fmt::format("graph has more than one output node: '{}' and '{}'",
                           output_->name().str(), name));
    else
      output_ = n;
    if (n->next())
      error(n, fmt::format("output node '{}' must be the last node, but '{}' follows it", name,
                           n->next()->name().str()));
  }
}

void GraphVerifier::checkOperands(const Node* n) {
  n->forEachInput([&](const Node* in) {
    if (!in) {
      error(n, fmt::format("node '{}' has a null node reference", n->name().str()));
      return;
    }
    if (in->graph() != &graph_) {
      error(n, fmt::format("node '{}' uses '{}', which is not a node of this graph",
                           n->name().str(), in->name().str()));
      return;
    }
    if (in->isErased()) {
      error(n, fmt::format("node '{}' uses '{}', which was erased", n->name().str(),
                           in->name().str()));
      return;
    }
    if (in == n) {
      error(n, fmt::format("node '{}' uses itself", n->name().str()));
      return;
    }
    if (!graph_.isBefore(in, n))
      error(n, fmt::format("node '{}' uses '{}' before it is defined", n->name().str(),
                           in->name().str()));
  });
}

const FunctionSchema* GraphVerifier::schemaFor(const Node* n) {
  if (const FunctionSchema* const* cached = schemaCache_.find(n->target()))
    return *cached;
  const FunctionSchema* schema = n->isTorchOp() ? registry_->lookup(n->target().str()) : nullptr;
  schemaCache_.insert(n->target(), schema);
  return schema;
}

void GraphVerifier::checkCall(const Node* n, const FunctionSchema& schema) {
  // This runs for most nodes of a graph: nothing here allocates unless a
  // violation is reported.
  std::string_view name = n->name().str();
  auto op = [&] { return schema.qualifiedName(); };
  const size_t numArgs = n->args().size();
  const size_t numArguments = schema.arguments.size();

  if (!schema.isVararg) {
    size_t numPositional = schema.numPositional();
    if (numArgs > numPositional)
      error(n, fmt::format("node '{}' passes {} positional argument{} to '{}', which takes at "
                           "most {}",
                           name, numArgs, numArgs == 1 ? "" : "s", op(), numPositional));
  }

  // Which schema arguments are given, positionally or by keyword: a bit mask
  // for the common case, a vector for ops with more than 64 arguments.
  uint64_t givenMask = 0;
  std::vector<bool> givenWide;
  if (numArguments > 64)
    givenWide.assign(numArguments, false);
  auto markGiven = [&](size_t i) {
    if (numArguments > 64)
      givenWide[i] = true;
    else
      givenMask |= uint64_t(1) << i;
  };
  auto isGiven = [&](size_t i) {
    return numArguments > 64 ? static_cast<bool>(givenWide[i]) : ((givenMask >> i) & 1) != 0;
  };
  for (size_t i = 0; i < numArgs && i < numArguments; ++i)
    markGiven(i);

  const auto& kwargs = n->kwargs();
  for (size_t k = 0; k < kwargs.size(); ++k) {
    std::string_view kw = kwargs[k].name.str();
    for (size_t j = 0; j < k; ++j)
      if (kwargs[j].name == kwargs[k].name)
        error(n, fmt::format("node '{}' passes keyword argument '{}' twice", name, kw));
    std::optional<size_t> index = schema.argumentIndex(kw);
    if (!index) {
      if (!schema.isVararg)
        error(n, fmt::format("node '{}' passes keyword argument '{}', which '{}' does not take",
                             name, kw, op()));
      continue;
    }
    if (*index < numArgs)
      error(n, fmt::format("node '{}' passes argument '{}' of '{}' both by position and by keyword",
                           name, kw, op()));
    markGiven(*index);
  }

  for (size_t i = 0; i < numArguments; ++i) {
    const SchemaArgument& a = schema.arguments[i];
    if (!isGiven(i) && !a.defaultValue)
      error(n, fmt::format("node '{}' does not pass required argument '{}' of '{}'", name, a.name,
                           op()));
  }
}

void GraphVerifier::checkGetItem(const Node* n) {
  if (n->args().size() < 2 || !n->args()[0].isNode() || !n->args()[1].isInt())
    return;
  const Node* producer = n->args()[0].getNode();
  if (!producer || producer->graph() != &graph_ || producer->isErased())
    return; // reported by checkOperands
  int64_t index = n->args()[1].getInt();

  // How many values the producer returns, when that is known.
  std::optional<size_t> count;
  if (const std::vector<Meta>* list = producer->meta().list()) {
    count = list->size();
  } else if (registry_ && producer->isCallFunction() && !producer->isGetItem()) {
    if (const FunctionSchema* schema = schemaFor(producer)) {
      // A single return is either one tensor (getitem then indexes the tensor) or
      // a list whose length only meta knows; more than one is a fixed tuple.
      if (!schema->isVarret && schema->returns.size() != 1)
        count = schema->returns.size();
    }
  }
  if (!count)
    return;
  auto size = static_cast<int64_t>(*count);
  if (index >= size || index < -size)
    error(n, fmt::format("node '{}' reads index {} of '{}', which has {} value{}", n->name().str(),
                         index, producer->name().str(), size, size == 1 ? "" : "s"));
}

/// True when `n` is a get_attr that reads a submodule: a value with no tensor
/// or SymInt meta that a higher-order op takes (`torch.cond`'s branches,
/// `wrap`'s body, a flex-attention score_mod). Tensor constants
/// (`self._tensor_constant0`) are values of no nested class.
bool readsSubmodule(const Node& n) {
  if (n.op() != OpKind::GetAttr || !(n.meta().isNone() || n.meta().isOpaque()))
    return false;
  for (const Node* user : n.users())
    if (user->isCallFunction() && user->target().str().starts_with("higher_order::"))
      return true;
  return false;
}

LogicalResult verifyModuleImpl(const Module& module, const OpRegistry* registry,
                               DiagnosticEngine& diag, const VerifyOptions& options) {
  bool ok = GraphVerifier(module.graph(), registry, diag, options, module.loc).run().succeeded();
  // A dump prints every submodule as a nested class; one that has none (graph
  // form) cannot be checked.
  if (!module.children().empty()) {
    for (const Node* n : module.graph()) {
      bool calls = n->op() == OpKind::CallModule;
      if ((!calls && !readsSubmodule(*n)) || module.resolve(n->target().str()))
        continue;
      Location loc = n->loc().isKnown() ? n->loc() : module.loc;
      diag.error(loc, fmt::format("node '{}' {} module '{}', which is not a child module",
                                  n->name().str(), calls ? "calls" : "reads", n->target().str()));
      ok = false;
    }
  }
  for (const Module::Child& c : module.children())
    ok &= verifyModuleImpl(*c.module, registry, diag, options).succeeded();
  return ok ? success() : failure();
}

} // namespace

LogicalResult verifyGraph(const Graph& graph, const OpRegistry* registry, DiagnosticEngine& diag,
                          const VerifyOptions& options) {
  return GraphVerifier(graph, registry, diag, options, Location{}).run();
}

LogicalResult verifyModule(const Module& module, const OpRegistry* registry, DiagnosticEngine& diag,
                           const VerifyOptions& options) {
  return verifyModuleImpl(module, registry, diag, options);
}

} // namespace piecewise
