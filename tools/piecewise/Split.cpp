//===- Split.cpp - `piecewise split`: cut a graph at splitting ops --------===//
//
//   piecewise split FILE --splitting-ops=OP[,OP...] [--json] [-o OUT.py]
//
// vLLM's piecewise split of the root graph (partition/SplitGraph.h): the
// decompose-size pass, the splitting-op partitioner, the flat-boundary check.
// Prints a short summary (or, with --json, one item per piece: name, id,
// whether it is a splitting piece, inputs and outputs with their kinds, the
// targets of its call nodes, its structural hash). -o writes the split module
// in code form: the stitching module plus one nested class per piece, a
// runnable Python module that `piecewise print`/`lint` read back. A
// splitting op that matches no node of a graph with calls gets a note on
// stderr naming the similar ops the graph has.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/partition/SplitGraph.h"
#include "piecewise/partition/SplitModuleBuilder.h"
#include "piecewise/partition/ValueKind.h"
#include "piecewise/text/Printer.h"
#include "piecewise/verify/Verifier.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdio>
#include <map>

namespace piecewise::cli {

void addSplitCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);

namespace {

struct SplitCommandOptions {
  std::string file = "-";
  std::vector<std::string> splittingOps;
  bool json = false;
  std::string output;
  bool noDecomposeSize = false;
  bool noMergeEmpty = false;
  bool timing = false;
};

/// `--timing`: wall time of each phase since the previous mark, on stderr.
class PhaseTimer {
public:
  explicit PhaseTimer(bool enabled) : enabled_(enabled), last_(Clock::now()) {}
  void mark(std::string_view phase) {
    if (!enabled_)
      return;
    Clock::time_point now = Clock::now();
    std::fputs(fmt::format("{:>9.3f} ms  {}\n",
                           std::chrono::duration<double, std::milli>(now - last_).count(), phase)
                   .c_str(),
               stderr);
    last_ = now;
  }

private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

bool isCallNode(const Node& n) {
  return n.op() == OpKind::CallFunction || n.op() == OpKind::CallMethod ||
         n.op() == OpKind::CallModule;
}

nlohmann::ordered_json valueList(const std::vector<Node*>& values, const OpRegistry* registry) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Node* v : values) {
    nlohmann::ordered_json item;
    item["name"] = std::string(v->name().str());
    item["kind"] = std::string(valueKindName(classifyValue(*v, registry)));
    list.push_back(std::move(item));
  }
  return list;
}

/// `value` as Python's json.dumps writes it by default: on one line, with
/// ", " and ": " separators.
void dumpCompact(std::string& out, const nlohmann::ordered_json& value) {
  if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first)
        out += ", ";
      first = false;
      out += nlohmann::ordered_json(key).dump();
      out += ": ";
      dumpCompact(out, item);
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    for (size_t i = 0; i < value.size(); ++i) {
      if (i)
        out += ", ";
      dumpCompact(out, value[i]);
    }
    out += ']';
  } else {
    out += value.dump();
  }
}

/// One object; each item on a line of its own (greppable, diffable), the
/// counts on the last line.
std::string renderJson(const PartitionPlan& plan, const OpRegistry* registry) {
  std::string out = "{\"items\": [";
  bool first = true;
  for (const Piece& p : plan.pieces()) {
    nlohmann::ordered_json item;
    item["submod_name"] = p.name();
    item["graph_id"] = p.id;
    item["is_splitting_graph"] = p.isSplitting();
    item["inputs"] = valueList(p.inputs, registry);
    item["outputs"] = valueList(p.outputs, registry);
    nlohmann::ordered_json targets = nlohmann::ordered_json::array();
    for (const Node* n : p.nodes)
      if (isCallNode(*n))
        targets.push_back(std::string(n->target().str()));
    item["targets"] = std::move(targets);
    item["hash"] = p.hashString();
    out += first ? "\n  " : ",\n  ";
    first = false;
    dumpCompact(out, item);
  }
  out += fmt::format("\n], \"num_items\": {}, \"num_splitting\": {}, \"num_unique\": {}}}\n",
                     plan.size(), plan.numSplitting(), plan.numUnique());
  return out;
}

std::string renderSummary(const PartitionPlan& plan, const OpRegistry* registry) {
  std::string out;
  auto to = std::back_inserter(out);
  size_t splitting = plan.numSplitting();
  size_t compiled = plan.size() - splitting;
  fmt::format_to(to, "pieces:          {} ({} splitting, {} compiled)\n", plan.size(), splitting,
                 compiled);
  fmt::format_to(to, "unique pieces:   {} of the {} compiled pieces are distinct\n",
                 plan.numUnique(), compiled);
  if (int32_t big = plan.largestPiece(); big >= 0) {
    const Piece& p = plan.pieces()[static_cast<size_t>(big)];
    fmt::format_to(to, "largest piece:   {} ({} nodes)\n", p.name(), p.nodes.size());
  }
  // Values crossing into pieces, by kind.
  std::map<std::string_view, size_t> byKind;
  size_t crossing = 0;
  for (const Piece& p : plan.pieces()) {
    for (const Node* in : p.inputs) {
      ++byKind[valueKindName(classifyValue(*in, registry))];
      ++crossing;
    }
  }
  std::string kinds;
  for (const auto& [kind, count] : byKind)
    kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", count, kind);
  fmt::format_to(to, "piece inputs:    {}{}\n", crossing,
                 kinds.empty() ? "" : fmt::format(" ({})", kinds));

  constexpr size_t kMaxListed = 32;
  if (plan.size() > kMaxListed) {
    fmt::format_to(to, "({} pieces; --json lists them all)\n", plan.size());
    return out;
  }
  out += "\n";
  size_t width = 0;
  for (const Piece& p : plan.pieces())
    width = std::max(width, p.name().size());
  for (const Piece& p : plan.pieces()) {
    fmt::format_to(to, "  {:<{}}  {:<9}  {:>4} nodes  {:>3} in  {:>3} out  {}", p.name(), width,
                   pieceKindName(p.kind), p.nodes.size(), p.inputs.size(), p.outputs.size(),
                   p.hashString());
    if (!p.reason.empty())
      fmt::format_to(to, "  {}", p.reason);
    out += '\n';
  }
  return out;
}

} // namespace

void addSplitCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<SplitCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "split", "Split a graph into pieces at splitting ops (vLLM's piecewise split_graph)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_option("--splitting-ops", opts->splittingOps,
                  "Ops to split at, comma-separated: a packet (aten::add) matches every "
                  "overload, an overload (aten::add.Tensor) only itself; vllm.foo means "
                  "vllm::foo; a Python callable by its qualified name "
                  "(torch._C._nn.scaled_dot_product_attention)")
      ->type_name("OP[,OP...]")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--json", opts->json, "Print one JSON object describing every piece");
  cmd->add_option("-o,--output", opts->output,
                  "Write the split module (code form, runnable Python) to FILE")
      ->type_name("FILE");
  cmd->add_flag("--no-decompose-size", opts->noDecomposeSize,
                "Do not run decompose-size first (torch.Size values crossing a boundary are "
                "then errors)");
  cmd->add_flag("--no-merge-empty", opts->noMergeEmpty,
                "Keep pieces that hold only an empty allocation on their own");
  cmd->add_flag("--timing", opts->timing, "Print the time of each phase to stderr");
  cmd->callback([opts, &globals, &exitCode] {
    PhaseTimer timer(opts->timing);
    // The process ends right after this command: the input and the split
    // module are not freed (like clang's -disable-free), since tearing down a
    // million nodes costs more than splitting them.
    auto* input = new LoadedInput;
    exitCode = loadInput(opts->file, globals, *input);
    timer.mark("read, parse, verify");
    if (exitCode != kExitOk)
      return;

    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = opts->splittingOps;
    options.partition.mergeEmptyOnlyPieces = !opts->noMergeEmpty;
    options.decomposeSize = !opts->noDecomposeSize;
    const OpRegistry* registry = &input->registry;
    FailureOr<PartitionPlan> plan = splitGraph(input->module->graph(), registry, options, diag);
    timer.mark("decompose-size, partition, boundary check");
    if (failed(plan)) {
      printDiagnostics(diag);
      exitCode = kExitInputError;
      return;
    }
    // A pattern that matches nothing is most likely a typo: say so (exit 0).
    DiagnosticEngine notes;
    for (std::string& m : unmatchedSplittingOps(input->module->graph(), options.partition))
      notes.note(Location{input->buffer.get(), 0, 0}, std::move(m));
    printDiagnostics(notes);

    if (!opts->output.empty()) {
      // Piece by piece: build, verify, print, free. The stitching module is
      // printed first (its class holds the pieces' nested classes after
      // `forward`), so the text equals printing the whole split module.
      SplitModuleOptions moduleOptions;
      moduleOptions.sourceModule = input->module.get();
      SplitModuleBuilder builder(*plan, moduleOptions);
      std::unique_ptr<Module> top = builder.buildStitching();
      bool verified = globals.noVerify || succeeded(verifyGraph(top->graph(), registry, diag));
      std::string text;
      text.reserve(input->module->graph().size() * 200 + plan->size() * 512);
      appendCodeForm(text, *top, 0);
      for (size_t i = 0; i < plan->size() && verified; ++i) {
        std::unique_ptr<Module> piece = builder.buildPiece(i);
        if (!globals.noVerify && failed(verifyModule(*piece, registry, diag))) {
          verified = false;
          break;
        }
        text += '\n';
        appendCodeForm(text, *piece, 1);
      }
      timer.mark("build, verify and print the split module");
      if (!verified) {
        diag.note(Location{}, "the split module does not verify; this is a piecewise bug");
        printDiagnostics(diag);
        exitCode = kExitInputError;
        return;
      }
      bool written = writeOutput(opts->output, text);
      timer.mark("write");
      if (!written) {
        exitCode = kExitInputError;
        return;
      }
      if (opts->output == "-")
        return;
    }
    std::string report = opts->json ? renderJson(*plan, registry) : renderSummary(*plan, registry);
    if (!writeOutput("", report))
      exitCode = kExitInputError;
    timer.mark("report");
  });
}

} // namespace piecewise::cli
