//===- FunctionSchema.cpp - Queries on a parsed schema and printing -------===//
//
// The printer writes a schema back the way torch's own `str(schema)` does, so
// every line of data/aten_schemas.txt round-trips byte for byte:
//
//   - an alias annotation on a value or on the elements of a list goes right
//     after the element's base type (`Tensor(a)`, `Tensor(a)[]`, `t(a)?`);
//   - one on the list itself goes after the brackets (`Tensor[](a!)`);
//   - `*` is printed before the first keyword-only argument;
//   - returns are parenthesized unless there is exactly one (and no `...`),
//     except a single return whose type is a tuple (`-> ((str, t)[])`).
//
//===----------------------------------------------------------------------===//

#include "piecewise/schema/FunctionSchema.h"

namespace piecewise {

namespace {

/// Strips trailing `?` and `[N]` groups, leaving the element's base type.
std::string_view elementBase(std::string_view type) {
  while (!type.empty()) {
    if (type.back() == '?') {
      type.remove_suffix(1);
    } else if (type.back() == ']') {
      size_t open = type.rfind('[');
      if (open == std::string_view::npos)
        break;
      type = type.substr(0, open);
    } else {
      break;
    }
  }
  return type;
}

/// Length of the base type at the front of `type`: a dotted name with an
/// optional parameter list (`Dict(str, t)`), or a parenthesized tuple.
size_t baseTypeLength(std::string_view type) {
  size_t i = 0;
  if (!type.empty() && type[0] != '(') {
    while (i < type.size() && type[i] != '(' && type[i] != '[' && type[i] != '?')
      ++i;
    if (i == type.size() || type[i] != '(')
      return i;
  }
  // A parenthesized group: skip to its matching `)`.
  int depth = 0;
  for (; i < type.size(); ++i) {
    if (type[i] == '(') {
      ++depth;
    } else if (type[i] == ')' && --depth == 0) {
      return i + 1;
    }
  }
  return type.size();
}

void printAliasSets(std::string& out, const std::vector<std::string>& sets) {
  for (size_t i = 0; i < sets.size(); ++i) {
    if (i)
      out += '|';
    out += sets[i];
  }
}

void printAlias(std::string& out, const AliasInfo& alias) {
  // `Tensor!`: a write to a fresh set the parser named `$N`.
  if (alias.isWrite && alias.afterSets.empty() && alias.beforeSets.size() == 1 &&
      !alias.beforeSets[0].empty() && alias.beforeSets[0][0] == '$') {
    out += '!';
    return;
  }
  out += '(';
  printAliasSets(out, alias.beforeSets);
  if (alias.isWrite)
    out += '!';
  if (!alias.afterSets.empty()) {
    out += " -> ";
    printAliasSets(out, alias.afterSets);
  }
  out += ')';
}

void printTypeWithAlias(std::string& out, const SchemaArgument& arg) {
  const std::string& type = arg.type;
  if (!arg.alias) {
    out += type;
    return;
  }
  size_t at;
  if (arg.aliasOnElements || !arg.isList()) {
    at = baseTypeLength(type);
  } else {
    at = type.size();
    while (at > 0 && type[at - 1] == '?')
      --at;
  }
  out.append(type, 0, at);
  printAlias(out, *arg.alias);
  out.append(type, at, std::string::npos);
}

void printArgument(std::string& out, const SchemaArgument& arg) {
  printTypeWithAlias(out, arg);
  if (!arg.name.empty()) {
    out += ' ';
    out += arg.name;
  }
  if (arg.defaultValue) {
    out += '=';
    out += *arg.defaultValue;
  }
}

} // namespace

bool SchemaArgument::isTensorLike() const {
  return elementBase(type) == "Tensor";
}

bool SchemaArgument::isList() const {
  std::string_view t = type;
  while (!t.empty() && t.back() == '?')
    t.remove_suffix(1);
  return !t.empty() && t.back() == ']';
}

bool SchemaArgument::isOptional() const {
  return !type.empty() && type.back() == '?';
}

std::string FunctionSchema::qualifiedName() const {
  std::string out;
  out.reserve(ns.size() + 2 + name.size() + 1 + overload.size());
  out += ns;
  out += "::";
  out += name;
  if (!overload.empty()) {
    out += '.';
    out += overload;
  }
  return out;
}

bool FunctionSchema::isMutable() const {
  for (const SchemaArgument& a : arguments)
    if (a.isWrite())
      return true;
  return false;
}

std::optional<size_t> FunctionSchema::argumentIndex(std::string_view argName) const {
  for (size_t i = 0; i < arguments.size(); ++i)
    if (arguments[i].name == argName)
      return i;
  return std::nullopt;
}

size_t FunctionSchema::numPositional() const {
  size_t n = 0;
  for (const SchemaArgument& a : arguments)
    if (!a.kwargOnly)
      ++n;
  return n;
}

std::string FunctionSchema::str() const {
  std::string out = qualifiedName();
  out += '(';
  bool first = true;
  bool markedKwargOnly = false;
  auto separate = [&] {
    if (!first)
      out += ", ";
    first = false;
  };
  for (const SchemaArgument& a : arguments) {
    if (a.kwargOnly && !markedKwargOnly) {
      separate();
      out += '*';
      markedKwargOnly = true;
    }
    separate();
    printArgument(out, a);
  }
  if (isVararg) {
    separate();
    out += "...";
  }
  out += ") -> ";

  bool paren = !((returns.size() == 1 && !isVarret) || (returns.empty() && isVarret));
  if (returns.size() == 1 && !paren && !returns[0].type.empty() && returns[0].type[0] == '(')
    paren = true; // `-> ((str, t)[])`: a lone tuple-typed return
  if (paren)
    out += '(';
  for (size_t i = 0; i < returns.size(); ++i) {
    if (i)
      out += ", ";
    printArgument(out, returns[i]);
  }
  if (isVarret) {
    if (!returns.empty())
      out += ", ";
    out += "...";
  }
  if (paren)
    out += ')';
  return out;
}

} // namespace piecewise
