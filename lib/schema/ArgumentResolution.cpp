//===- ArgumentResolution.cpp - Positional, keyword, default --------------===//
//
// Defaults are kept in a schema as the text torch prints (`0`, `None`,
// `1e-05`, `[0, 1]`, `"mean"`, `contiguous_format`); parseDefaultValue turns
// that text into the Argument a call would have carried. Identifiers name a
// memory format, a layout, a dtype (`long`) or a reduction (`Mean`, as old
// schemas wrote `int reduction=Mean`); anything else cannot be represented
// and yields nullopt rather than a guess.
//
//===----------------------------------------------------------------------===//

#include "piecewise/schema/ArgumentResolution.h"

#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/CharClass.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <string>

namespace piecewise {

namespace {

constexpr unsigned kMaxDepth = 64;

bool isIdentifier(std::string_view s) {
  if (s.empty())
    return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (!ascii::isIdentStart(c) && !(i > 0 && ascii::isDigit(c)))
      return false;
  }
  return true;
}

std::optional<Argument> parseNumber(std::string_view s) {
  std::string_view body = s;
  bool negative = false;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf")
    return Argument::real(negative ? -std::numeric_limits<double>::infinity()
                                   : std::numeric_limits<double>::infinity());
  if (body == "nan")
    return Argument::real(std::numeric_limits<double>::quiet_NaN());
  if (body.empty() || !(ascii::isDigit(body[0]) || body[0] == '.'))
    return std::nullopt;
  bool isFloat = body.find_first_of(".eE") != std::string_view::npos;
  // from_chars takes no leading '+'; keep a '-' for it.
  std::string_view digits = s[0] == '+' ? s.substr(1) : s;
  const char* end = digits.data() + digits.size();
  if (isFloat) {
    double d = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), end, d);
    if (ec != std::errc() || ptr != end)
      return std::nullopt;
    return Argument::real(d);
  }
  int64_t i = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), end, i);
  if (ec != std::errc() || ptr != end)
    return std::nullopt;
  return Argument::integer(i);
}

std::optional<Argument> parseIdentifier(std::string_view s, Graph& graph) {
  if (s == "None")
    return Argument::none();
  if (s == "True")
    return Argument::boolean(true);
  if (s == "False")
    return Argument::boolean(false);
  if (std::string_view f = canonicalMemoryFormat(s); !f.empty())
    return Argument::memoryFormat(graph.intern(f));
  if (isLayoutName(s))
    return Argument::layout(graph.intern(s));
  if (std::optional<DType> t = parseDTypeTorchName(s))
    return Argument::dtype(*t);
  // at::Reduction, as older schemas spelled `int reduction=Mean`.
  if (s == "Mean")
    return Argument::integer(1);
  if (s == "Sum")
    return Argument::integer(2);
  return std::nullopt;
}

/// A small recursive parser over one default's text.
class DefaultParser {
public:
  DefaultParser(std::string_view text, Graph& graph) : text_(text), graph_(graph) {}

  std::optional<Argument> parse() {
    std::optional<Argument> v = value(0);
    skipSpace();
    if (!v || pos_ != text_.size())
      return std::nullopt;
    return v;
  }

private:
  void skipSpace() {
    while (pos_ < text_.size() && ascii::isBlank(text_[pos_]))
      ++pos_;
  }

  std::optional<Argument> value(unsigned depth) {
    skipSpace();
    if (pos_ >= text_.size() || depth > kMaxDepth)
      return std::nullopt;
    char c = text_[pos_];
    if (c == '"' || c == '\'')
      return string(c);
    if (c == '[' || c == '(')
      return sequence(c == '[' ? ']' : ')', depth);
    size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ']' && text_[pos_] != ')' &&
           !ascii::isBlank(text_[pos_]))
      ++pos_;
    std::string_view atom = text_.substr(start, pos_ - start);
    if (isIdentifier(atom))
      return parseIdentifier(atom, graph_);
    return parseNumber(atom);
  }

  std::optional<Argument> sequence(char close, unsigned depth) {
    ++pos_;
    std::vector<Argument> items;
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == close) {
      ++pos_;
    } else {
      while (true) {
        std::optional<Argument> v = value(depth + 1);
        if (!v)
          return std::nullopt;
        items.push_back(std::move(*v));
        skipSpace();
        if (pos_ >= text_.size())
          return std::nullopt;
        if (text_[pos_] == ',') {
          ++pos_;
          continue;
        }
        if (text_[pos_] != close)
          return std::nullopt;
        ++pos_;
        break;
      }
    }
    return close == ']' ? Argument::list(std::move(items)) : Argument::tuple(std::move(items));
  }

  std::optional<Argument> string(char quote) {
    std::string out;
    for (size_t i = pos_ + 1; i < text_.size(); ++i) {
      char c = text_[i];
      if (c == quote) {
        pos_ = i + 1;
        return Argument::string(graph_.intern(out));
      }
      if (c != '\\') {
        out += c;
        continue;
      }
      if (++i == text_.size())
        return std::nullopt;
      switch (text_[i]) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case '0':
        out += '\0';
        break;
      default: // \\, \', \" and anything else: the character itself
        out += text_[i];
        break;
      }
    }
    return std::nullopt;
  }

  std::string_view text_;
  Graph& graph_;
  size_t pos_ = 0;
};

} // namespace

std::optional<Argument> parseDefaultValue(std::string_view text, Graph& graph) {
  return DefaultParser(text, graph).parse();
}

const Argument* givenArgument(const Node& node, const FunctionSchema& schema, size_t index) {
  if (index >= schema.arguments.size())
    return nullptr;
  const SchemaArgument& arg = schema.arguments[index];
  if (!arg.kwargOnly && index < node.args().size())
    return &node.args()[index];
  return node.kwarg(arg.name);
}

std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        size_t index, Graph& graph) {
  if (index >= schema.arguments.size())
    return std::nullopt;
  if (const Argument* given = givenArgument(node, schema, index))
    return *given;
  const SchemaArgument& arg = schema.arguments[index];
  if (arg.defaultValue)
    return parseDefaultValue(*arg.defaultValue, graph);
  return std::nullopt;
}

std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        std::string_view name, Graph& graph) {
  std::optional<size_t> index = schema.argumentIndex(name);
  if (!index)
    return std::nullopt;
  return resolveArgument(node, schema, *index, graph);
}

namespace {

/// The aten schemas of the ops piecewise's rewrites match on, as torch 2.x prints them.
constexpr std::pair<std::string_view, std::string_view> kFallbackSchemas[] = {
    {"aten::slice.Tensor", "aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, "
                           "SymInt? end=None, SymInt step=1) -> Tensor(a)"},
    {"aten::split_with_sizes.default",
     "aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> "
     "Tensor(a)[]"},
    {"aten::slice_scatter.default",
     "aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? "
     "end=None, SymInt step=1) -> Tensor"},
    {"aten::view.default", "aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)"},
    {"aten::reshape.default", "aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)"},
    {"aten::_unsafe_view.default", "aten::_unsafe_view(Tensor self, SymInt[] size) -> Tensor"},
    {"aten::sym_size.default", "aten::sym_size(Tensor self) -> SymInt[]"},
    {"aten::sym_size.int", "aten::sym_size.int(Tensor self, int dim) -> SymInt"},
};

} // namespace

const FunctionSchema* fallbackArgumentSchema(std::string_view target) {
  static const std::map<std::string, FunctionSchema, std::less<>> table = [] {
    std::map<std::string, FunctionSchema, std::less<>> t;
    DiagnosticEngine diag;
    for (const auto& [name, text] : kFallbackSchemas) {
      FailureOr<FunctionSchema> s = parseSchema(text, Location{}, diag);
      if (succeeded(s))
        t.emplace(std::string(name), std::move(*s));
    }
    return t;
  }();
  auto it = table.find(target);
  return it == table.end() ? nullptr : &it->second;
}

} // namespace piecewise
