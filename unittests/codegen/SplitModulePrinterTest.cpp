//===- SplitModulePrinterTest.cpp - The split module's text, on two threads ===//

#include "piecewise/codegen/SplitModulePrinter.h"
#include "piecewise/partition/PieceHash.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <thread>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// `layers` repetitions of sin -> mv (the splitting op) -> a call of the
/// child module `inner`: 2 * layers + 1 pieces, each compiled piece calling
/// (and so copying) a child module.
std::string layeredGraph(int layers) {
  std::string body;
  std::string x = "x";
  for (int i = 0; i < layers; ++i) {
    body += fmt::format("        a{0}: \"f32[4]\" = torch.ops.aten.sin.default({1})\n"
                        "        b{0}: \"f32[4]\" = torch.ops.aten.mv.default(w, a{0})\n"
                        "        c{0} = self.inner(b{0})\n",
                        i, x);
    x = fmt::format("c{}", i);
  }
  return "class M(torch.nn.Module):\n"
         "    def forward(self, x: \"f32[4]\", w: \"f32[4, 4]\"):\n" +
         body + "        return (" + x +
         ",)\n\n"
         "    class inner(torch.nn.Module):\n"
         "        def forward(self, y: \"f32[4]\"):\n"
         "            z: \"f32[4]\" = torch.ops.aten.neg.default(y)\n"
         "            return (z,)\n";
}

/// `module`'s plan split at aten::mv (its errors reported as a test failure).
FailureOr<PartitionPlan> splitAtMv(const Module& module) {
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::mv"};
  FailureOr<PartitionPlan> plan = partitionAtSplittingOps(module.graph(), options, diag);
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  return plan;
}

struct Printed {
  bool ok = false;
  std::string text;       // the flushed parts, then what was left in `out`
  size_t flushes = 0;     // calls of the flush callback
  bool offThread = false; // a flush came from a thread other than the caller's
};

Printed print(const PartitionPlan& plan, const Module& source, bool threads, size_t flushBytes,
              size_t failAtFlush = 0) {
  Printed r;
  SplitModulePrintOptions options;
  options.sourceModule = &source;
  options.threads = threads;
  std::thread::id caller = std::this_thread::get_id();
  if (flushBytes) {
    options.flushBytes = flushBytes;
    options.flush = [&](std::string& part) {
      ++r.flushes;
      r.offThread |= std::this_thread::get_id() != caller;
      if (r.flushes == failAtFlush)
        return false;
      r.text += part;
      part.clear();
      return true;
    };
  }
  std::string out;
  DiagnosticEngine diag;
  r.ok = succeeded(printSplitModule(plan, options, out, diag));
  EXPECT_FALSE(diag.hasErrors()) << diag.renderAll();
  r.text += out;
  return r;
}

} // namespace

TEST(SplitModulePrinter, TwoThreadsPrintTheTextOneDoes) {
  auto p = parseGraph(layeredGraph(200));
  ASSERT_TRUE(p->module);
  FailureOr<PartitionPlan> plan = splitAtMv(*p->module);
  ASSERT_TRUE(succeeded(plan));
  ASSERT_EQ(plan->size(), 401u); // more than one batch of pieces: the pipeline runs

  Printed sequential = print(*plan, *p->module, /*threads=*/false, 0);
  ASSERT_TRUE(sequential.ok);
  EXPECT_NE(sequential.text.find("class submod_400"), std::string::npos);
  EXPECT_NE(sequential.text.find("class inner"), std::string::npos);

  Printed threaded = print(*plan, *p->module, /*threads=*/true, 0);
  ASSERT_TRUE(threaded.ok);
  EXPECT_EQ(threaded.text, sequential.text);

  // Flushed in small parts, from the printer thread, in order.
  Printed flushed = print(*plan, *p->module, /*threads=*/true, 4096);
  ASSERT_TRUE(flushed.ok);
  EXPECT_GT(flushed.flushes, 10u);
  EXPECT_TRUE(flushed.offThread);
  EXPECT_EQ(flushed.text, sequential.text);

  // The text reads back as the split module.
  auto again = parseGraph(threaded.text);
  ASSERT_TRUE(again->module);
  EXPECT_EQ(again->module->children().size(), 401u);
}

TEST(SplitModulePrinter, AFailedFlushStopsBothThreads) {
  auto p = parseGraph(layeredGraph(200));
  ASSERT_TRUE(p->module);
  FailureOr<PartitionPlan> plan = splitAtMv(*p->module);
  ASSERT_TRUE(succeeded(plan));
  Printed whole = print(*plan, *p->module, /*threads=*/false, 0);
  for (bool threads : {false, true}) {
    Printed failed = print(*plan, *p->module, threads, 4096, /*failAtFlush=*/3);
    EXPECT_FALSE(failed.ok);
    EXPECT_EQ(failed.flushes, 3u); // none after the failure
    // What was written before the failure is the start of the module.
    EXPECT_LT(failed.text.size(), whole.text.size());
    EXPECT_EQ(whole.text.compare(0, 2 * 4096, failed.text, 0, 2 * 4096), 0);
  }
}

TEST(SplitModulePrinter, APieceThatDoesNotVerifyStopsBothThreadsAlike) {
  // Layer 150's sin takes an argument aten::sin has not: piece 300 does not
  // verify against the registry (the split never reads schemas). Both ways
  // give the same errors and leave the same text: the parts before it.
  std::string text = layeredGraph(200);
  size_t at = text.find("torch.ops.aten.sin.default(c149)");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, std::string("torch.ops.aten.sin.default(c149)").size(),
               "torch.ops.aten.sin.default(c149, 2)");
  auto p = parseGraph(text);
  ASSERT_TRUE(p->module);
  FailureOr<PartitionPlan> plan = splitAtMv(*p->module);
  ASSERT_TRUE(succeeded(plan));
  OpRegistry registry = OpRegistry::withBuiltinAten();
  std::string outs[2], errors[2];
  for (bool threads : {false, true}) {
    SplitModulePrintOptions options;
    options.sourceModule = p->module.get();
    options.registry = &registry;
    options.threads = threads;
    DiagnosticEngine printDiag;
    EXPECT_TRUE(failed(printSplitModule(*plan, options, outs[threads], printDiag)));
    errors[threads] = printDiag.renderAll();
  }
  EXPECT_NE(errors[0].find("does not verify"), std::string::npos) << errors[0];
  EXPECT_EQ(errors[1], errors[0]);
  EXPECT_EQ(outs[1], outs[0]);
  EXPECT_NE(outs[0].find("class submod_299"), std::string::npos);
  EXPECT_EQ(outs[0].find("class submod_300"), std::string::npos);
}

TEST(PieceHash, ABigPlanHashedOnTwoThreadsHashesAsOneHasher) {
  // 3 nodes a layer: past the 65,536 nodes from which the pieces' hashes are
  // computed on two threads.
  auto p = parseGraph(layeredGraph(22000));
  ASSERT_TRUE(p->module);
  ASSERT_GE(p->module->graph().size(), size_t{1} << 16);
  FailureOr<PartitionPlan> plan = splitAtMv(*p->module);
  ASSERT_TRUE(succeeded(plan));
  PieceHasher hasher(*plan);
  size_t differ = 0;
  for (const Piece& piece : plan->pieces())
    differ += piece.hash != hasher.hash(piece);
  EXPECT_EQ(differ, 0u);
  // Layers hash alike: sin, mv, and the call piece (the first and last differ
  // in their inputs and outputs).
  EXPECT_LE(plan->numUnique(), 4u);
}
