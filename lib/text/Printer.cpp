//===- Printer.cpp - Writing the IR as FX text ----------------------------===//
//
// Both printers append to one reserved std::string; nothing is formatted
// through streams. The code form precomputes, per graph, each value's last
// use in one pass (a flat pointer -> position table), so the clean-up tails
// cost O(references) in total.
//
//===----------------------------------------------------------------------===//

#include "piecewise/text/Printer.h"

#include "GraphFormSyntax.h"
#include "Literal.h"
#include "piecewise/ir/Target.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/CharClass.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace piecewise {

using text::appendPythonFloat;
using text::appendPythonString;

namespace {

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

/// str(v); the printer's hot path, so inline here (text::appendPythonInt is the same).
inline void appendInt(std::string& out, int64_t v) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof(buf), v);
  out.append(buf, static_cast<size_t>(res.ptr - buf));
}

void appendSymExpr(std::string& out, const SymExpr& e) {
  if (e.isConstant())
    appendInt(out, e.value());
  else
    out += e.text().str();
}

/// `torch.ops.` + `ns.op.overload` for a canonical `ns::op.overload`.
void appendPythonTarget(std::string& out, std::string_view canonical) {
  size_t p = canonical.find("::");
  if (p == std::string_view::npos) {
    out += canonical;
    return;
  }
  out += "torch.ops.";
  out += canonical.substr(0, p);
  out += '.';
  out += canonical.substr(p + 2);
}

//===----------------------------------------------------------------------===//
// Arguments in code form (Python repr)
//===----------------------------------------------------------------------===//

/// `nodePrefix` goes before node names: empty in code form, `%` for the
/// values graph form prints with repr() inside (a call's arguments).
void appendCodeArg(std::string& out, const Argument& a, std::string_view nodePrefix = {});

void appendCodeElements(std::string& out, const std::vector<Argument>& items,
                        std::string_view nodePrefix = {}) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += ", ";
    appendCodeArg(out, items[i], nodePrefix);
  }
}

/// `{k: v, ...}` for a Dict; `appendKey` and `appendValue` spell each half.
template <typename KeyFn, typename ValueFn>
void appendDict(std::string& out, const Argument& a, KeyFn appendKey, ValueFn appendValue) {
  const std::vector<Argument>& items = a.elements();
  out += '{';
  for (size_t i = 0; i + 1 < items.size(); i += 2) {
    if (i)
      out += ", ";
    appendKey(items[i]);
    out += ": ";
    appendValue(items[i + 1]);
  }
  out += '}';
}

/// `callee(a, b, name=value)` for a Call.
void appendCall(std::string& out, const Argument& a, std::string_view nodePrefix) {
  out += a.callee().str();
  out += '(';
  appendCodeElements(out, a.callArgs().elements(), nodePrefix);
  const std::vector<Argument>& kw = a.callKwargs().elements();
  for (size_t i = 0; i + 1 < kw.size(); i += 2) {
    if (i || !a.callArgs().elements().empty())
      out += ", ";
    out += kw[i].getSymbol().str();
    out += '=';
    appendCodeArg(out, kw[i + 1], nodePrefix);
  }
  out += ')';
}

void appendCodeArg(std::string& out, const Argument& a, std::string_view nodePrefix) {
  using K = Argument::Kind;
  switch (a.kind()) {
  case K::None:
    out += "None";
    return;
  case K::Bool:
    out += a.getBool() ? "True" : "False";
    return;
  case K::Int:
    appendInt(out, a.getInt());
    return;
  case K::Double:
    appendPythonFloat(out, a.getDouble());
    return;
  case K::Complex:
    text::appendPythonComplex(out, a.getReal(), a.getImag());
    return;
  case K::String:
    appendPythonString(out, a.getSymbol().str());
    return;
  case K::Bytes:
    text::appendPythonBytes(out, a.getSymbol().str());
    return;
  case K::DType:
    out += "torch.";
    out += dtypeTorchName(a.getDType());
    return;
  case K::Device:
    text::appendPythonDevice(out, a.getSymbol().str());
    return;
  case K::Layout:
  case K::MemoryFormat:
    out += "torch.";
    out += a.getSymbol().str();
    return;
  case K::Sym:
    appendSymExpr(out, a.getSym());
    return;
  case K::NodeRef:
    out += nodePrefix;
    out += a.getNode()->name().str();
    return;
  case K::List:
    out += '[';
    appendCodeElements(out, a.elements(), nodePrefix);
    out += ']';
    return;
  case K::Tuple:
    out += '(';
    appendCodeElements(out, a.elements(), nodePrefix);
    if (a.elements().size() == 1)
      out += ',';
    out += ')';
    return;
  case K::Slice:
    out += "slice(";
    appendCodeElements(out, a.elements(), nodePrefix);
    out += ')';
    return;
  case K::Dict: {
    auto half = [&](const Argument& e) { appendCodeArg(out, e, nodePrefix); };
    appendDict(out, a, half, half);
    return;
  }
  case K::Call:
    appendCall(out, a, nodePrefix);
    return;
  case K::Ellipsis:
    out += "Ellipsis";
    return;
  case K::Op:
    appendPythonTarget(out, a.getSymbol().str());
    return;
  case K::Global:
    out += a.getSymbol().str();
    return;
  }
}

/// FX's _format_target: `base.a.b`, with `getattr(base, "0")` for a path
/// component that is not an identifier (`self.layers.0` -> `getattr(self.layers, "0")`).
void appendAttributePath(std::string& out, std::string_view base, std::string_view path) {
  size_t mark = out.size();
  out += base;
  size_t b = 0;
  for (size_t i = 0; i <= path.size(); ++i) {
    if (i != path.size() && path[i] != '.')
      continue;
    std::string_view elem = path.substr(b, i - b);
    b = i + 1;
    if (text::isPythonIdentifier(elem)) {
      out += '.';
      out += elem;
    } else {
      std::string inner = out.substr(mark);
      out.resize(mark);
      out += "getattr(";
      out += inner;
      out += ", \"";
      out += elem;
      out += "\")";
    }
  }
}

/// `a, b, name = value` for a call's argument list.
void appendCallArgs(std::string& out, const std::vector<Argument>& args, size_t firstArg,
                    const std::vector<KwArg>& kwargs) {
  bool first = true;
  for (size_t i = firstArg; i < args.size(); ++i) {
    if (!first)
      out += ", ";
    first = false;
    appendCodeArg(out, args[i]);
  }
  for (const KwArg& kw : kwargs) {
    if (!first)
      out += ", ";
    first = false;
    out += kw.name.str();
    out += " = ";
    appendCodeArg(out, kw.value);
  }
}

//===----------------------------------------------------------------------===//
// Annotations
//===----------------------------------------------------------------------===//

void appendSymList(std::string& out, const DimList& list) {
  out += '[';
  for (size_t i = 0; i < list.size(); ++i) {
    if (i)
      out += ", ";
    appendSymExpr(out, list[i]);
  }
  out += ']';
}

void appendAnnotation(std::string& out, const Meta& meta) {
  if (const TensorMeta* t = meta.tensor()) {
    out += dtypeShortName(t->dtype);
    appendSymList(out, t->sizes);
    if (t->hasStrides)
      appendSymList(out, t->strides);
    if (!t->device.isNull())
      out += t->device.str();
  } else if (const SymMeta* s = meta.sym()) {
    out += "Sym(";
    appendSymExpr(out, s->expr);
    out += ')';
  } else if (const OpaqueMeta* o = meta.opaque()) {
    // The annotation string's value; printed inside `"..."`, so escaped for it.
    text::appendPythonStringBody(out, o->text.str(), '"');
  }
}

//===----------------------------------------------------------------------===//
// Python operators FX prints as syntax
//===----------------------------------------------------------------------===//

/// The `operator` function a call_function target names, or null.
const PythonOperator* operatorOf(std::string_view target) {
  constexpr std::string_view kPrefix = "operator.";
  if (target.substr(0, kPrefix.size()) != kPrefix)
    return nullptr;
  return findPythonOperator(target.substr(kPrefix.size()));
}

/// Writes the right-hand side of a call_function statement.
void appendCallFunction(std::string& out, const Node& n) {
  std::string_view target = n.target().str();
  const std::vector<Argument>& args = n.args();
  if (isOpTarget(target)) {
    appendPythonTarget(out, target);
  } else {
    if (n.kwargs().empty()) {
      if (const PythonOperator* op = operatorOf(target)) {
        if (op->syntax == OperatorSyntax::Binary && args.size() == 2) {
          appendCodeArg(out, args[0]);
          out += ' ';
          out += op->symbol;
          out += ' ';
          appendCodeArg(out, args[1]);
          return;
        }
        if (op->syntax == OperatorSyntax::Unary && args.size() == 1) {
          out += op->symbol;
          if (op->symbol == "not")
            out += ' ';
          appendCodeArg(out, args[0]);
          return;
        }
        // `x[i]` on a value; a constant base (only hand-written graphs have one)
        // keeps the call form, which reads back.
        if (op->syntax == OperatorSyntax::Index && args.size() == 2 && args[0].isNode()) {
          appendCodeArg(out, args[0]);
          out += '[';
          appendCodeArg(out, args[1]);
          out += ']';
          return;
        }
      }
      if (target == "builtins.getattr" && args.size() == 2 &&
          args[1].kind() == Argument::Kind::String &&
          text::isPythonIdentifier(args[1].getSymbol().str())) {
        appendCodeArg(out, args[0]);
        out += '.';
        out += args[1].getSymbol().str();
        return;
      }
    }
    out += target;
  }
  out += '(';
  appendCallArgs(out, args, 0, n.kwargs());
  out += ')';
}

//===----------------------------------------------------------------------===//
// Last uses
//===----------------------------------------------------------------------===//

/// Answers "is `user` the last use of `value`?" without a side table per node:
/// the graph's order numbers (isBefore) compare users directly, and the users
/// of a value sit near it in memory. Values with many users (a placeholder read
/// by every layer) get their last user computed once and cached, so the total
/// cost stays linear in the number of references.
class LastUses {
public:
  explicit LastUses(const Graph& g) : graph_(g) {}

  bool isLastUse(const Node* value, const Node* user) {
    const UseList& users = value->users();
    if (users.size() <= kScanLimit) {
      for (const Node* w : users)
        if (w != user && graph_.isBefore(user, w))
          return false;
      return true;
    }
    auto [it, inserted] = cache_.try_emplace(value, nullptr);
    if (inserted) {
      const Node* last = users.front();
      for (const Node* w : users)
        if (graph_.isBefore(last, w))
          last = w;
      it->second = last;
    }
    return it->second == user;
  }

private:
  static constexpr size_t kScanLimit = 16;
  const Graph& graph_;
  std::unordered_map<const Node*, const Node*> cache_;
};

/// Appends `;  a = b = None` for the values whose last use is `n` (in order of
/// first appearance in its arguments), then `n` itself when nothing uses it.
void appendCleanupTail(std::string& out, const Node& n, LastUses& lastUses,
                       std::vector<const Node*>& listed) {
  listed.clear();
  n.forEachInput([&](const Node* in) {
    if (in->graph() != n.graph() || in->isErased())
      return;
    if (std::find(listed.begin(), listed.end(), in) != listed.end())
      return;
    if (lastUses.isLastUse(in, &n))
      listed.push_back(in);
  });
  if (!n.hasUsers())
    listed.push_back(&n);
  if (listed.empty())
    return;
  out += ";  ";
  for (const Node* v : listed) {
    out += v->name().str();
    out += " = ";
  }
  out += "None";
}

//===----------------------------------------------------------------------===//
// Code form
//===----------------------------------------------------------------------===//

void appendIndent(std::string& out, unsigned n) {
  out.append(n, ' ');
}

/// The clauses of recently printed constant tensors, by their DimList blocks:
/// nodes with equal annotations share their blocks (DimList.h), so a dump of a
/// million nodes prints a few hundred distinct clauses. An entry holds its
/// lists, so a block it names stays alive and its address is not reused for
/// other elements while the entry exists; the dtype and the device's text
/// complete the key, so a hit is exactly the text formatting would give.
class ConstantClauseCache {
public:
  const std::string* find(const TensorMeta& t, std::string_view device) const {
    const Entry& e = entries_[slotOf(t)];
    if (e.used && e.sizes.sharesWith(t.sizes) && e.strides.sharesWith(t.strides) &&
        e.hasStrides == t.hasStrides && e.dtype == t.dtype && e.device == device)
      return &e.text;
    return nullptr;
  }
  void insert(const TensorMeta& t, std::string_view device, std::string_view text) {
    Entry& e = entries_[slotOf(t)];
    e.used = true;
    e.sizes = t.sizes;
    e.strides = t.strides;
    e.hasStrides = t.hasStrides;
    e.dtype = t.dtype;
    e.device.assign(device);
    e.text.assign(text);
  }

private:
  static constexpr size_t kSlots = 256;
  struct Entry {
    DimList sizes, strides;
    bool used = false;
    bool hasStrides = false;
    DType dtype = DType::Unknown;
    std::string device;
    std::string text;
  };
  static size_t slotOf(const TensorMeta& t) {
    uint64_t a = reinterpret_cast<uintptr_t>(t.sizes.data());
    uint64_t b = reinterpret_cast<uintptr_t>(t.strides.data());
    uint64_t h = (a ^ (b * 0x9E3779B97F4A7C15ull)) * 0xff51afd7ed558ccdull;
    return static_cast<size_t>((h >> 40) ^ static_cast<uint64_t>(t.dtype)) & (kSlots - 1);
  }
  Entry entries_[kSlots];
};

/// The clause `: "f32[16, 64][64, 1]cuda:0"` of a tensor whose sizes and
/// strides are all constants (most of them), formatted on the stack and
/// appended once (or copied from the cache above): the same text as
/// appendAnnotation's, without a dozen appends. Returns false, having appended
/// nothing, for any other tensor.
bool appendConstantTensorClause(std::string& out, const TensorMeta& t) {
  constexpr size_t kMax = 384;
  std::string_view dtype = dtypeShortName(t.dtype);
  std::string_view device = t.device.isNull() ? std::string_view() : t.device.str();
  thread_local ConstantClauseCache cache;
  if (const std::string* text = cache.find(t, device)) {
    out += *text;
    return true;
  }
  size_t dims = t.sizes.size() + (t.hasStrides ? t.strides.size() : 0);
  // Per dim at most 20 digits and sign plus ", "; the brackets, `: "`, `"`.
  if (dtype.size() + device.size() + dims * 22 + 16 > kMax)
    return false;
  char buf[kMax];
  char* p = buf;
  *p++ = ':';
  *p++ = ' ';
  *p++ = '"';
  std::memcpy(p, dtype.data(), dtype.size());
  p += dtype.size();
  auto list = [&](const DimList& l) {
    *p++ = '[';
    for (size_t i = 0; i < l.size(); ++i) {
      if (!l[i].isConstant())
        return false;
      if (i) {
        *p++ = ',';
        *p++ = ' ';
      }
      p = std::to_chars(p, buf + kMax, l[i].value()).ptr;
    }
    *p++ = ']';
    return true;
  };
  if (!list(t.sizes) || (t.hasStrides && !list(t.strides)))
    return false;
  if (!device.empty()) {
    std::memcpy(p, device.data(), device.size());
    p += device.size();
  }
  *p++ = '"';
  std::string_view text(buf, static_cast<size_t>(p - buf));
  out += text;
  cache.insert(t, device, text);
  return true;
}

void appendAnnotationClause(std::string& out, const Meta& meta, const PrintOptions& options) {
  if (!options.annotations || meta.isNone() || meta.isList())
    return;
  if (const TensorMeta* t = meta.tensor(); t && appendConstantTensorClause(out, *t))
    return;
  if (const OpaqueMeta* o = meta.opaque(); o && o->isClass) {
    out += ": ";
    out += o->text.str();
    return;
  }
  size_t mark = out.size();
  out += ": \"";
  size_t before = out.size();
  appendAnnotation(out, meta);
  if (out.size() == before) {
    out.resize(mark);
    return;
  }
  out += '"';
}

void appendReturn(std::string& out, const Graph& g, const Node& n) {
  out += "return ";
  if (n.args().empty()) {
    out += "None";
    return;
  }
  const Argument& value = n.args()[0];
  if (!g.treeUnflattenOutput) {
    appendCodeArg(out, value);
    return;
  }
  out += "pytree.tree_unflatten([";
  if (value.isSequence())
    appendCodeElements(out, value.elements());
  else
    appendCodeArg(out, value);
  out += "], self._out_spec)";
}

/// True for a Python identifier that is not a keyword FX could never emit as
/// a parameter (the check only has to keep the printed text parseable).
bool isPlainIdentifier(std::string_view s) {
  if (s.empty() || ascii::isDigit(s[0]))
    return false;
  for (char c : s)
    if (!ascii::isIdentChar(c))
      return false;
  static constexpr std::string_view kKeywords[] = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",    "self"};
  for (std::string_view k : kKeywords)
    if (s == k)
      return false;
  return true;
}

/// `def forward(self, ...):` and the statements FX writes right after it.
/// Returns true when it wrote a body statement.
///  - A parameter is named by its placeholder's target; when the node's name
///    differs (Dynamo's input `L_x_` becomes the value `l_x_`), the body
///    starts with `l_x_ = L_x_`, as FX prints it.
///  - Pytree-flattened inputs: the parameters are the pytree arguments; the
///    placeholders' annotations are declared on one line (`a: "f32[4]"; `),
///    then unpacked: `a, b, = fx_pytree.tree_flatten_spec([x, y], self._in_spec)`.
bool appendSignature(std::string& out, const Graph& g, unsigned defIndent, unsigned bodyIndent,
                     const PrintOptions& options) {
  std::vector<Node*> params = g.placeholders();
  out += "def forward(self";
  if (!g.treeFlattenInputs.empty()) {
    for (const std::string& arg : g.treeFlattenInputs) {
      out += ", ";
      out += arg;
    }
    out += "):\n";
    if (params.empty())
      return false;
    size_t lineStart = out.size();
    appendIndent(out, bodyIndent);
    size_t declStart = out.size();
    for (const Node* p : params) {
      size_t mark = out.size();
      out += p->name().str();
      size_t before = out.size();
      appendAnnotationClause(out, p->meta(), options);
      if (out.size() == before)
        out.resize(mark);
      else
        out += "; ";
    }
    if (out.size() == declStart) {
      out.resize(lineStart);
    } else {
      out += '\n';
      appendIndent(out, defIndent);
      out += '\n';
    }
    appendIndent(out, bodyIndent);
    for (const Node* p : params) {
      out += p->name().str();
      out += ", ";
    }
    out += "= fx_pytree.tree_flatten_spec([";
    for (size_t i = 0; i < g.treeFlattenInputs.size(); ++i) {
      if (i)
        out += ", ";
      out += g.treeFlattenInputs[i];
    }
    out += "], self._in_spec)\n";
    return true;
  }

  std::vector<const Node*> renamed;
  std::unordered_set<const char*> paramNames;
  for (const Node* p : params) {
    Symbol target = p->target();
    bool byTarget = target != p->name() && isPlainIdentifier(target.str()) && !g.lookup(target) &&
                    paramNames.insert(target.data()).second;
    out += ", ";
    // `*args` / `**kwargs`: FX's placeholder target carries the stars.
    std::string_view stars = target.str().substr(0, target.str().find_first_not_of('*'));
    out += stars;
    out += byTarget ? target.str() : p->name().str();
    if (byTarget)
      renamed.push_back(p);
    appendAnnotationClause(out, p->meta(), options);
    if (!p->args().empty()) {
      out += " = ";
      appendCodeArg(out, p->args()[0]);
    }
  }
  out += "):\n";
  for (const Node* p : renamed) {
    appendIndent(out, bodyIndent);
    out += p->name().str();
    out += " = ";
    out += p->target().str();
    out += '\n';
  }
  return !renamed.empty();
}

/// An operator.setitem node FX prints as `x[index] = value;  setitem = x`
/// (torch >= 2.12 binds the node to the tensor it wrote).
bool isSubscriptAssignment(const Node& n) {
  return n.isCallFunction() && n.target().str() == "operator.setitem" && n.args().size() == 3 &&
         n.kwargs().empty() && n.args()[0].isNode();
}

/// An operator.i* node FX prints as `a += b;  iadd = a`.
std::string_view augmentedAssignmentSymbol(const Node& n) {
  if (!n.isCallFunction() || n.args().size() != 2 || !n.kwargs().empty() || !n.args()[0].isNode())
    return {};
  const PythonOperator* op = operatorOf(n.target().str());
  return op && op->syntax == OperatorSyntax::Inplace ? op->symbol : std::string_view();
}

void printModule(std::string& out, const Module& m, std::string_view className, unsigned level,
                 const PrintOptions& options) {
  const Graph& g = m.graph();
  const unsigned classIndent = level * 4;
  const unsigned bodyIndent = classIndent + 8;

  appendIndent(out, classIndent);
  out += "class ";
  // FX names an AOT graph's class `<lambda>`, which is no Python: the printed
  // module must be.
  out += text::isPythonIdentifier(className) ? className : std::string_view("GraphModule");
  out += "(torch.nn.Module):\n";
  appendIndent(out, classIndent + 4);
  bool wroteStatement = appendSignature(out, g, classIndent + 4, bodyIndent, options);

  LastUses lastUses(g);
  std::vector<const Node*> listed;
  Symbol provenance; // the `# File:` comment in force, as FX prints it
  for (const Node* np : g) {
    const Node& n = *np;
    if (n.isPlaceholder())
      continue;
    if (options.provenance && !n.isOutput() && n.provenance() != provenance) {
      out += '\n';
      appendIndent(out, bodyIndent);
      out += "# ";
      out += n.provenance().isNull() ? std::string_view("No stacktrace found for following nodes")
                                     : n.provenance().str();
      out += '\n';
      provenance = n.provenance();
    }
    wroteStatement = true;
    appendIndent(out, bodyIndent);
    if (n.isOutput()) {
      appendReturn(out, g, n);
      out += '\n';
      continue;
    }
    // `;  name: "ann" = x` after a statement that updates x (subscript or
    // augmented assignment), then the clean-up tail and the line's end.
    auto bindResult = [&] {
      out += ";  ";
      out += n.name().str();
      appendAnnotationClause(out, n.meta(), options);
      out += " = ";
      appendCodeArg(out, n.args()[0]);
      if (options.cleanupTails)
        appendCleanupTail(out, n, lastUses, listed);
      out += '\n';
    };
    if (isSubscriptAssignment(n)) {
      // FX prints operator.setitem as the statement `x[index] = value`.
      appendCodeArg(out, n.args()[0]);
      out += '[';
      appendCodeArg(out, n.args()[1]);
      out += "] = ";
      appendCodeArg(out, n.args()[2]);
      bindResult();
      continue;
    }
    if (std::string_view symbol = augmentedAssignmentSymbol(n); !symbol.empty()) {
      // FX prints operator.iadd as the statement `a += b`.
      appendCodeArg(out, n.args()[0]);
      out += ' ';
      out += symbol;
      out += "= ";
      appendCodeArg(out, n.args()[1]);
      bindResult();
      continue;
    }
    out += n.name().str();
    appendAnnotationClause(out, n.meta(), options);
    out += " = ";
    switch (n.op()) {
    case OpKind::CallFunction:
      appendCallFunction(out, n);
      break;
    case OpKind::CallMethod:
      if (n.args().empty()) {
        out += n.target().str();
        out += '(';
        appendCallArgs(out, n.args(), 0, n.kwargs());
      } else {
        appendCodeArg(out, n.args()[0]);
        out += '.';
        out += n.target().str();
        out += '(';
        appendCallArgs(out, n.args(), 1, n.kwargs());
      }
      out += ')';
      break;
    case OpKind::CallModule:
      appendAttributePath(out, "self", n.target().str());
      out += '(';
      appendCallArgs(out, n.args(), 0, n.kwargs());
      out += ')';
      break;
    case OpKind::GetAttr:
      appendAttributePath(out, "self", n.target().str());
      break;
    case OpKind::Placeholder:
    case OpKind::Output:
      break;
    }
    if (options.cleanupTails)
      appendCleanupTail(out, n, lastUses, listed);
    out += '\n';
  }
  if (!wroteStatement) {
    appendIndent(out, bodyIndent);
    out += "pass\n";
  }

  for (const Module::Child& c : m.children()) {
    out += '\n';
    printModule(out, *c.module, c.name, level + 1, options);
  }
}

//===----------------------------------------------------------------------===//
// Graph form (FX's _format_arg: str() of values, `%` before node names)
//===----------------------------------------------------------------------===//

void appendGraphArg(std::string& out, const Argument& a, bool opContext);

void appendGraphElements(std::string& out, const std::vector<Argument>& items) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      out += ", ";
    appendGraphArg(out, items[i], false);
  }
}

void appendGraphArg(std::string& out, const Argument& a, bool opContext) {
  using K = Argument::Kind;
  switch (a.kind()) {
  case K::String: {
    std::string_view s = a.getSymbol().str();
    if (text::isSafeBareString(s, opContext))
      out += s;
    else
      appendPythonString(out, s);
    return;
  }
  case K::Device:
    out += a.getSymbol().str();
    return;
  case K::NodeRef:
    out += '%';
    out += a.getNode()->name().str();
    return;
  case K::List:
    out += '[';
    appendGraphElements(out, a.elements());
    out += ']';
    return;
  case K::Tuple:
    out += '(';
    appendGraphElements(out, a.elements());
    if (a.elements().size() == 1)
      out += ',';
    out += ')';
    return;
  case K::Dict:
    // FX's _format_arg: `{key: value}` with str() of the key.
    // A key holding ':' is quoted so that it reads back as one key.
    appendDict(
        out, a,
        [&](const Argument& k) {
          if (k.kind() == K::String && k.getSymbol().str().find(':') != std::string_view::npos)
            appendPythonString(out, k.getSymbol().str());
          else
            appendGraphArg(out, k, false);
        },
        [&](const Argument& v) { appendGraphArg(out, v, false); });
    return;
  case K::Call:
    appendCall(out, a, "%");
    return;
  case K::Op: {
    // FX prints `aten.add.Tensor`; keep that spelling when it reads back as the
    // same op, else fall back to the unambiguous `torch.ops.` one.
    std::string_view canonical = a.getSymbol().str();
    std::string dotted = dottedOpName(canonical);
    text::BareValue v = text::classifyBareToken(dotted, opContext);
    if (v.kind == text::BareKind::Op && v.text == canonical)
      out += dotted;
    else
      appendPythonTarget(out, canonical);
    return;
  }
  default:
    // Slices print with repr() inside (`slice(None, 7168, None)`), like str(slice).
    appendCodeArg(out, a);
    return;
  }
}

size_t distinctUsers(const Node& n) {
  const UseList& users = n.users();
  if (users.size() <= 1)
    return users.size();
  if (users.size() == 2)
    return users[0] == users[1] ? 1 : 2;
  std::vector<Node*> sorted = users.vec();
  std::sort(sorted.begin(), sorted.end());
  size_t distinct = 1;
  for (size_t i = 1; i < sorted.size(); ++i)
    distinct += sorted[i] != sorted[i - 1];
  return distinct;
}

} // namespace

//===----------------------------------------------------------------------===//
// Public entry points
//===----------------------------------------------------------------------===//

std::string printCodeForm(const Module& module, const PrintOptions& options) {
  std::string out;
  out.reserve(module.totalNodes() * 160 + 256);
  printModule(out, module, module.className(), 0, options);
  return out;
}

void appendCodeForm(std::string& out, const Module& module, unsigned level,
                    const PrintOptions& options) {
  printModule(out, module, module.className(), level, options);
}

namespace {
/// The first global name (not a big-int literal, not a call's callee) in `a`.
const Argument* findGlobalValue(const Argument& a) {
  if (a.kind() == Argument::Kind::Global) {
    std::string_view text = a.getSymbol().str();
    bool number = !text.empty() && (text[0] == '-' || ascii::isDigit(text[0]));
    return number ? nullptr : &a;
  }
  if (a.isCall()) {
    if (const Argument* g = findGlobalValue(a.callArgs()))
      return g;
    return findGlobalValue(a.callKwargs());
  }
  if (a.hasElements())
    for (const Argument& e : a.elements())
      if (const Argument* g = findGlobalValue(e))
        return g;
  return nullptr;
}
} // namespace

LogicalResult graphFormCanSpell(const Graph& graph, DiagnosticEngine& diag) {
  bool ok = true;
  for (const Node* n : graph) {
    const Argument* g = nullptr;
    for (const Argument& a : n->args())
      if (!g)
        g = findGlobalValue(a);
    for (const KwArg& k : n->kwargs())
      if (!g)
        g = findGlobalValue(k.value);
    if (!g)
      continue;
    diag.error(n->loc(), "the graph form has no spelling for the global '" +
                             std::string(g->getSymbol().str()) + "' in '" +
                             std::string(n->name().str()) +
                             "' (print(graph) writes strings bare: it would read back as a "
                             "str); print the code form");
    ok = false;
  }
  return ok ? success() : failure();
}

std::string printGraphForm(const Graph& graph) {
  std::string out;
  out.reserve(graph.size() * 192 + 16);
  out += "graph():\n";
  for (Node* np : graph) {
    const Node& n = *np;
    out += "    ";
    if (n.isOutput()) {
      out += "return ";
      if (n.args().empty())
        out += "None";
      else
        appendCodeArg(out, n.args()[0]);
      out += '\n';
      continue;
    }
    out += '%';
    out += n.name().str();
    out += " : [num_users=";
    appendInt(out, static_cast<int64_t>(distinctUsers(n)));
    out += "] = ";
    out += opKindName(n.op());
    out += "[target=";
    if (n.isCallFunction())
      appendPythonTarget(out, n.target().str());
    else
      out += n.target().str();
    out += ']';
    if (n.isPlaceholder()) {
      if (!n.args().empty()) {
        out += "(default=";
        appendGraphArg(out, n.args()[0], false);
        out += ')';
      }
    } else if (n.op() != OpKind::GetAttr) {
      bool hop = n.isCallFunction() && n.target().str().substr(0, 14) == "higher_order::";
      out += "(args = (";
      const std::vector<Argument>& args = n.args();
      for (size_t i = 0; i < args.size(); ++i) {
        if (i)
          out += ", ";
        appendGraphArg(out, args[i], hop && i == 0);
      }
      if (args.size() == 1)
        out += ',';
      out += "), kwargs = {";
      bool first = true;
      for (const KwArg& kw : n.kwargs()) {
        if (!first)
          out += ", ";
        first = false;
        out += kw.name.str();
        out += ": ";
        appendGraphArg(out, kw.value, false);
      }
      out += "})";
    }
    out += '\n';
  }
  return out;
}

std::string printAnnotation(const Meta& meta) {
  std::string out;
  appendAnnotation(out, meta);
  return out;
}

std::string printArgument(const Argument& arg) {
  std::string out;
  appendCodeArg(out, arg);
  return out;
}

} // namespace piecewise
