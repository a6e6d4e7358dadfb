//===- Annotation.cpp - Type annotations -> Meta --------------------------===//
//
// Reads the annotation strings FX prints for node values:
//   "f32[s0, 64][64, 1]cuda:0"   dtype, sizes, optional strides, optional device
//   "bf16[32768, 1536]"          no strides, no device
//   "u8[][]cuda:0"               a 0-d tensor
//   "Sym(s0)", "Sym(2*s0 + 1)"   a SymInt / SymFloat / SymBool
// Anything that looks like neither is kept as OpaqueMeta; a tensor form with
// an unknown dtype or broken brackets is an error.
//
//===----------------------------------------------------------------------===//

#include "piecewise/text/Parser.h"

#include "piecewise/support/CharClass.h"

#include <charconv>
#include <fmt/format.h>

namespace piecewise {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && ascii::isBlank(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && ascii::isBlank(s.back()))
    s.remove_suffix(1);
  return s;
}

Location at(Location base, size_t offset) {
  Location l = base;
  l.col += static_cast<uint32_t>(offset);
  return l;
}

bool parseInt(std::string_view s, int64_t& v) {
  if (s.empty())
    return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

/// True for an integer literal: optional '-', then decimal digits only.
bool looksLikeInt(std::string_view s) {
  if (!s.empty() && s.front() == '-')
    s.remove_prefix(1);
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

enum class DimKind { Size, Stride };

/// Parses the comma-separated list inside `[...]` starting at text[pos] == '['.
/// On success pos points past the closing bracket. An integer that does not
/// fit in int64_t is an error, and so is a negative size.
LogicalResult parseDims(std::string_view text, size_t& pos, Location loc, Graph& graph,
                        DimList& out, DimKind kind, DiagnosticEngine& diag) {
  size_t open = pos;
  ++pos;
  size_t itemBegin = pos;
  int depth = 0;
  auto flush = [&](size_t endPos) -> LogicalResult {
    std::string_view item = trim(text.substr(itemBegin, endPos - itemBegin));
    if (item.empty()) {
      if (out.empty() && text[endPos] == ']')
        return success(); // `[]`
      diag.error(at(loc, itemBegin), "empty dimension in annotation");
      return failure();
    }
    int64_t v;
    const char* what = kind == DimKind::Size ? "size" : "stride";
    size_t itemOffset = static_cast<size_t>(item.data() - text.data());
    if (parseInt(item, v)) {
      if (kind == DimKind::Size && v < 0) {
        diag.error(at(loc, itemOffset), fmt::format("negative size {} in annotation", item));
        return failure();
      }
      out.push_back(SymExpr::constant(v));
    } else if (looksLikeInt(item)) {
      diag.error(at(loc, itemOffset),
                 fmt::format("{} {} in annotation does not fit in a 64-bit integer", what, item));
      return failure();
    } else {
      out.push_back(SymExpr::symbolic(graph.intern(item)));
    }
    return success();
  };
  for (; pos < text.size(); ++pos) {
    char c = text[pos];
    if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (depth == 0 && (c == ',' || c == ']')) {
      if (failed(flush(pos)))
        return failure();
      itemBegin = pos + 1;
      if (c == ']') {
        ++pos;
        return success();
      }
    }
  }
  diag.error(at(loc, open), "unterminated '[' in annotation");
  return failure();
}

/// Whether the text of a `Sym(...)`, which FX prints alike for SymInts and
/// SymFloats, is a SymFloat's: a float literal (`0.250000000000000`, sympy's
/// spelling of a specialized float) or a float symbol alone (`zf3`, `zuf0`).
bool isSymFloatText(std::string_view inner) {
  double d;
  auto [end, ec] = std::from_chars(inner.data(), inner.data() + inner.size(), d);
  if (ec == std::errc() && end == inner.data() + inner.size())
    return true; // not an int: parseInt read those
  size_t digits = inner.starts_with("zuf") ? 3 : inner.starts_with("zf") ? 2 : 0;
  if (digits == 0 || inner.size() == digits)
    return false;
  for (size_t i = digits; i < inner.size(); ++i)
    if (!ascii::isDigit(inner[i]))
      return false;
  return true;
}

} // namespace

LogicalResult parseAnnotation(std::string_view text, Location loc, Graph& graph, Meta& meta,
                              DiagnosticEngine& diag) {
  if (text.substr(0, 4) == "Sym(") {
    if (text.back() != ')') {
      diag.error(at(loc, text.size()), "expected ')' to close 'Sym(' in annotation");
      return failure();
    }
    std::string_view inner = trim(text.substr(4, text.size() - 5));
    if (inner.empty()) {
      diag.error(at(loc, 4), "empty symbolic expression in annotation");
      return failure();
    }
    SymMeta s;
    int64_t v;
    if (parseInt(inner, v)) {
      s.expr = SymExpr::constant(v);
    } else {
      s.expr = SymExpr::symbolic(graph.intern(inner));
      if (inner == "True" || inner == "False")
        s.kind = SymKind::Bool;
      else if (isSymFloatText(inner))
        s.kind = SymKind::Float;
    }
    meta = Meta(s);
    return success();
  }
  // A tensor annotation starts with a lower-case dtype name and a '['.
  size_t i = 0;
  while (i < text.size() && (ascii::isLower(text[i]) || ascii::isDigit(text[i])))
    ++i;
  if (i == 0 || i >= text.size() || text[i] != '[') {
    meta = Meta(OpaqueMeta{graph.intern(text)});
    return success();
  }
  std::string_view dtypeName = text.substr(0, i);
  std::optional<DType> dtype = parseDTypeShortName(dtypeName);
  if (!dtype) {
    diag.error(loc, fmt::format("unknown dtype '{}' in annotation \"{}\"", dtypeName, text));
    return failure();
  }
  TensorMeta t;
  t.dtype = *dtype;
  size_t pos = i;
  if (failed(parseDims(text, pos, loc, graph, t.sizes, DimKind::Size, diag)))
    return failure();
  // Concrete sizes whose byte count does not fit in int64_t describe no
  // tensor any machine can hold; peak-memory sums must not overflow on them.
  bool allConcrete = true;
  for (const SymExpr& e : t.sizes)
    allConcrete &= e.isConstant();
  if (allConcrete && !t.concreteBytes()) {
    diag.error(loc, fmt::format("impossible tensor size in annotation \"{}\": its byte "
                                "count does not fit in a 64-bit integer",
                                text));
    return failure();
  }
  if (pos < text.size() && text[pos] == '[') {
    t.hasStrides = true;
    if (failed(parseDims(text, pos, loc, graph, t.strides, DimKind::Stride, diag)))
      return failure();
    if (t.strides.size() != t.sizes.size()) {
      diag.error(loc, fmt::format("annotation \"{}\" has {} sizes but {} strides", text,
                                  t.sizes.size(), t.strides.size()));
      return failure();
    }
  }
  std::string_view device = trim(text.substr(pos));
  if (!device.empty()) {
    for (char c : device) {
      bool ok = ascii::isLower(c) || ascii::isDigit(c) || c == ':' || c == '_';
      if (!ok) {
        diag.error(at(loc, pos), fmt::format("malformed device '{}' in annotation", device));
        return failure();
      }
    }
    t.device = graph.intern(device);
  }
  meta = Meta(std::move(t));
  return success();
}

} // namespace piecewise
