#include "GraphFormSyntax.h"

#include <cctype>

#include <algorithm>

#include "PythonLiteral.h"
#include "piecewise/ir/PythonNames.h"
#include "piecewise/ir/Target.h"

#include <array>
#include <charconv>
#include <cmath>

namespace piecewise::text {

namespace {

constexpr std::array<std::string_view, 8> kLayouts = {"strided",    "sparse_coo", "sparse_csr",
                                                      "sparse_csc", "sparse_bsr", "sparse_bsc",
                                                      "_mkldnn",    "jagged"};

constexpr std::array<std::string_view, 4> kMemoryFormats = {"contiguous_format", "preserve_format",
                                                            "channels_last", "channels_last_3d"};

constexpr std::array<std::string_view, 11> kDeviceTypes = {
    "cpu", "cuda", "meta", "mps", "xpu", "hpu", "mtia", "xla", "lazy", "ipu", "privateuseone"};

// Functions of Python's `operator` module FX graphs call; `<built-in function X>`
// for these means `operator.X`, for anything else `builtins.X`.
constexpr std::array<std::string_view, 50> kOperatorFunctions = {
    "add",     "and_",       "concat",  "contains", "delitem", "eq",        "floordiv", "ge",
    "getitem", "gt",         "iadd",    "iand",     "iconcat", "ifloordiv", "ilshift",  "imatmul",
    "imod",    "imul",       "index",   "inv",      "invert",  "ior",       "ipow",     "irshift",
    "is_",     "is_not",     "isub",    "itruediv", "ixor",    "le",        "lshift",   "lt",
    "matmul",  "mod",        "mul",     "ne",       "neg",     "not_",      "or_",      "pos",
    "pow",     "rshift",     "setitem", "sub",      "truediv", "truth",     "xor",      "countOf",
    "indexOf", "length_hint"};

template <size_t N> bool contains(const std::array<std::string_view, N>& a, std::string_view s) {
  for (std::string_view x : a)
    if (x == s)
      return true;
  return false;
}

/// Number of dot-separated components when every one is an identifier, else 0.
size_t identifierComponents(std::string_view s) {
  size_t count = 0;
  size_t b = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '.') {
      if (!isPythonIdentifier(s.substr(b, i - b)) || piecewise::isPythonKeyword(s.substr(b, i - b)))
        return 0;
      ++count;
      b = i + 1;
    }
  }
  return count;
}

bool isIntSpelling(std::string_view s) {
  size_t i = s.size() > 1 && s[0] == '-' ? 1 : 0;
  if (i == s.size())
    return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9')
      return false;
  return true;
}

bool isFloatSpelling(std::string_view s) {
  // Digits, one optional '.', an optional exponent; or inf / -inf / nan.
  if (s == "inf" || s == "-inf" || s == "nan")
    return true;
  size_t i = !s.empty() && s[0] == '-' ? 1 : 0;
  bool digits = false, dot = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9') {
      digits = true;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!digits)
    return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
      ++i;
    size_t expStart = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
      ++i;
    if (i == expStart)
      return false;
  }
  return i == s.size();
}

} // namespace

bool isLayoutName(std::string_view name) {
  return contains(kLayouts, name);
}
bool isMemoryFormatName(std::string_view name) {
  return contains(kMemoryFormats, name);
}

bool isDeviceSpelling(std::string_view s) {
  size_t colon = s.find(':');
  std::string_view type = s.substr(0, colon);
  if (!contains(kDeviceTypes, type))
    return false;
  if (colon == std::string_view::npos)
    return true;
  std::string_view index = s.substr(colon + 1);
  if (index.empty() || index.size() > 9)
    return false;
  for (char c : index)
    if (c < '0' || c > '9')
      return false;
  return true;
}

/// str(complex) without its parentheses: `2j`, `1+2j`, `-0-2.5j`, `1e+20+1j`.
bool parseComplexSpelling(std::string_view s, double& re, double& im) {
  if (s.size() < 2 || s.back() != 'j')
    return false;
  std::string_view body = s.substr(0, s.size() - 1);
  size_t split = std::string_view::npos;
  for (size_t i = body.size(); i-- > 1;) {
    if ((body[i] == '+' || body[i] == '-') && body[i - 1] != 'e' && body[i - 1] != 'E') {
      split = i;
      break;
    }
  }
  auto number = [](std::string_view t, double& out) {
    if (!t.empty() && t[0] == '+')
      t.remove_prefix(1);
    if (!isFloatSpelling(t) || t == "inf" || t == "-inf" || t == "nan")
      return false;
    auto res = std::from_chars(t.data(), t.data() + t.size(), out);
    return res.ec == std::errc() && res.ptr == t.data() + t.size();
  };
  if (split == std::string_view::npos) {
    re = 0;
    return number(body, im);
  }
  return number(body.substr(0, split), re) && number(body.substr(split), im);
}

BareValue classifyBareToken(std::string_view s, bool opContext) {
  BareValue v;
  if (s == "None") {
    v.kind = BareKind::None;
  } else if (s == "True") {
    v.kind = BareKind::True;
  } else if (s == "False") {
    v.kind = BareKind::False;
  } else if (s == "Ellipsis" || s == "...") {
    v.kind = BareKind::Ellipsis;
  } else if (isIntSpelling(s)) {
    auto res = std::from_chars(s.data(), s.data() + s.size(), v.intValue);
    if (res.ec == std::errc() && res.ptr == s.data() + s.size()) {
      v.kind = BareKind::Int;
    } else {
      v.kind = BareKind::Opaque;
      v.text = std::string(s);
    }
  } else if (parseComplexSpelling(s, v.floatValue, v.imagValue)) {
    v.kind = BareKind::Complex;
  } else if (isFloatSpelling(s)) {
    auto res = std::from_chars(s.data(), s.data() + s.size(), v.floatValue);
    // Out of range (1e999) reads as the infinity Python would make of it.
    if (res.ec == std::errc::result_out_of_range)
      v.floatValue = s[0] == '-' ? -HUGE_VAL : HUGE_VAL;
    v.kind = BareKind::Float;
  } else if (s.substr(0, 6) == "torch." && s.substr(0, 10) != "torch.ops.") {
    std::string_view name = s.substr(6);
    if (isLayoutName(name)) {
      v.kind = BareKind::Layout;
      v.text = std::string(name);
    } else if (isMemoryFormatName(name)) {
      v.kind = BareKind::MemoryFormat;
      v.text = std::string(name);
    } else if (auto dt = parseDTypeTorchName(name)) {
      v.kind = BareKind::DType;
      v.dtype = *dt;
    }
  } else if (isDeviceSpelling(s)) {
    v.kind = BareKind::Device;
    v.text = std::string(s);
  } else if (s.substr(0, 10) == "torch.ops.") {
    size_t n = identifierComponents(s.substr(10));
    if (n == 2 || n == 3) {
      v.kind = BareKind::Op;
      v.text = canonicalTarget(s);
    }
  } else {
    size_t n = identifierComponents(s);
    std::string_view ns = s.substr(0, s.find('.'));
    bool callableNamespace = ns == "torch" || ns == "operator" || ns == "builtins";
    bool isDefault = n == 3 && s.substr(s.rfind('.') + 1) == "default";
    if (!callableNamespace && (isDefault || (opContext && (n == 2 || n == 3)))) {
      v.kind = BareKind::Op;
      v.text = canonicalOpPattern(s);
    }
  }
  if (v.kind == BareKind::String)
    v.text = std::string(s);
  return v;
}

bool isSafeBareString(std::string_view s, bool opContext) {
  // A quote or `%` is only special where a value starts; brackets and commas end a bare token.
  if (s.empty() || s[0] == '%' || s[0] == '\'' || s[0] == '"' || s[0] == ' ' || s[0] == '\t' ||
      s.back() == ' ' || s.back() == '\t')
    return false;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f)
      return false;
    switch (c) {
    case ',':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
      return false;
    default:
      break;
    }
  }
  return classifyBareToken(s, opContext).kind == BareKind::String;
}

std::string canonicalGraphFormTarget(std::string_view t) {
  constexpr std::string_view kBuiltin = "<built-in function ";
  if (t.substr(0, kBuiltin.size()) == kBuiltin && t.size() > kBuiltin.size() && t.back() == '>') {
    std::string_view name = t.substr(kBuiltin.size(), t.size() - kBuiltin.size() - 1);
    if (isPythonIdentifier(name))
      return std::string(contains(kOperatorFunctions, name) ? "operator." : "builtins.") +
             std::string(name);
  }
  return canonicalTarget(t);
}

bool isDottedName(std::string_view s) {
  return identifierComponents(s) >= 1;
}

bool isCodeFormTarget(OpKind op, std::string_view target) {
  switch (op) {
  case OpKind::CallFunction: {
    size_t sep = target.find("::");
    if (sep == std::string_view::npos) // a module-qualified name: `torch.sigmoid`
      return identifierComponents(target) >= 2;
    size_t parts = identifierComponents(target.substr(sep + 2));
    return isPythonIdentifier(target.substr(0, sep)) && (parts == 1 || parts == 2);
  }
  case OpKind::CallMethod:
    return isPythonIdentifier(target);
  case OpKind::Placeholder: { // `x`, or `*args` / `**kwargs` for variadic parameters
    // The target is the parameter's name in the printed forward: never a reserved name.
    std::string_view name =
        target.substr(std::min(target.find_first_not_of('*'), std::min<size_t>(target.size(), 2)));
    return isPythonIdentifier(name) && !isReservedPythonName(name);
  }
  case OpKind::CallModule:
  case OpKind::GetAttr: {
    size_t b = 0;
    for (size_t i = 0; i <= target.size(); ++i) {
      if (i != target.size() && target[i] != '.')
        continue;
      std::string_view part = target.substr(b, i - b);
      bool word = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      });
      if (!word)
        return false;
      b = i + 1;
    }
    return true;
  }
  case OpKind::Output:
    return true;
  }
  return false;
}

} // namespace piecewise::text
