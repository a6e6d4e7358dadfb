//===- PieceExplain.cpp - Why pieces at the same place differ -------------===//
//
// Finds the first difference between pieces at the same place of a repeated structure
// (PieceExplain.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/PieceExplain.h"

#include "piecewise/ir/DType.h"
#include "piecewise/ir/Target.h"
#include "piecewise/partition/PieceHash.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace piecewise {

namespace {

/// One field the hash reads, with where it is and what it shows.
struct Token {
  enum class Cat : uint8_t { Kind, Input, Op, Arity, Arg, Meta, Output };
  Cat cat = Cat::Kind;
  /// Canonical text: equal tokens hash equal.
  std::string text;
  /// The value as printed (names and symbols as they are).
  std::string shown;
  /// The input or node it belongs to, and its index (input # or node #).
  const Node* node = nullptr;
  uint32_t index = 0;
  /// For arguments: `argument 2`, `keyword 'layer_name'`, `argument 1[0]`.
  std::string path;
  Argument::Kind argKind = Argument::Kind::None;
  /// For meta: dtype, sizes, strides, device (canonical), to say which differs.
  std::string parts[4];
};

std::string joinSyms(const DimList& v, SymbolNumbering& syms) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      out += ", ";
    out += v[i].isConstant() ? std::to_string(v[i].value()) : syms.canonical(v[i].text().str());
  }
  return out + "]";
}

void metaToken(Token& t, const Meta& m, SymbolNumbering& syms) {
  t.shown = m.isNone() ? "(no meta)" : printAnnotation(m);
  if (const TensorMeta* tm = m.tensor()) {
    t.parts[0] = std::string(dtypeShortName(tm->dtype));
    t.parts[1] = joinSyms(tm->sizes, syms);
    t.parts[2] = tm->hasStrides ? joinSyms(tm->strides, syms) : "?";
    t.parts[3] = std::string(tm->device.str());
    t.text = fmt::format("T {} {} {} {}", t.parts[0], t.parts[1], t.parts[2], t.parts[3]);
  } else if (const SymMeta* s = m.sym()) {
    t.parts[0] = fmt::format("sym{}", static_cast<int>(s->kind));
    t.parts[1] = s->expr.isConstant() ? std::to_string(s->expr.value())
                                      : syms.canonical(s->expr.text().str());
    t.text = "S " + t.parts[0] + " " + t.parts[1];
  } else if (const auto* l = m.list()) {
    t.text = fmt::format("L{}", l->size());
    for (const Meta& e : *l) {
      Token sub;
      metaToken(sub, e, syms);
      t.text += " (" + sub.text + ")";
    }
  } else if (const OpaqueMeta* o = m.opaque()) {
    t.text = "O " + std::string(o->text.str());
  } else {
    t.text = "-";
  }
}

/// The fields of one piece in the order the hash reads them.
class PieceWalk {
public:
  explicit PieceWalk(const Piece& piece) {
    Token k;
    k.cat = Token::Cat::Kind;
    k.text = k.shown = std::string(pieceKindName(piece.kind));
    tokens.push_back(std::move(k));
    for (const Node* in : piece.inputs) {
      Token t;
      t.cat = Token::Cat::Input;
      t.node = in;
      t.index = static_cast<uint32_t>(inputs.size());
      metaToken(t, in->meta(), syms_);
      local_[in] = fmt::format("input #{}", t.index);
      inputs.push_back(t.text);
      tokens.push_back(std::move(t));
    }
    uint32_t k2 = 0;
    for (const Node* n : piece.nodes) {
      Token op;
      op.cat = Token::Cat::Op;
      op.node = n;
      op.index = k2;
      op.text = fmt::format("{} {}", opKindName(n->op()), n->target().str());
      op.shown = fmt::format("{} {}", opKindName(n->op()), n->target().str());
      tokens.push_back(op);
      Token ar = op;
      ar.cat = Token::Cat::Arity;
      ar.text = fmt::format("{} arguments", n->args().size());
      for (const KwArg& kw : n->kwargs())
        ar.text += fmt::format(", {}=", kw.name.str());
      ar.shown = ar.text;
      tokens.push_back(std::move(ar));
      for (size_t i = 0; i < n->args().size(); ++i)
        arg(n, k2, n->args()[i], fmt::format("argument {}", i));
      for (const KwArg& kw : n->kwargs())
        arg(n, k2, kw.value, fmt::format("keyword '{}'", kw.name.str()));
      Token m;
      m.cat = Token::Cat::Meta;
      m.node = n;
      m.index = k2;
      metaToken(m, n->meta(), syms_);
      tokens.push_back(std::move(m));
      local_[n] = fmt::format("node #{}", k2);
      ++k2;
    }
    for (const Node* out : piece.outputs) {
      Token t;
      t.cat = Token::Cat::Output;
      t.node = out;
      t.index = static_cast<uint32_t>(tokens.size());
      t.text = localRef(out);
      t.shown = std::string(out->name().str());
      tokens.push_back(std::move(t));
    }
  }

  std::vector<Token> tokens;
  /// Each input's canonical meta, in order.
  std::vector<std::string> inputs;

private:
  std::string localRef(const Node* n) const {
    auto it = local_.find(n);
    return it == local_.end() ? "outside" : it->second;
  }

  void arg(const Node* n, uint32_t index, const Argument& a, const std::string& path) {
    using K = Argument::Kind;
    Token t;
    t.cat = Token::Cat::Arg;
    t.node = n;
    t.index = index;
    t.path = path;
    t.argKind = a.kind();
    switch (a.kind()) {
    case K::List:
    case K::Tuple:
    case K::Slice:
    case K::Dict:
    case K::Call: {
      t.text = fmt::format("container {} of {}", static_cast<int>(a.kind()), a.elements().size());
      t.shown = fmt::format("{} elements", a.elements().size());
      tokens.push_back(std::move(t));
      for (size_t i = 0; i < a.elements().size(); ++i)
        arg(n, index, a.elements()[i], fmt::format("{}[{}]", path, i));
      return;
    }
    case K::NodeRef:
      t.text = localRef(a.getNode());
      t.shown = fmt::format("'{}' ({})", a.getNode()->name().str(), t.text);
      break;
    case K::Sym:
      t.text = a.getSym().isConstant() ? std::to_string(a.getSym().value())
                                       : syms_.canonical(a.getSym().text().str());
      t.shown = printArgument(a);
      break;
    default:
      t.shown = printArgument(a);
      t.text = fmt::format("{} {}", static_cast<int>(a.kind()), t.shown);
      break;
    }
    tokens.push_back(std::move(t));
  }

  SymbolNumbering syms_;
  std::unordered_map<const Node*, std::string> local_;
};

std::string_view literalName(Argument::Kind k) {
  using K = Argument::Kind;
  switch (k) {
  case K::String:
    return "string";
  case K::Bytes:
    return "bytes";
  case K::Int:
    return "int";
  case K::Double:
    return "float";
  case K::Bool:
    return "bool";
  case K::Complex:
    return "complex";
  case K::DType:
    return "dtype";
  case K::Device:
    return "device";
  case K::Layout:
    return "layout";
  case K::MemoryFormat:
    return "memory format";
  case K::None:
    return "None";
  default:
    return "value";
  }
}

/// A literal argument (not a reference, a symbol or a container).
bool isLiteral(Argument::Kind k) {
  using K = Argument::Kind;
  switch (k) {
  case K::Bool:
  case K::Int:
  case K::Double:
  case K::Complex:
  case K::String:
  case K::Bytes:
  case K::DType:
  case K::Device:
  case K::Layout:
  case K::MemoryFormat:
  case K::None:
    return true;
  default:
    return false;
  }
}

std::string statement(const Node& n) {
  std::string args;
  for (const Argument& a : n.args())
    args += (args.empty() ? "" : ", ") + printArgument(a);
  for (const KwArg& kw : n.kwargs())
    args +=
        fmt::format("{}{}={}", args.empty() ? "" : ", ", kw.name.str(), printArgument(kw.value));
  if (n.op() == OpKind::CallMethod && !n.args().empty())
    return fmt::format("{} = {}.{}(...)", n.name().str(), printArgument(n.args()[0]),
                       n.target().str());
  std::string_view t = n.target().str();
  static constexpr std::pair<std::string_view, std::string_view> kInfix[] = {
      {"operator.add", "+"},       {"operator.sub", "-"}, {"operator.mul", "*"},
      {"operator.floordiv", "//"}, {"operator.mod", "%"}, {"operator.truediv", "/"}};
  for (const auto& [name, op] : kInfix)
    if (t == name && n.args().size() == 2 && n.kwargs().empty())
      return fmt::format("{} = {} {} {}", n.name().str(), printArgument(n.args()[0]), op,
                         printArgument(n.args()[1]));
  return fmt::format("{} = {}({})", n.name().str(),
                     isOpTarget(t) ? pythonTarget(t) : std::string(t), args);
}

std::string nodeDesc(const Node* n) {
  if (!n)
    return "";
  std::string loc = nodeLocation(*n);
  return loc.empty() ? fmt::format("'{}'", n->name().str())
                     : fmt::format("'{}' at {}", n->name().str(), loc);
}

/// Where `value` comes from, for a piece that takes it as an input.
std::string origin(const PartitionPlan& plan, const Node* value) {
  if (value->isPlaceholder())
    return "a graph input";
  if (value->op() == OpKind::GetAttr)
    return fmt::format("the constant self.{}", value->target().str());
  const Piece* p = plan.pieceOf(value);
  std::string loc = nodeLocation(*value);
  return fmt::format("computed in {} by `{}`{}", p ? p->name() : std::string("?"),
                     statement(*value), loc.empty() ? "" : " at " + loc);
}

/// Matches the inputs of two pieces by their canonical meta, whatever their
/// order: matched[i] for each side.
void match(const std::vector<std::string>& a, const std::vector<std::string>& b,
           std::vector<char>& ma, std::vector<char>& mb) {
  ma.assign(a.size(), 0);
  mb.assign(b.size(), 0);
  std::unordered_map<std::string_view, std::vector<size_t>> free;
  for (size_t j = b.size(); j-- > 0;)
    free[b[j]].push_back(j);
  for (size_t i = 0; i < a.size(); ++i) {
    auto it = free.find(a[i]);
    if (it == free.end() || it->second.empty())
      continue;
    ma[i] = 1;
    mb[it->second.back()] = 1;
    it->second.pop_back();
  }
}

/// A node of `piece` computing what `value` computes (same target, same
/// arguments as printed), or null.
const Node* sameComputation(const Piece& piece, const Node* value) {
  if (value->isPlaceholder() || value->op() == OpKind::GetAttr)
    return nullptr;
  std::string want = statement(*value);
  want = want.substr(want.find(" = "));
  for (const Node* n : piece.nodes) {
    if (n == value)
      return n;
    if (n->target() != value->target() || n->op() != value->op())
      continue;
    std::string s = statement(*n);
    if (s.substr(s.find(" = ")) == want)
      return n;
  }
  return nullptr;
}

std::string metaCategory(const Token& x, const Token& y) {
  if (!x.parts[0].empty() && x.parts[0] == y.parts[0] && x.parts[1] == y.parts[1] &&
      x.parts[2] != y.parts[2] && x.parts[3] == y.parts[3])
    return "layout";
  if (x.text[0] == 'S' && y.text[0] == 'S' && x.parts[0] == y.parts[0])
    return "symbol";
  if (x.text[0] == 'T' && y.text[0] == 'T' && x.parts[0] == y.parts[0] &&
      x.parts[3] == y.parts[3] && x.parts[1] != y.parts[1]) {
    // Same rank, only symbolic entries differing: a symbol used differently.
    auto rank = [](const std::string& s) { return std::count(s.begin(), s.end(), ','); };
    if (rank(x.parts[1]) == rank(y.parts[1]) && x.parts[1].find('#') != std::string::npos)
      return "symbol";
  }
  return "meta";
}

void inputDifference(const PartitionPlan& plan, const PieceWalk& wa, const PieceWalk& wb,
                     PieceDifference& d) {
  const Piece& a = plan.pieces()[d.reference];
  const Piece& b = plan.pieces()[d.other];
  std::vector<char> ma, mb;
  match(wa.inputs, wb.inputs, ma, mb);
  size_t i = std::find(ma.begin(), ma.end(), 0) - ma.begin();
  size_t j = std::find(mb.begin(), mb.end(), 0) - mb.begin();
  bool extraA = i < ma.size(), extraB = j < mb.size();
  d.category = "input";
  auto extra = [&](const Piece& has, size_t k, const Piece& lacks) {
    const Node* in = has.inputs[k];
    std::string msg =
        fmt::format("{} takes input #{} '{}' ({}), {}; {} has no such input", has.name(), k,
                    in->name().str(), printAnnotation(in->meta()), origin(plan, in), lacks.name());
    if (const Node* same = sameComputation(lacks, in))
      msg += fmt::format(" (it computes the value itself: node {})", nodeDesc(same));
    return msg;
  };
  if (extraA && extraB && wa.inputs.size() == wb.inputs.size() && i == j) {
    const Node* x = a.inputs[i];
    const Node* y = b.inputs[j];
    d.where = fmt::format("input #{}", i);
    d.referenceNode = x;
    d.otherNode = y;
    d.referenceValue = printAnnotation(x->meta());
    d.otherValue = printAnnotation(y->meta());
    // Tokens: the kind, then one per input.
    std::string cat = metaCategory(wa.tokens[1 + i], wb.tokens[1 + j]);
    std::string_view what = cat == "layout"   ? "has other strides"
                            : cat == "symbol" ? "uses its symbols differently"
                                              : "differs";
    if (cat == "layout" || cat == "symbol")
      d.category = cat;
    d.message = fmt::format("input #{} {}: '{}' ({}, {}) in {}, '{}' ({}, {}) in {}", i, what,
                            x->name().str(), d.referenceValue, origin(plan, x), a.name(),
                            y->name().str(), d.otherValue, origin(plan, y), b.name());
    return;
  }
  if (!extraA && !extraB) { // the same inputs in another order
    size_t k = 0;
    while (k < wa.inputs.size() && wa.inputs[k] == wb.inputs[k])
      ++k;
    const Node* x = a.inputs[k];
    const Node* y = b.inputs[k];
    d.where = fmt::format("input #{}", k);
    d.referenceNode = x;
    d.otherNode = y;
    d.referenceValue = printAnnotation(x->meta());
    d.otherValue = printAnnotation(y->meta());
    d.message = fmt::format(
        "the pieces take the same inputs in another order (first use comes in another order): "
        "input #{} is '{}' ({}) in {}, '{}' ({}) in {}",
        k, x->name().str(), d.referenceValue, a.name(), y->name().str(), d.otherValue, b.name());
    return;
  }
  // The first unmatched input of either piece (by position), reported as extra.
  bool useB = extraB && (!extraA || j <= i);
  if (useB) {
    d.where = fmt::format("input #{}", j);
    d.otherNode = b.inputs[j];
    d.otherValue = fmt::format("'{}'", b.inputs[j]->name().str());
    d.referenceValue = "(none)";
    d.message = extra(b, j, a);
  } else if (extraA) {
    d.where = fmt::format("input #{}", i);
    d.referenceNode = a.inputs[i];
    d.referenceValue = fmt::format("'{}'", a.inputs[i]->name().str());
    d.otherValue = "(none)";
    d.message = extra(a, i, b);
  }
}

} // namespace

std::string nodeLocation(const Node& node) {
  Location l = node.loc();
  if (!l.isKnown())
    return "";
  return fmt::format("{}:{}:{}", l.buffer->name(), l.line, l.col);
}

PieceDifference comparePieces(const PartitionPlan& plan, size_t ai, size_t bi) {
  PieceDifference d;
  d.reference = ai;
  d.other = bi;
  const Piece& a = plan.pieces()[ai];
  const Piece& b = plan.pieces()[bi];
  PieceWalk wa(a), wb(b);
  if (wa.inputs != wb.inputs) {
    inputDifference(plan, wa, wb, d);
    if (!d.category.empty())
      return d;
  }
  const std::vector<Token>& ta = wa.tokens;
  const std::vector<Token>& tb = wb.tokens;
  size_t k = 0;
  while (k < ta.size() && k < tb.size() && ta[k].text == tb[k].text)
    ++k;
  if (k == ta.size() && k == tb.size())
    return d; // no difference found
  using Cat = Token::Cat;
  if (k == ta.size() || k == tb.size()) {
    const Token& t = k < ta.size() ? ta[k] : tb[k];
    bool aLonger = k < ta.size();
    d.category = t.cat == Cat::Output ? "output" : "structure";
    d.where = t.cat == Cat::Output ? "the returned values" : fmt::format("node #{}", t.index);
    (aLonger ? d.referenceNode : d.otherNode) = t.node;
    (aLonger ? d.referenceValue : d.otherValue) = t.shown;
    (aLonger ? d.otherValue : d.referenceValue) = "(nothing)";
    d.message = fmt::format("{} has more {} than {}: {} {} ({}) has no counterpart",
                            (aLonger ? a : b).name(), t.cat == Cat::Output ? "outputs" : "nodes",
                            (aLonger ? b : a).name(), t.cat == Cat::Output ? "output" : "node",
                            nodeDesc(t.node), t.shown);
    return d;
  }
  const Token& x = ta[k];
  const Token& y = tb[k];
  d.referenceNode = x.node;
  d.otherNode = y.node;
  d.referenceValue = x.shown;
  d.otherValue = y.shown;
  std::string what;
  if (x.cat != y.cat) {
    d.category = "structure";
    d.where = fmt::format("node #{}", std::min(x.index, y.index));
    what = "the pieces' structure differs";
  } else {
    switch (x.cat) {
    case Cat::Kind:
      d.category = "kind";
      d.where = "the piece kind";
      what = "kind";
      break;
    case Cat::Input:
      d.category = "input";
      d.where = fmt::format("input #{}", x.index);
      what = "input meta";
      break;
    case Cat::Op:
      d.category = "op";
      d.where = fmt::format("node #{}", x.index);
      what = "op";
      break;
    case Cat::Arity:
      d.category = "structure";
      d.where = fmt::format("node #{} ({})", x.index, x.node->target().str());
      what = "arguments";
      break;
    case Cat::Arg: {
      d.where = fmt::format("node #{} ({}) {}", x.index, x.node->target().str(), x.path);
      using K = Argument::Kind;
      if (x.argKind == K::NodeRef && y.argKind == K::NodeRef) {
        d.category = "wiring";
        what = "value read";
      } else if (x.argKind == K::Sym && y.argKind == K::Sym) {
        d.category = "symbol";
        what = "symbol";
      } else if (x.argKind != y.argKind && isLiteral(x.argKind) && isLiteral(y.argKind)) {
        d.category = "constant";
        what = fmt::format("constant ({} vs {})", literalName(x.argKind), literalName(y.argKind));
      } else if (x.argKind != y.argKind) {
        d.category = "structure";
        what = fmt::format("argument ({} vs {})", literalName(x.argKind), literalName(y.argKind));
      } else if (x.argKind == K::Op || x.argKind == K::Global) {
        d.category = "op";
        what = "callable argument";
      } else if (x.text.rfind("container", 0) == 0) {
        d.category = "structure";
        what = "container";
      } else {
        d.category = "constant";
        what = fmt::format("{} constant", literalName(x.argKind));
      }
      break;
    }
    case Cat::Meta:
      d.category = metaCategory(x, y);
      d.where = fmt::format("node #{} ({}) value", x.index, x.node->target().str());
      what = d.category == "layout"   ? "layout (strides)"
             : d.category == "symbol" ? "symbolic value"
                                      : "value (dtype, shape or device)";
      break;
    case Cat::Output:
      d.category = "output";
      d.where = "the returned values";
      what = "returned value";
      break;
    }
  }
  auto side = [&](const Piece& p, const Node* n, const std::string& v) {
    return n ? fmt::format("{} in {} (node {})", v, p.name(), nodeDesc(n))
             : fmt::format("{} in {}", v, p.name());
  };
  d.message =
      fmt::format("{} differs at {}: {}; {}", what, d.where,
                  side(a, d.referenceNode, d.referenceValue), side(b, d.otherNode, d.otherValue));
  return d;
}

PieceExplanation explainPieces(const PartitionPlan& plan, const PieceExplainOptions& options) {
  PieceExplanation out;
  const std::vector<Piece>& pieces = plan.pieces();
  auto neighbour = [&](size_t i, int step) -> std::string {
    long j = static_cast<long>(i) + step;
    if (j < 0)
      return "the graph inputs";
    if (static_cast<size_t>(j) >= pieces.size())
      return "the graph output";
    const Piece& p = pieces[static_cast<size_t>(j)];
    if (p.isSplitting() && !p.nodes.empty())
      return fmt::format("splitting op {}", p.nodes.front()->target().str());
    return fmt::format("a {} piece", pieceKindName(p.kind));
  };
  // Same neighbours (and kind): the place.
  std::map<std::string, std::vector<size_t>> places;
  std::vector<std::string> order;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (pieces[i].isSplitting())
      continue;
    std::string key = fmt::format("{} piece between {} and {}", pieceKindName(pieces[i].kind),
                                  neighbour(i, -1), neighbour(i, +1));
    auto [it, inserted] = places.try_emplace(key);
    if (inserted)
      order.push_back(key);
    it->second.push_back(i);
  }
  for (const std::string& key : order) {
    std::vector<size_t> bySize = places[key];
    if (bySize.size() < 2)
      continue;
    std::stable_sort(bySize.begin(), bySize.end(), [&](size_t x, size_t y) {
      return pieces[x].nodes.size() < pieces[y].nodes.size();
    });
    // Clusters of similar size.
    std::vector<std::vector<size_t>> clusters;
    size_t start = 0;
    for (size_t i : bySize) {
      size_t n = pieces[i].nodes.size();
      if (clusters.empty() || n - start > std::max(options.sizeSlack, start / 10)) {
        clusters.emplace_back();
        start = n;
      }
      clusters.back().push_back(i);
    }
    for (std::vector<size_t>& c : clusters) {
      std::sort(c.begin(), c.end());
      std::vector<uint64_t> hashes; // first-appearance order
      std::unordered_map<uint64_t, std::vector<size_t>> members;
      for (size_t i : c) {
        auto& m = members[pieces[i].hash];
        if (m.empty())
          hashes.push_back(pieces[i].hash);
        m.push_back(i);
      }
      if (hashes.size() < 2)
        continue;
      uint64_t ref = hashes[0];
      for (uint64_t h : hashes)
        if (members[h].size() > members[ref].size())
          ref = h;
      PieceGroup g;
      g.pieces = c;
      g.place = key;
      g.numHashes = hashes.size();
      for (uint64_t h : hashes) {
        if (h == ref)
          continue;
        if (g.differences.size() == options.maxDifferencesPerGroup)
          break;
        PieceDifference d = comparePieces(plan, members[ref].front(), members[h].front());
        if (d.category.empty()) {
          d.category = "none";
          d.message = "no difference found field by field (a hash collision?)";
        }
        d.referenceSharing = members[ref];
        d.otherSharing = members[h];
        g.differences.push_back(std::move(d));
      }
      out.groups.push_back(std::move(g));
    }
  }
  return out;
}

std::string renderExplanation(const PartitionPlan& plan, const PieceExplanation& explanation) {
  if (explanation.empty())
    return "explain: no pieces at the same place of a repeated structure differ\n";
  const std::vector<Piece>& pieces = plan.pieces();
  auto names = [&](const std::vector<size_t>& v) {
    std::string s;
    constexpr size_t kListed = 6;
    for (size_t k = 0; k < v.size() && k < kListed; ++k)
      s += (k ? ", " : "") + pieces[v[k]].name();
    if (v.size() > kListed)
      s += fmt::format(", ... ({} in all)", v.size());
    return s;
  };
  std::string out;
  auto to = std::back_inserter(out);
  fmt::format_to(to, "explain: {} group{} of pieces at the same place hash differently\n",
                 explanation.groups.size(), explanation.groups.size() == 1 ? "" : "s");
  for (const PieceGroup& g : explanation.groups) {
    fmt::format_to(to, "\n{} pieces, {} hashes: the {}\n", g.pieces.size(), g.numHashes, g.place);
    for (const PieceDifference& d : g.differences) {
      fmt::format_to(to, "  {} (pieces: {}) vs {} (pieces: {})\n", pieces[d.reference].name(),
                     names(d.referenceSharing), pieces[d.other].name(), names(d.otherSharing));
      fmt::format_to(to, "    {}: {}\n", d.category, d.message);
    }
    if (g.differences.size() + 1 < g.numHashes)
      fmt::format_to(to, "  ... {} more hashes not compared\n",
                     g.numHashes - 1 - g.differences.size());
  }
  return out;
}

std::string renderExplanationJson(const PartitionPlan& plan, const PieceExplanation& explanation) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  auto names = [&](const std::vector<size_t>& v) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (size_t i : v)
      a.push_back(plan.pieces()[i].name());
    return a;
  };
  auto node = [](const Node* n) {
    return n ? nlohmann::ordered_json(std::string(n->name().str())) : nlohmann::ordered_json();
  };
  for (const PieceGroup& g : explanation.groups) {
    for (const PieceDifference& d : g.differences) {
      nlohmann::ordered_json r;
      r["place"] = g.place;
      r["category"] = d.category;
      r["where"] = d.where;
      r["reference"] = plan.pieces()[d.reference].name();
      r["other"] = plan.pieces()[d.other].name();
      r["reference_pieces"] = names(d.referenceSharing);
      r["other_pieces"] = names(d.otherSharing);
      r["reference_node"] = node(d.referenceNode);
      r["other_node"] = node(d.otherNode);
      r["reference_value"] = d.referenceValue;
      r["other_value"] = d.otherValue;
      r["message"] = d.message;
      out.push_back(std::move(r));
    }
  }
  return out.dump();
}

} // namespace piecewise
