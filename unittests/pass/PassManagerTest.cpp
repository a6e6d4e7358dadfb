#include "../transforms/PassTestUtil.h"

#include "piecewise/pass/PassManager.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

const char* kGraph = R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.relu.default(x)
        b: "f32[4]" = torch.ops.aten.neg.default(x)
        sub = self.sub(a)
        return (sub,)

    class sub(torch.nn.Module):
        def forward(self, y: "f32[4]"):
            c: "f32[4]" = torch.ops.aten.neg.default(y)
            return (y,)
)PY";

/// A pass that renames one node and claims it changed nothing.
class LyingPass : public Pass {
public:
  std::string_view name() const override { return "liar"; }
  FailureOr<bool> run(Graph& g, PassContext&) override {
    if (Node* a = g.lookup("a"))
      g.rename(a, "renamed");
    return false;
  }
};

/// A pass that moves the first call before the placeholders (breaks def-before-use).
class BreakingPass : public Pass {
public:
  std::string_view name() const override { return "breaker"; }
  FailureOr<bool> run(Graph& g, PassContext&) override {
    if (Node* a = g.lookup("a"))
      g.moveBefore(a, g.front());
    return true;
  }
};

class FailingPass : public Pass {
public:
  std::string_view name() const override { return "failing"; }
  FailureOr<bool> run(Graph&, PassContext& ctx) override {
    ctx.diag().error(Location{}, "cannot do it");
    return failure();
  }
};

/// Counts the graphs it sees and records a statistic.
class CountingPass : public Pass {
public:
  explicit CountingPass(int* graphs) : graphs_(graphs) {}
  std::string_view name() const override { return "counting"; }
  FailureOr<bool> run(Graph&, PassContext& ctx) override {
    ++*graphs_;
    ctx.stat("graphs seen", 1);
    return false;
  }

private:
  int* graphs_;
};

} // namespace

TEST(PassManager, PipelineParsing) {
  PassRegistry registry = builtinPassRegistry();
  DiagnosticEngine diag;
  PassManager pm;
  EXPECT_TRUE(succeeded(pm.addPipeline("split-coalescing, dce ,cse", registry, diag)));
  EXPECT_EQ(pm.passNames(), (std::vector<std::string>{"split-coalescing", "dce", "cse"}));

  PassManager bad;
  EXPECT_TRUE(failed(bad.addPipeline("dce,frobnicate", registry, diag)));
  EXPECT_EQ(bad.size(), 0u);
  ASSERT_EQ(diag.numErrors(), 1u);
  EXPECT_NE(diag.diagnostics()[0].message.find("unknown pass 'frobnicate'"), std::string::npos);
  EXPECT_NE(diag.diagnostics()[0].message.find("cse, dce, decompose-size, inline-nested-regions, "
                                               "noop-elimination, split-coalescing"),
            std::string::npos)
      << diag.diagnostics()[0].message;

  diag.clear();
  EXPECT_TRUE(failed(bad.addPipeline("dce,,cse", registry, diag)));
  EXPECT_NE(diag.renderAll().find("empty pass name"), std::string::npos);
}

TEST(PassManager, RegistryListsBuiltins) {
  PassRegistry registry = builtinPassRegistry();
  for (std::string_view n :
       {"split-coalescing", "noop-elimination", "dce", "cse", "decompose-size"}) {
    EXPECT_TRUE(registry.contains(n)) << n;
    std::unique_ptr<Pass> p = registry.create(n);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->name(), n);
    EXPECT_FALSE(p->description().empty());
  }
  EXPECT_FALSE(registry.create("nope"));
}

TEST(PassManager, RunsOverChildGraphsAndCollectsStats) {
  auto m = parseGraph(kGraph);
  int graphs = 0;
  PassManager pm;
  pm.addPass(std::make_unique<CountingPass>(&graphs));
  pm.addPass(createDeadCodeEliminationPass());
  DiagnosticEngine diag;
  PassContext ctx(&atenRegistry(), diag);
  ASSERT_TRUE(succeeded(pm.run(*m->module, ctx))) << diag.renderAll();
  EXPECT_EQ(graphs, 2);
  EXPECT_EQ(ctx.statistics().get("counting", "graphs seen"), 2);
  EXPECT_EQ(ctx.statistics().get("dce", "dead nodes erased"), 2);
  EXPECT_EQ(ctx.statistics().render(pm.passNames()),
            "counting: 2 graphs seen\ndce: 2 dead nodes erased\n");
  ASSERT_EQ(pm.timings().size(), 2u);
  EXPECT_FALSE(pm.timings()[0].changed);
  EXPECT_TRUE(pm.timings()[1].changed);
  std::string table = pm.renderTimings();
  EXPECT_NE(table.find("counting (no change)"), std::string::npos) << table;
  EXPECT_NE(table.find("total"), std::string::npos) << table;
}

TEST(PassManager, NoChangeContractIsChecked) {
  auto m = parseGraph(kGraph);
  PassManagerOptions opts;
  opts.checkNoChange = true;
  PassManager pm(opts);
  pm.addPass(std::make_unique<LyingPass>());
  DiagnosticEngine diag;
  PassContext ctx(&atenRegistry(), diag);
  EXPECT_TRUE(failed(pm.run(*m->module, ctx)));
  std::string d = diag.renderAll();
  EXPECT_NE(d.find("pass 'liar' reported no change but changed the graph"), std::string::npos) << d;

  // Without the check the same pass goes through.
  auto m2 = parseGraph(kGraph);
  PassManager lax;
  lax.addPass(std::make_unique<LyingPass>());
  DiagnosticEngine diag2;
  PassContext ctx2(&atenRegistry(), diag2);
  EXPECT_TRUE(succeeded(lax.run(*m2->module, ctx2)));
}

TEST(PassManager, VerifiesAfterEachPass) {
  auto m = parseGraph(kGraph);
  PassManager pm;
  pm.addPass(std::make_unique<BreakingPass>());
  pm.addPass(createDeadCodeEliminationPass());
  DiagnosticEngine diag;
  PassContext ctx(&atenRegistry(), diag);
  EXPECT_TRUE(failed(pm.run(*m->module, ctx)));
  EXPECT_NE(diag.renderAll().find("verification failed after pass 'breaker'"), std::string::npos)
      << diag.renderAll();
  EXPECT_EQ(pm.timings().size(), 1u); // dce never ran

  auto m2 = parseGraph(kGraph);
  PassManagerOptions opts;
  opts.verifyEach = false;
  PassManager lax(opts);
  lax.addPass(std::make_unique<BreakingPass>());
  DiagnosticEngine diag2;
  PassContext ctx2(&atenRegistry(), diag2);
  EXPECT_TRUE(succeeded(lax.run(*m2->module, ctx2)));
}

TEST(PassManager, FailingPassStopsThePipeline) {
  auto m = parseGraph(kGraph);
  PassManager pm;
  pm.addPass(std::make_unique<FailingPass>());
  pm.addPass(createDeadCodeEliminationPass());
  DiagnosticEngine diag;
  PassContext ctx(&atenRegistry(), diag);
  EXPECT_TRUE(failed(pm.run(*m->module, ctx)));
  std::string d = diag.renderAll();
  EXPECT_NE(d.find("cannot do it"), std::string::npos);
  EXPECT_NE(d.find("pass 'failing' failed"), std::string::npos);
  EXPECT_EQ(ctx.statistics().get("dce", "dead nodes erased"), 0);
}

TEST(PassManager, PrintsIrAfterNamedOrAllPasses) {
  for (bool all : {false, true}) {
    auto m = parseGraph(kGraph);
    PassManagerOptions opts;
    std::string dumps;
    opts.irSink = [&](std::string_view s) { dumps += s; };
    if (all)
      opts.printIrAfterAll = true;
    else
      opts.printIrAfter = {"dce"};
    PassManager pm(opts);
    DiagnosticEngine diag;
    ASSERT_TRUE(succeeded(pm.addPipeline("cse,dce", builtinPassRegistry(), diag)));
    PassContext ctx(&atenRegistry(), diag);
    ASSERT_TRUE(succeeded(pm.run(*m->module, ctx)));
    EXPECT_EQ(count(dumps, "# ===== IR after cse ====="), all ? 1u : 0u) << dumps;
    EXPECT_EQ(count(dumps, "# ===== IR after dce ====="), 1u) << dumps;
    // The dump after dce is the final module.
    EXPECT_NE(dumps.find(m->print()), std::string::npos);
  }
}

TEST(PassManager, StatisticsRenderSkipsZerosAndRepeats) {
  PassStatistics s;
  s.add("split-coalescing", "slice partitions canonicalized", 2);
  s.add("split-coalescing", "splits coalesced", 3);
  s.add("split-coalescing", "duplicate getitems merged", 0);
  s.add("split-coalescing", "slice partitions canonicalized", 0);
  EXPECT_EQ(s.render({"split-coalescing", "dce", "split-coalescing"}),
            "split-coalescing: 2 slice partitions canonicalized, 3 splits coalesced\n"
            "dce: no changes\n");
}
