//===- PassManager.cpp - Running a pipeline over a module -----------------===//
//
// Each step runs one pass over every graph of the module (root first, then
// children depth-first in dump order), then verifies, checks the no-change
// contract and prints, as the options say. The no-change check compares, for
// each graph whose run reported `false`, a fingerprint (graph form plus every
// node's annotation) taken before the pass, and when no graph changed, the
// whole module's code form.
//
//===----------------------------------------------------------------------===//

#include "piecewise/pass/PassManager.h"

#include "piecewise/support/CharClass.h"
#include "piecewise/text/Printer.h"
#include "piecewise/verify/Verifier.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>

namespace piecewise {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void collectModules(Module& m, std::vector<Module*>& out) {
  out.push_back(&m);
  for (const Module::Child& c : m.children())
    collectModules(*c.module, out);
}

void appendMeta(std::string& out, const Meta& meta) {
  if (const std::vector<Meta>* items = meta.list()) {
    out += '[';
    for (const Meta& m : *items) {
      appendMeta(out, m);
      out += ';';
    }
    out += ']';
    return;
  }
  out += printAnnotation(meta);
}

/// Everything the code form prints about one graph, in a form that is cheap to compare.
std::string fingerprint(const Graph& g) {
  std::string out = printGraphForm(g);
  for (Node* n : g) {
    out += n->name().str();
    out += ':';
    appendMeta(out, n->meta());
    out += '\n';
  }
  if (g.treeUnflattenOutput)
    out += "tree_unflatten\n";
  for (const std::string& s : g.treeFlattenInputs)
    out += s + '\n';
  return out;
}

/// `line N: - before / + after` for the first differing line.
std::string firstDifference(std::string_view a, std::string_view b) {
  size_t line = 1;
  size_t i = 0;
  size_t lineStart = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
    ++i;
  }
  auto lineAt = [&](std::string_view s) {
    size_t end = s.find('\n', lineStart);
    return s.substr(std::min(lineStart, s.size()),
                    end == std::string_view::npos ? std::string_view::npos : end - lineStart);
  };
  return fmt::format("first difference at line {}:\n  before: {}\n  after:  {}", line, lineAt(a),
                     lineAt(b));
}

} // namespace

PassManager::PassManager(PassManagerOptions options) : options_(std::move(options)) {}

void PassManager::addPass(std::unique_ptr<Pass> pass) {
  passes_.push_back(std::move(pass));
}

LogicalResult PassManager::addPipeline(std::string_view pipeline, const PassRegistry& registry,
                                       DiagnosticEngine& diag) {
  std::vector<std::unique_ptr<Pass>> parsed;
  size_t pos = 0;
  bool ok = true;
  while (pos <= pipeline.size()) {
    size_t comma = pipeline.find(',', pos);
    std::string_view item = pipeline.substr(
        pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    while (!item.empty() && ascii::isBlank(item.front()))
      item.remove_prefix(1);
    while (!item.empty() && ascii::isBlank(item.back()))
      item.remove_suffix(1);
    if (item.empty()) {
      diag.error(Location{}, fmt::format("empty pass name in pipeline '{}'", pipeline));
      ok = false;
    } else if (std::unique_ptr<Pass> p = registry.create(item)) {
      parsed.push_back(std::move(p));
    } else {
      diag.error(Location{},
                 fmt::format("unknown pass '{}' (known passes: {})", item, registry.namesList()));
      ok = false;
    }
    if (comma == std::string_view::npos)
      break;
    pos = comma + 1;
  }
  if (!ok)
    return failure();
  for (auto& p : parsed)
    passes_.push_back(std::move(p));
  return success();
}

std::vector<std::string> PassManager::passNames() const {
  std::vector<std::string> out;
  for (const auto& p : passes_)
    out.emplace_back(p->name());
  return out;
}

bool PassManager::shouldPrintAfter(std::string_view name) const {
  if (options_.printIrAfterAll)
    return true;
  return std::find(options_.printIrAfter.begin(), options_.printIrAfter.end(), name) !=
         options_.printIrAfter.end();
}

LogicalResult PassManager::run(Module& module, PassContext& ctx) {
  timings_.clear();
  std::vector<Module*> modules;
  collectModules(module, modules);
  std::vector<Graph*> graphs;
  for (Module* m : modules)
    graphs.push_back(&m->graph());
  for (const auto& pass : passes_) {
    std::string_view name = pass->name();
    ctx.setCurrentPass(name);
    PassTiming timing;
    timing.name = std::string(name);

    std::string moduleBefore;
    std::vector<std::string> graphsBefore;
    if (options_.checkNoChange) {
      moduleBefore = printCodeForm(module);
      for (Graph* g : graphs)
        graphsBefore.push_back(fingerprint(*g));
    }

    std::vector<bool> changed(graphs.size(), false);
    for (size_t i = 0; i < graphs.size(); ++i) {
      Clock::time_point start = Clock::now();
      ctx.setModule(modules[i]);
      FailureOr<bool> r = pass->run(*graphs[i], ctx);
      ctx.setModule(nullptr);
      timing.seconds += secondsSince(start);
      if (failed(r)) {
        ctx.diag().error(module.loc, fmt::format("pass '{}' failed", name));
        timings_.push_back(timing);
        return failure();
      }
      changed[i] = *r;
      timing.changed |= *r;
    }

    if (options_.checkNoChange) {
      for (size_t i = 0; i < graphs.size(); ++i) {
        if (changed[i])
          continue;
        std::string after = fingerprint(*graphs[i]);
        if (after != graphsBefore[i]) {
          ctx.diag().error(module.loc,
                           fmt::format("pass '{}' reported no change but changed the graph; {}",
                                       name, firstDifference(graphsBefore[i], after)));
          timings_.push_back(timing);
          return failure();
        }
      }
      if (!timing.changed) {
        std::string after = printCodeForm(module);
        if (after != moduleBefore) {
          ctx.diag().error(module.loc,
                           fmt::format("pass '{}' reported no change but changed the printed "
                                       "module; {}",
                                       name, firstDifference(moduleBefore, after)));
          timings_.push_back(timing);
          return failure();
        }
      }
    }

    if (options_.verifyEach) {
      Clock::time_point start = Clock::now();
      LogicalResult v = verifyModule(module, ctx.registry(), ctx.diag());
      timing.verifySeconds = secondsSince(start);
      if (failed(v)) {
        ctx.diag().error(module.loc, fmt::format("verification failed after pass '{}'", name));
        timings_.push_back(timing);
        return failure();
      }
    }
    timings_.push_back(timing);

    if (shouldPrintAfter(name) && options_.irSink) {
      options_.irSink(fmt::format("# ===== IR after {} =====\n", name));
      options_.irSink(printCodeForm(module));
    }
  }
  return success();
}

std::string PassManager::renderTimings() const {
  double passTotal = 0, verifyTotal = 0;
  for (const PassTiming& t : timings_) {
    passTotal += t.seconds;
    verifyTotal += t.verifySeconds;
  }
  std::string out = "pass timing (wall clock):\n";
  out += fmt::format("  {:>12}  {:>12}  {}\n", "pass (ms)", "verify (ms)", "pass");
  for (const PassTiming& t : timings_)
    out += fmt::format("  {:>12.3f}  {:>12.3f}  {}{}\n", t.seconds * 1e3, t.verifySeconds * 1e3,
                       t.name, t.changed ? "" : " (no change)");
  out += fmt::format("  {:>12.3f}  {:>12.3f}  total\n", passTotal * 1e3, verifyTotal * 1e3);
  return out;
}

} // namespace piecewise
