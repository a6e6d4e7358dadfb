//===- PipelineBench.cpp - In-process timings of the main pipelines --------===//
//
// Google Benchmark timings of what the CLI does, without process start and
// file I/O, on `piecewise gen` graphs generated in memory:
//
//   BM_ParseVerify/L        parse the code form + verify (issue: foundation)
//   BM_SplitToText/L        partition at attention + build, verify and print
//                           the split module piece by piece (issue: split)
//   BM_CudagraphPipeline/L  cudagraph partition + storages, lifetimes,
//                           signatures + wrapper lowering + plan verification
//                           (issue: cudagraph partitions)
//   BM_ParseLongSchema/N    one schema with N arguments (linear in N)
//   BM_BuiltinRegistry      build the aten registry and resolve one op
//   BM_ParseNestedClasses/N a code form with N sibling nested classes (linear in N)
//
// L is the number of layers (~35 nodes each). Counters report nodes per
// second. The Python anchors are in the bench/*.py scripts; this binary is for
// tracking piecewise's own phases (build/piecewise_bench).
//
//===----------------------------------------------------------------------===//

#include "../../tools/piecewise/DecoderGen.h"

#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/codegen/SplitModulePrinter.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/schema/FunctionSchema.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"
#include "piecewise/verify/Verifier.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

using namespace piecewise;

namespace {

const std::string& decoderText(int64_t layers) {
  static std::map<int64_t, std::string> cache;
  auto it = cache.find(layers);
  if (it == cache.end()) {
    cli::GenOptions options;
    options.layers = layers;
    it = cache.emplace(layers, cli::generateDecoderGraph(options)).first;
  }
  return it->second;
}

const OpRegistry& registry() {
  static const OpRegistry r = OpRegistry::withBuiltinAten();
  return r;
}

struct Parsed {
  std::unique_ptr<SourceBuffer> buffer;
  std::unique_ptr<Module> module;
};

Parsed parseDecoder(int64_t layers) {
  Parsed p;
  p.buffer = std::make_unique<SourceBuffer>("gen.py", decoderText(layers));
  DiagnosticEngine diag;
  auto m = parseModule(*p.buffer, diag);
  if (!m)
    return p;
  p.module = std::move(*m);
  return p;
}

void BM_ParseVerify(benchmark::State& state) {
  const int64_t layers = state.range(0);
  const std::string& text = decoderText(layers);
  size_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto buffer = std::make_unique<SourceBuffer>("gen.py", text);
    state.ResumeTiming();
    DiagnosticEngine diag;
    auto m = parseModule(*buffer, diag);
    if (!m || failed(verifyModule(**m, &registry(), diag))) {
      state.SkipWithError("the generated graph does not parse and verify");
      return;
    }
    nodes = (*m)->totalNodes();
    state.PauseTiming();
    m->reset();
    buffer.reset();
    state.ResumeTiming();
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}

/// What a timed step leaves behind: freed after the clock stops (the CLI
/// never frees it), or an error that stops the benchmark.
struct StepResult {
  std::shared_ptr<void> keepAlive;
  const char* error = nullptr;
};

/// Times `step` on a freshly parsed decoder in each iteration; parsing and
/// freeing are not timed.
template <typename Step> void timeOnFreshDecoder(benchmark::State& state, Step&& step) {
  const int64_t layers = state.range(0);
  size_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Parsed p = parseDecoder(layers);
    if (!p.module) {
      state.SkipWithError("parse failed");
      return;
    }
    nodes = p.module->totalNodes();
    state.ResumeTiming();
    StepResult result = step(*p.module);
    state.PauseTiming();
    if (result.error) {
      state.SkipWithError(result.error);
      return;
    }
    result.keepAlive.reset();
    p.module.reset();
    state.ResumeTiming();
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_SplitToText(benchmark::State& state) {
  timeOnFreshDecoder(state, [](Module& module) -> StepResult {
    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = {"vllm.unified_attention_with_output"};
    auto plan = splitGraph(module.graph(), &registry(), options, diag);
    if (failed(plan))
      return {nullptr, "split failed"};
    SplitModulePrintOptions printOptions;
    printOptions.sourceModule = &module;
    printOptions.registry = &registry();
    printOptions.runnable = false;
    auto text = std::make_shared<std::string>();
    if (failed(printSplitModule(*plan, printOptions, *text, diag)))
      return {nullptr, "the split module does not verify"};
    benchmark::DoNotOptimize(text->data());
    return {std::move(text), nullptr};
  });
}

void BM_CudagraphPipeline(benchmark::State& state) {
  timeOnFreshDecoder(state, [](Module& module) -> StepResult {
    DiagnosticEngine diag;
    PlanPipelineOptions options;
    options.cudagraph.unsafeOps = {"vllm::unified_attention_with_output"};
    auto result = runPlanPipeline(module.graph(), &registry(), options, diag);
    if (failed(result))
      return {nullptr, "the plan pipeline failed"};
    return {std::shared_ptr<PlanPipelineResult>(std::move(*result)), nullptr};
  });
}

} // namespace

void BM_ParseLongSchema(benchmark::State& state) {
  std::string text = "ns::big(";
  for (int64_t i = 0; i < state.range(0); ++i)
    text += "Tensor(a" + std::to_string(i) + "!) x" + std::to_string(i) + "=None, ";
  text += "int last=0) -> ()";
  for (auto _ : state) {
    DiagnosticEngine diag;
    FailureOr<FunctionSchema> s = parseSchema(text, Location{}, diag);
    benchmark::DoNotOptimize(s);
  }
  state.counters["args/s"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                benchmark::Counter::kIsIterationInvariantRate);
}

void BM_BuiltinRegistry(benchmark::State& state) {
  for (auto _ : state) {
    OpRegistry r = OpRegistry::withBuiltinAten();
    benchmark::DoNotOptimize(r.lookup("aten::mm.default"));
  }
}

void BM_ParseNestedClasses(benchmark::State& state) {
  std::string text = "class GraphModule(torch.nn.Module):\n"
                     "    def forward(self, x: \"f32[4]\"):\n"
                     "        return (x,)\n";
  for (int64_t i = 0; i < state.range(0); ++i)
    text += "    class submod_" + std::to_string(i) +
            "(torch.nn.Module):\n        def forward(self, x: \"f32[4]\"):\n"
            "            return (x,)\n";
  SourceBuffer buffer("nested.py", text);
  for (auto _ : state) {
    DiagnosticEngine diag;
    auto m = parseModule(buffer, diag);
    benchmark::DoNotOptimize(m);
  }
  state.counters["classes/s"] = benchmark::Counter(static_cast<double>(state.range(0)),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK(BM_ParseLongSchema)->Arg(20000)->Arg(200000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuiltinRegistry)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseNestedClasses)->Arg(8000)->Arg(80000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParseVerify)->Arg(1000)->Arg(30000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SplitToText)->Arg(1000)->Arg(30000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CudagraphPipeline)->Arg(1000)->Arg(30000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
