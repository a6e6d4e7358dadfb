//===- WrapperCodegen.cpp - Runnable Python for a partitioned graph -------===//

#include "piecewise/codegen/WrapperCodegen.h"

#include "piecewise/ir/Target.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>

#include <unordered_set>

namespace piecewise {

namespace {

/// A Python name for a node that cannot clash with the wrapper's own names.
std::string_view pythonName(const Node& node, const Graph& graph, std::deque<std::string>& owned) {
  static const std::unordered_set<std::string_view> reserved = {
      "args",   "torch", "operator", "math", "builtins", "call",
      "device", "inf",   "nan",      "None", "True",     "False"};
  std::string_view name = node.name().str();
  bool clash = reserved.count(name) != 0 || name.starts_with("partition");
  if (!clash)
    return name;
  std::string candidate = std::string(name) + "_v";
  while (graph.lookup(std::string_view(candidate)) != nullptr)
    candidate += '_';
  return owned.emplace_back(std::move(candidate));
}

} // namespace

WrapperProgram lowerToWrapper(const LifetimePlan& lt) {
  const PartitionPlan& plan = lt.plan();
  const NodeNumbering& num = plan.numbering();
  const Graph& graph = plan.graph();
  WrapperProgram w;
  ScopeProgram& p = w.program;
  p.names.resize(num.size());
  p.storage.resize(num.size());
  p.locations.resize(num.size());
  for (uint32_t i = 0; i < num.size(); ++i) {
    p.names[i] = pythonName(*num.node(i), graph, p.ownedNames);
    p.storage[i] = lt.storages().storageOf(i);
    p.locations[i] = num.node(i)->loc();
  }
  p.storageIsOutput.resize(lt.storages().numStorages());
  for (uint32_t s = 0; s < p.storageIsOutput.size(); ++s)
    p.storageIsOutput[s] = lt.storageIsOutput(s);

  using K = ScopeStmt::Kind;
  std::vector<uint32_t> scratch, scratch2;
  auto compute = [&](ScopeFunction& fn, uint32_t i) {
    p.append(fn, K::Compute, lt.inputsOf(i), std::span<const uint32_t>(&i, 1));
  };
  auto nodeNumbers = [&](std::vector<uint32_t>& out, const std::vector<Node*>& nodes) {
    out.clear();
    for (const Node* n : nodes)
      out.push_back(num.lookup(n));
  };
  const std::vector<PartitionSignature>& sigs = lt.signatures();
  p.pool.reserve(num.size() * 4);
  // Partition functions.
  std::vector<int32_t> functionOf(plan.size(), -1);
  std::vector<uint32_t> outputMark(num.size(), 0);
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const PartitionSignature& sig = sigs[pi];
    if (!sig.cudagraphable)
      continue;
    functionOf[pi] = static_cast<int32_t>(p.functions.size());
    w.functionPiece.push_back(static_cast<int32_t>(pi));
    ScopeFunction& fn = p.functions.emplace_back();
    fn.name = fmt::format("partition_{}", plan.pieces()[pi].id);
    fn.body.reserve(2 * (sig.end - sig.begin) + 2);
    scratch.clear();
    for (const SignatureInput& in : sig.inputs)
      scratch.push_back(num.lookup(in.value));
    p.append(fn, K::Params, {}, scratch);
    const uint32_t mark = static_cast<uint32_t>(pi) + 1;
    for (const Node* o : sig.outputs)
      outputMark[num.lookup(o)] = mark;
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      compute(fn, lt.order()[q]);
      scratch.clear();
      lt.forEachDyingAt(q, [&](uint32_t v) {
        if (outputMark[v] != mark)
          scratch.push_back(v);
      });
      if (!scratch.empty())
        p.append(fn, K::Del, scratch);
    }
    nodeNumbers(scratch, sig.outputs);
    p.append(fn, K::Return, scratch);
  }

  // call(args).
  p.entry = static_cast<int32_t>(p.functions.size());
  w.functionPiece.push_back(-1);
  ScopeFunction& call = p.functions.emplace_back();
  call.name = "call";
  scratch.assign(lt.order().begin(), lt.order().begin() + lt.numPlaceholders());
  p.append(call, K::Params, {}, scratch);
  auto freeDying = [&](uint32_t q) {
    scratch.clear();
    lt.forEachDyingAt(q, [&](uint32_t v) { scratch.push_back(v); });
    if (!scratch.empty())
      p.append(call, K::Del, scratch);
  };
  for (uint32_t q = 0; q < lt.numPlaceholders(); ++q)
    freeDying(q);
  for (uint32_t q = lt.numPlaceholders(); q < lt.piecesBegin(); ++q) {
    compute(call, lt.order()[q]);
    freeDying(q);
  }
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const PartitionSignature& sig = sigs[pi];
    if (functionOf[pi] < 0) {
      for (uint32_t q = sig.begin; q < sig.end; ++q) {
        compute(call, lt.order()[q]);
        freeDying(q);
      }
      continue;
    }
    scratch.clear();
    scratch2.clear();
    for (const SignatureInput& in : sig.inputs) {
      uint32_t j = num.lookup(in.value);
      scratch2.push_back(j);
      if (in.deallocate)
        scratch.push_back(j);
    }
    ScopeStmt& handOver = p.append(call, K::Del, scratch);
    handOver.handOver = true;
    handOver.callee = functionOf[pi];
    nodeNumbers(scratch, sig.outputs);
    p.append(call, K::Call, scratch2, scratch).callee = functionOf[pi];
  }
  scratch.clear();
  if (const Node* out = graph.outputNode()) {
    out->forEachInput([&](Node* in) {
      uint32_t j = num.lookup(in);
      if (j != NodeNumbering::kAbsent)
        scratch.push_back(j);
    });
  }
  p.append(call, K::Return, scratch);
  return w;
}

namespace {

/// `type` or `type:N` with a known device type and a decimal index.
bool isDeviceSpelling(std::string_view s) {
  return parseDeviceSpelling(s).has_value();
}

class PythonEmitter {
public:
  PythonEmitter(const WrapperProgram& w, const LifetimePlan& lt, const WrapperEmitOptions& o,
                DiagnosticEngine& diag)
      : w_(w), lt_(lt), opts_(o), diag_(diag), num_(lt.plan().numbering()) {}

  FailureOr<std::string> emit() {
    out_ += "# Generated by piecewise codegen; do not edit.\n";
    if (!opts_.header.empty())
      out_ += "# " + opts_.header + "\n";
    out_ += "import builtins\nimport math\nimport operator\n\nimport torch\n\n";
    out_ += "inf = math.inf\nnan = math.nan\n";
    for (size_t f = 0; f < w_.program.functions.size(); ++f) {
      out_ += "\n\n";
      if (failed(emitFunction(f)))
        return failure();
    }
    return std::move(out_);
  }

private:
  std::string_view name(uint32_t v) const { return w_.program.names[v]; }

  static bool isDeviceString(std::string_view s) { return isDeviceSpelling(s); }

  std::string mapDevice(std::string_view dev) const {
    for (const auto& [from, to] : opts_.deviceMap)
      if (from == dev)
        return to;
    std::string_view type = dev.substr(0, dev.find(':'));
    for (const auto& [from, to] : opts_.deviceMap)
      if (from == type)
        return to;
    if (type == dev)
      for (const auto& [from, to] : opts_.deviceMap)
        if (from == std::string(dev) + ":0")
          return to;
    return std::string(dev);
  }

  void arg(std::string& s, const Argument& a) const {
    using K = Argument::Kind;
    switch (a.kind()) {
    case K::NodeRef:
      s += name(num_.lookup(a.getNode()));
      return;
    case K::Device:
      s += fmt::format("torch.device('{}')", mapDevice(a.getSymbol().str()));
      return;
    case K::Int:
      // `x.to(0)`, `device=0`: an int device is a CUDA device index.
      if (mapStrings_ && a.getInt() >= 0) {
        std::string dev = fmt::format("cuda:{}", a.getInt());
        if (std::string to = mapDevice(dev); to != dev) {
          s += fmt::format("'{}'", to);
          return;
        }
      }
      s += printArgument(a);
      return;
    case K::String:
      if (mapStrings_ && isDeviceString(a.getSymbol().str())) {
        s += fmt::format("'{}'", mapDevice(a.getSymbol().str()));
        return;
      }
      s += printArgument(a);
      return;
    case K::List:
    case K::Tuple:
    case K::Slice: {
      s += a.kind() == K::List ? "[" : a.kind() == K::Tuple ? "(" : "slice(";
      const auto& els = a.elements();
      for (size_t i = 0; i < els.size(); ++i) {
        if (i)
          s += ", ";
        arg(s, els[i]);
      }
      if (a.kind() == K::Tuple && els.size() == 1)
        s += ',';
      s += a.kind() == K::List ? "]" : ")";
      return;
    }
    default:
      s += printArgument(a);
      return;
    }
  }

  void callArgs(std::string& s, const Node& n, size_t first) const {
    s += '(';
    bool comma = false;
    for (size_t i = first; i < n.args().size(); ++i) {
      if (comma)
        s += ", ";
      comma = true;
      arg(s, n.args()[i]);
    }
    for (const KwArg& k : n.kwargs()) {
      if (comma)
        s += ", ";
      comma = true;
      s += k.name.str();
      s += '=';
      // `device = 'cuda:0'`: the string spelling of a device is mapped too.
      bool saved = mapStrings_;
      mapStrings_ = saved || k.name.str() == "device";
      arg(s, k.value);
      mapStrings_ = saved;
    }
    s += ')';
  }

  LogicalResult expression(std::string& s, const Node& n) const {
    std::string_view t = n.target().str();
    switch (n.op()) {
    case OpKind::CallFunction:
      if (n.isGetItem() && n.args().size() == 2) {
        arg(s, n.args()[0]);
        s += '[';
        arg(s, n.args()[1]);
        s += ']';
        return success();
      }
      if (isOpTarget(t))
        s += pythonTarget(t);
      else if (t.starts_with("builtins."))
        s += t.substr(9);
      else
        s += t;
      callArgs(s, n, 0);
      return success();
    case OpKind::CallMethod:
      if (n.args().empty())
        break;
      arg(s, n.args()[0]);
      if (t == "cuda" && mapDevice("cuda") != "cuda") {
        s += fmt::format(".to(torch.device('{}'))", mapDevice("cuda"));
        return success();
      }
      s += '.';
      s += t;
      // `.to('cuda:0')`, `.to(0)`: device strings and indices are mapped like
      // device arguments.
      mapStrings_ = t == "to";
      callArgs(s, n, 1);
      mapStrings_ = false;
      return success();
    default:
      break;
    }
    diag_.error(n.loc(), fmt::format("codegen: cannot emit {} node '{}' (a dump carries no "
                                     "attribute or submodule values)",
                                     opKindName(n.op()), n.name().str()));
    return failure();
  }

  const ScopeProgram& P() const { return w_.program; }
  std::string nameList(std::span<const uint32_t> vs) const {
    std::string s;
    for (size_t i = 0; i < vs.size(); ++i)
      s += fmt::format("{}{}", i ? ", " : "", name(vs[i]));
    return s;
  }
  std::string tuple(std::span<const uint32_t> vs) const {
    return vs.size() == 1 ? fmt::format("({},)", name(vs[0])) : "(" + nameList(vs) + ")";
  }

  LogicalResult emitFunction(size_t f) {
    const ScopeFunction& fn = w_.program.functions[f];
    const bool isCall = w_.functionPiece[f] < 0;
    out_ += fmt::format("def {}(args):\n", fn.name);
    if (!isCall) {
      const Piece& piece = lt_.plan().pieces()[static_cast<size_t>(w_.functionPiece[f])];
      out_ += fmt::format("    # {} ({} nodes)\n", piece.name(), piece.nodes.size());
    }
    const std::string ind = "    ";
    for (size_t k = 0; k < fn.body.size(); ++k) {
      const ScopeStmt& s = fn.body[k];
      switch (s.kind) {
      case ScopeStmt::Kind::Params:
        if (s.numDefs)
          out_ += ind + nameList(P().defs(s)) + (s.numDefs == 1 ? "," : "") + " = args\n";
        out_ += ind + "args.clear()\n";
        break;
      case ScopeStmt::Kind::Compute: {
        const Node& n = *num_.node(P().defs(s)[0]);
        if (n.isCallFunction() && n.target().str() == "operator.setitem" && n.args().size() == 3 &&
            n.kwargs().empty() && n.args()[0].isNode()) {
          // `x[index] = value`, and the node's value is x (as torch >= 2.12
          // binds it: `setitem = x`), not operator.setitem's None.
          std::string line = ind;
          arg(line, n.args()[0]);
          line += '[';
          arg(line, n.args()[1]);
          line += "] = ";
          arg(line, n.args()[2]);
          line += '\n' + ind + std::string(name(P().defs(s)[0])) + " = ";
          arg(line, n.args()[0]);
          out_ += line + "\n";
          break;
        }
        std::string line = ind + std::string(name(P().defs(s)[0])) + " = ";
        if (failed(expression(line, n)))
          return failure();
        out_ += line + "\n";
        break;
      }
      case ScopeStmt::Kind::Del:
        if (s.handOver) {
          emitArgsList(fn.body[k + 1]);
          argsListDone_ = true;
        }
        if (s.numUses)
          out_ += ind + "del " + nameList(P().uses(s)) + "\n";
        break;
      case ScopeStmt::Kind::Call: {
        if (!argsListDone_)
          emitArgsList(s);
        argsListDone_ = false;
        const std::string& callee = w_.program.functions[static_cast<size_t>(s.callee)].name;
        std::string argsName = argsVar(s);
        if (s.numDefs == 0)
          out_ += fmt::format("{}{}({})\n", ind, callee, argsName);
        else
          out_ += fmt::format("{}{}, = {}({})\n", ind, nameList(P().defs(s)), callee, argsName);
        out_ += fmt::format("{}del {}\n", ind, argsName);
        break;
      }
      case ScopeStmt::Kind::Return:
        if (isCall) {
          out_ += ind + "return " + graphOutput() + "\n";
        } else {
          out_ += ind + "return " + tuple(P().uses(s)) + "\n";
        }
        break;
      }
    }
    return success();
  }

  std::string argsVar(const ScopeStmt& call) const {
    std::string_view callee = w_.program.functions[static_cast<size_t>(call.callee)].name;
    // partition_3 -> partition3_args
    return fmt::format("partition{}_args", callee.substr(callee.find('_') + 1));
  }
  void emitArgsList(const ScopeStmt& call) {
    out_ += fmt::format("    {} = [{}]\n", argsVar(call), nameList(P().uses(call)));
  }

  std::string graphOutput() const {
    const Node* out = lt_.plan().graph().outputNode();
    if (!out || out->args().empty())
      return "()";
    const Argument& a = out->args()[0];
    std::string s;
    if (a.kind() == Argument::Kind::Tuple || a.kind() == Argument::Kind::List) {
      s += '(';
      for (size_t i = 0; i < a.elements().size(); ++i) {
        if (i)
          s += ", ";
        arg(s, a.elements()[i]);
      }
      if (a.elements().size() == 1)
        s += ',';
      s += ')';
      return s;
    }
    s += '(';
    arg(s, a);
    s += ",)";
    return s;
  }

  const WrapperProgram& w_;
  const LifetimePlan& lt_;
  const WrapperEmitOptions& opts_;
  DiagnosticEngine& diag_;
  const NodeNumbering& num_;
  std::string out_;
  bool argsListDone_ = false;
  mutable bool mapStrings_ = false;
};

} // namespace

FailureOr<std::string> emitPythonWrapper(const WrapperProgram& wrapper,
                                         const LifetimePlan& lifetimes,
                                         const WrapperEmitOptions& options,
                                         DiagnosticEngine& diag) {
  PythonEmitter e(wrapper, lifetimes, options, diag);
  return e.emit();
}

FailureOr<std::vector<std::pair<std::string, std::string>>>
parseDeviceMap(const std::vector<std::string>& entries, DiagnosticEngine& diag) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& e : entries) {
    size_t eq = e.find('=');
    std::string from = e.substr(0, eq);
    std::string to = eq == std::string::npos ? std::string() : e.substr(eq + 1);
    std::string why;
    if (eq == std::string::npos)
      why = "";
    else if (!isDeviceSpelling(from))
      why = fmt::format(" ('{}' is not a device)", from);
    else if (!isDeviceSpelling(to))
      why = fmt::format(" ('{}' is not a device)", to);
    if (eq == std::string::npos || !why.empty()) {
      diag.error(Location{}, fmt::format("bad --device-map entry '{}': expected FROM=TO, each a "
                                         "device such as cuda, cuda:0 or cpu{}",
                                         e, why));
      return failure();
    }
    out.emplace_back(std::move(from), std::move(to));
  }
  return out;
}

} // namespace piecewise
