//===- Pass.cpp - PassContext and PassStatistics --------------------------===//

#include "piecewise/pass/Pass.h"

#include "piecewise/ir/Target.h"

#include <fmt/format.h>

namespace piecewise {

void PassStatistics::add(std::string_view pass, std::string_view name, int64_t delta) {
  for (Entry& e : entries_) {
    if (e.pass == pass && e.name == name) {
      e.value += delta;
      return;
    }
  }
  entries_.push_back({std::string(pass), std::string(name), delta});
}

int64_t PassStatistics::get(std::string_view pass, std::string_view name) const {
  for (const Entry& e : entries_)
    if (e.pass == pass && e.name == name)
      return e.value;
  return 0;
}

std::string PassStatistics::render(const std::vector<std::string>& passOrder) const {
  std::string out;
  std::vector<std::string_view> seen;
  for (const std::string& pass : passOrder) {
    bool repeated = false;
    for (std::string_view s : seen)
      repeated |= s == pass;
    if (repeated)
      continue;
    seen.push_back(pass);
    std::string line;
    for (const Entry& e : entries_) {
      if (e.pass != pass || e.value == 0)
        continue;
      if (!line.empty())
        line += ", ";
      line += fmt::format("{} {}", e.value, e.name);
    }
    out += fmt::format("{}: {}\n", pass, line.empty() ? "no changes" : line);
  }
  return out;
}

PassContext::PassContext(const OpRegistry* registry, DiagnosticEngine& diag)
    : registry_(registry), diag_(diag), effects_(registry) {}

const FunctionSchema* PassContext::schemaFor(Symbol target) {
  return effects_.schemaFor(target);
}

const FunctionSchema* PassContext::schemaOf(const Node& node) {
  return effects_.schemaOf(node);
}

void PassContext::stat(std::string_view what, int64_t delta) {
  stats_.add(currentPass_, what, delta);
}

} // namespace piecewise
