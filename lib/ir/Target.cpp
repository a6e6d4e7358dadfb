//===- Target.cpp - Spelling of call targets ------------------------------===//
//
// Respelling of call targets: `torch.ops.aten.mm.default` <-> `aten::mm.default` (Target.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/Target.h"

#include <vector>

namespace piecewise {

namespace {
std::vector<std::string_view> splitDots(std::string_view s) {
  std::vector<std::string_view> parts;
  size_t b = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '.') {
      parts.push_back(s.substr(b, i - b));
      b = i + 1;
    }
  }
  return parts;
}
} // namespace

std::string canonicalTarget(std::string_view dotted) {
  constexpr std::string_view kPrefix = "torch.ops.";
  if (dotted.substr(0, kPrefix.size()) != kPrefix)
    return std::string(dotted);
  std::vector<std::string_view> parts = splitDots(dotted.substr(kPrefix.size()));
  if (parts.size() < 2 || parts.size() > 3)
    return std::string(dotted);
  std::string out(parts[0]);
  out += "::";
  out += parts[1];
  if (parts.size() == 3) {
    out += '.';
    out += parts[2];
  }
  return out;
}

std::string pythonTarget(std::string_view canonical) {
  size_t p = canonical.find("::");
  if (p == std::string_view::npos)
    return std::string(canonical);
  std::string out = "torch.ops.";
  out += canonical.substr(0, p);
  out += '.';
  out += canonical.substr(p + 2);
  return out;
}

std::string dottedOpName(std::string_view canonical) {
  size_t p = canonical.find("::");
  if (p == std::string_view::npos)
    return std::string(canonical);
  std::string out(canonical.substr(0, p));
  out += '.';
  out += canonical.substr(p + 2);
  return out;
}

std::string_view opPacket(std::string_view canonical) {
  size_t p = canonical.find("::");
  if (p == std::string_view::npos)
    return canonical;
  size_t dot = canonical.find('.', p + 2);
  return dot == std::string_view::npos ? canonical : canonical.substr(0, dot);
}

std::string_view opOverload(std::string_view canonical) {
  size_t p = canonical.find("::");
  if (p == std::string_view::npos)
    return {};
  size_t dot = canonical.find('.', p + 2);
  return dot == std::string_view::npos ? std::string_view() : canonical.substr(dot + 1);
}

std::string canonicalOpPattern(std::string_view pattern) {
  if (pattern.find("::") != std::string_view::npos)
    return std::string(pattern);
  if (pattern.substr(0, 10) == "torch.ops.")
    return canonicalTarget(pattern);
  // `ns.op` or `ns.op.overload`
  std::vector<std::string_view> parts = splitDots(pattern);
  if (parts.size() < 2 || parts.size() > 3)
    return std::string(pattern);
  std::string out(parts[0]);
  out += "::";
  out += parts[1];
  if (parts.size() == 3) {
    out += '.';
    out += parts[2];
  }
  return out;
}

} // namespace piecewise
