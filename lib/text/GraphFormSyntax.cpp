//===- GraphFormSyntax.cpp - Bare tokens of the graph form ----------------===//
//
// Classifies a bare graph-form token (number, dtype, device, op, string) and respells graph-form
// targets (GraphFormSyntax.h).
//
//===----------------------------------------------------------------------===//

#include "GraphFormSyntax.h"

#include <algorithm>

#include "Literal.h"
#include "piecewise/ir/PythonNames.h"
#include "piecewise/ir/Target.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/CharClass.h"

#include <array>
#include <charconv>
#include <cmath>

namespace piecewise::text {

namespace {

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

} // namespace

bool isDeviceSpelling(std::string_view s) {
  return parseDeviceSpelling(s).has_value();
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
  } else if (std::optional<NumberValue> n = readCanonicalNumber(s)) {
    // The printer's inverse: a number exactly as str() writes it.
    switch (n->kind) {
    case NumberValue::Kind::Int:
      v.kind = BareKind::Int;
      v.intValue = n->i;
      break;
    case NumberValue::Kind::BigInt:
      v.kind = BareKind::Opaque;
      v.text = std::move(n->big);
      break;
    case NumberValue::Kind::Float:
      v.kind = BareKind::Float;
      v.floatValue = n->re;
      break;
    case NumberValue::Kind::Complex:
      v.kind = BareKind::Complex;
      v.floatValue = n->re;
      v.imagValue = n->im;
      break;
    }
  } else if (s.substr(0, 6) == "torch." && s.substr(0, 10) != "torch.ops.") {
    std::string_view name = s.substr(6);
    if (isLayoutName(name)) {
      v.kind = BareKind::Layout;
      v.text = std::string(name);
    } else if (std::string_view f = canonicalMemoryFormat(name); !f.empty()) {
      v.kind = BareKind::MemoryFormat;
      v.text = std::string(f);
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
  if (s.empty() || s[0] == '%' || s[0] == '\'' || s[0] == '"' || ascii::isBlank(s[0]) ||
      ascii::isBlank(s.back()))
    return false;
  // `b'x'`, `r"y"`: the reader takes a prefixed literal for that literal's value.
  if (stringPrefixLength(s, 0) != std::string_view::npos)
    return false;
  // A character repr() escapes (a control, `\x85`, `\u2028`) is quoted too: some
  // readers take it for a line break.
  if (!isPrintableString(s))
    return false;
  for (char c : s) {
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
      return std::string(findPythonOperator(name) ? "operator." : "builtins.") + std::string(name);
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
      bool word = !part.empty() && std::all_of(part.begin(), part.end(), ascii::isIdentChar);
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
