//===- LifetimesTest.cpp - Storages, cudagraph partitions, signatures -----===//

#include "piecewise/partition/Lifetimes.h"
#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/partition/CudagraphPartitioner.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

const char* kSeed = R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        add: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        view: "f8e4m3fn[4, 32][32, 1]cuda:0" = torch.ops.aten.view.dtype(add, torch.float8_e4m3fn)
        cpu: "f8e4m3fn[4, 32][32, 1]cpu" = torch.ops.aten._to_copy.default(view, device = device(type='cpu'))
        back: "f8e4m3fn[4, 32][32, 1]cuda:0" = torch.ops.aten._to_copy.default(cpu, device = device(type='cuda', index=0))
        return (back,)
)";

/// `C[nodes]` / `U[nodes]` per piece.
std::string describe(const PartitionPlan& plan) {
  std::string s;
  for (const Piece& p : plan.pieces()) {
    s += s.empty() ? "" : " ";
    s += p.kind == PieceKind::Compiled ? "C[" : "U[";
    for (size_t i = 0; i < p.nodes.size(); ++i)
      s += std::string(i ? "," : "") + std::string(p.nodes[i]->name().str());
    s += ']';
  }
  return s;
}

/// `name*` (freed) / `name~` (freed, never read) per input, then `-> outputs`.
std::string signature(const PartitionSignature& sig) {
  std::string s;
  for (const SignatureInput& in : sig.inputs)
    s += std::string(s.empty() ? "" : ",") + std::string(in.value->name().str()) +
         (in.deallocate ? (in.read ? "*" : "~") : "");
  s += " ->";
  for (const Node* o : sig.outputs)
    s += " " + std::string(o->name().str());
  return s;
}

uint32_t numberOf(const PartitionPlan& plan, std::string_view name) {
  return plan.numbering().lookup(plan.graph().lookup(name));
}

TEST(CudagraphPartitioner, SeedCaseTwoCapturedPartitionsAroundTheCopy) {
  auto p = parseGraph(kSeed);
  DiagnosticEngine diag;
  CudagraphPartitionStats stats;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag, &stats);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  EXPECT_EQ(describe(*plan), "C[add,view] U[cpu] C[back]");
  EXPECT_EQ(stats.mainDevice, "cuda:0");
  EXPECT_NE(plan->pieces()[1].reason.find("device copy"), std::string::npos);
}

TEST(CudagraphPartitioner, ReasonsAndMatching) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cuda:0"):
        a: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        nz: "i64[u0, 2][2, 1]cuda:0" = torch.ops.aten.nonzero.default(a)
        b: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.sin.default(a)
        c = a.cpu()
        return (nz, b, c)
)");
  DiagnosticEngine diag;
  auto plain = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plain));
  EXPECT_EQ(describe(*plain), "C[a] U[nz] C[b] U[c]");
  CudagraphPartitionOptions unsafe;
  unsafe.unsafeOps = {"aten::sin"};
  auto withSin = partitionForCudagraphs(p->graph(), &atenRegistry(), unsafe, diag);
  ASSERT_TRUE(succeeded(withSin));
  EXPECT_EQ(describe(*withSin), "C[a] U[nz,b,c]");
  CudagraphPartitionOptions dyn;
  dyn.skipDynamicShapes = true;
  auto noDyn = partitionForCudagraphs(p->graph(), &atenRegistry(), dyn, diag);
  ASSERT_TRUE(succeeded(noDyn));
  EXPECT_EQ(describe(*noDyn), "U[a,nz,b,c]");
}

TEST(CudagraphPartitioner, CpuGraphHasNoCpuReason) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        return (a,)
)");
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_EQ(describe(*plan), "C[a]");
}

const char* kReorder = R"(class M(torch.nn.Module):
    def forward(self, x: "f32[64, 64][64, 1]cuda:0"):
        a: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c1: "f32[64, 64][64, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        b: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.sigmoid.default(a)
        c2: "f32[64, 64][64, 1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        d: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(b, b)
        return (d, c2)
)";

TEST(CudagraphPartitioner, ReorderGroupsClassesWithinTheMemoryLimit) {
  auto p = parseGraph(kReorder);
  DiagnosticEngine diag;
  CudagraphPartitionOptions o;
  o.reorder = true;
  CudagraphPartitionStats stats;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), o, diag, &stats);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_TRUE(stats.reordered);
  EXPECT_EQ(describe(*plan), "C[a,b,d] U[c1,c2]");
  // A limit no schedule can meet keeps the original order.
  o.reorderMemoryLimit = 0.5;
  auto kept = partitionForCudagraphs(p->graph(), &atenRegistry(), o, diag, &stats);
  ASSERT_TRUE(succeeded(kept));
  EXPECT_FALSE(stats.reordered);
  EXPECT_EQ(describe(*kept), "C[a] U[c1] C[b] U[c2] C[d]");
}

TEST(CudagraphPartitioner, ReorderKeepsMutationsInOrder) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0"):
        c1: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        m: "f32[4][1]cuda:0" = torch.ops.aten.mul_.Tensor(x, 2)
        c2: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        return (c1, c2)
)");
  DiagnosticEngine diag;
  CudagraphPartitionOptions o;
  o.reorder = true;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), o, diag);
  ASSERT_TRUE(succeeded(plan));
  // mul_ writes x: c1 must stay before it and c2 after it.
  EXPECT_EQ(describe(*plan), "U[c1] C[m] U[c2]");
}

TEST(Lifetimes, AliasedBaseIsAnInputWhereItsStorageDies) {
  auto p = parseGraph(kSeed);
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  LifetimePlan lt(*plan, &atenRegistry());
  ASSERT_EQ(lt.signatures().size(), 3u);
  EXPECT_EQ(signature(lt.signatures()[0]), "x* -> add view");
  EXPECT_EQ(signature(lt.signatures()[1]), "view*,add~ -> cpu");
  EXPECT_EQ(signature(lt.signatures()[2]), "cpu* -> back");
  EXPECT_TRUE(lt.signatures()[0].cudagraphable);
  EXPECT_FALSE(lt.signatures()[1].cudagraphable);
  EXPECT_EQ(lt.death(numberOf(*plan, "add")), lt.position(numberOf(*plan, "cpu")));
  EXPECT_EQ(lt.death(numberOf(*plan, "back")), lt.endPosition());
  LifetimePlan::PeakMemory peak = lt.estimatePeakMemory();
  EXPECT_EQ(peak.withoutFrees, 128 + 128 + 128 + 128);
  EXPECT_EQ(peak.withFrees, 256);

  LifetimeOptions bug;
  bug.debugDropAliasInputs = true;
  LifetimePlan dropped(*plan, &atenRegistry(), bug);
  EXPECT_EQ(signature(dropped.signatures()[0]), "x* -> view");
  EXPECT_EQ(signature(dropped.signatures()[1]), "view* -> cpu");
}

/// The signature is the plan's boundary plus the alias-only extras, for every
/// piece: the boundary inputs come first in the same order, every other input
/// is never read; the boundary outputs are outputs, every other output is kept
/// alive by an alias only.
void expectSignaturesExtendBoundaries(const LifetimePlan& lt) {
  const PartitionPlan& plan = lt.plan();
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    const PartitionSignature& sig = lt.signatures()[pi];
    ASSERT_GE(sig.inputs.size(), piece.inputs.size()) << piece.name();
    for (size_t k = 0; k < sig.inputs.size(); ++k) {
      if (k < piece.inputs.size()) {
        EXPECT_EQ(sig.inputs[k].value, piece.inputs[k]) << piece.name() << " input " << k;
      }
      EXPECT_EQ(sig.inputs[k].read, k < piece.inputs.size()) << piece.name() << " input " << k;
    }
    for (const Node* o : piece.outputs)
      EXPECT_NE(std::find(sig.outputs.begin(), sig.outputs.end(), o), sig.outputs.end())
          << piece.name() << " does not return " << o->name().str();
  }
}

TEST(Lifetimes, SignatureIsTheBoundaryPlusAliasOnlyExtras) {
  auto p = parseGraph(kSeed);
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  LifetimePlan lt(*plan, &atenRegistry());
  expectSignaturesExtendBoundaries(lt);
  // The boundary of the copy's piece is `view`; `add` is the alias-only extra.
  EXPECT_EQ(plan->pieces()[1].inputs.size(), 1u);
  EXPECT_EQ(signature(lt.signatures()[1]), "view*,add~ -> cpu");
  // `add` leaves piece 0 only because its view does: an extra output.
  EXPECT_EQ(plan->pieces()[0].outputs.size(), 1u);
  EXPECT_EQ(signature(lt.signatures()[0]), "x* -> add view");
  // The bug reproduction is the bare boundary.
  LifetimeOptions bug;
  bug.debugDropAliasInputs = true;
  LifetimePlan dropped(*plan, &atenRegistry(), bug);
  for (size_t pi = 0; pi < plan->size(); ++pi) {
    EXPECT_EQ(dropped.signatures()[pi].inputs.size(), plan->pieces()[pi].inputs.size());
    EXPECT_EQ(dropped.signatures()[pi].outputs, plan->pieces()[pi].outputs);
  }
}

TEST(Lifetimes, SymIntBoundaryInputLivesUntilTheLastPieceTakingIt) {
  // s0 is read only by the first piece, but the last piece's input has the
  // shape [s0, 8]: the boundary takes s0 there, so call() must not free it
  // after the first piece.
  auto p = parseGraph(R"PW(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8][8, 1]cuda:0"):
        e: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.new_empty.default(x, [s0, 8])
        a: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, e)
        c: "f32[s0, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        b: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.relu.default(c)
        return (b,)
)PW");
  ASSERT_TRUE(p);
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  LifetimePlan lt(*plan, &atenRegistry());
  expectSignaturesExtendBoundaries(lt);
  const uint32_t s0 = numberOf(*plan, "s0");
  const PartitionSignature& last = lt.signatures().back();
  bool takesS0 = false;
  for (const SignatureInput& in : last.inputs)
    takesS0 |= in.value->name().str() == "s0";
  EXPECT_TRUE(takesS0);
  EXPECT_GE(lt.death(s0), last.begin);
}

TEST(Lifetimes, StitchingConstantsRunBeforeThePieces) {
  // The splitting-op partitioner leaves get_attr constants to the stitching
  // module; the pieces take them as boundary inputs.
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        scale = self.scale
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, scale)
        attn: "f32[4][1]cpu" = torch.ops.aten.sigmoid.default(add)
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(scale, attn)
        return (mul,)
)");
  ASSERT_TRUE(p);
  DiagnosticEngine diag;
  SplitGraphOptions o;
  o.partition.splittingOps = {"aten::sigmoid"};
  auto plan = splitGraph(p->graph(), &atenRegistry(), o, diag);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  LifetimePlan lt(*plan, &atenRegistry());
  expectSignaturesExtendBoundaries(lt);
  const uint32_t c = numberOf(*plan, "scale");
  EXPECT_EQ(lt.numPlaceholders(), 1u);
  EXPECT_EQ(lt.piecesBegin(), 2u);
  EXPECT_EQ(lt.position(c), 1u);
  EXPECT_EQ(signature(lt.signatures().front()), "x*,scale -> add");
  EXPECT_EQ(lt.death(c), lt.position(numberOf(*plan, "mul")));
}

TEST(Lifetimes, MemoryProfileIsThePeakEstimatePerPosition) {
  auto p = parseGraph(kSeed);
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  LifetimePlan lt(*plan, &atenRegistry());
  LifetimePlan::MemoryProfile profile = lt.memoryProfile();
  // x, add (view shares its storage), cpu, back: 128 bytes each. x dies at add, add's
  // storage at cpu, cpu at back; back is the output.
  EXPECT_EQ(profile.withFrees, (std::vector<int64_t>{128, 256, 128, 256, 256}));
  EXPECT_EQ(profile.withoutFrees, (std::vector<int64_t>{128, 256, 256, 384, 512}));
  EXPECT_EQ(profile.peakPosition, lt.position(numberOf(*plan, "add")));
  LifetimePlan::PeakMemory peak = lt.estimatePeakMemory();
  EXPECT_EQ(profile.peak.withFrees, peak.withFrees);
  EXPECT_EQ(profile.peak.withoutFrees, peak.withoutFrees);
  EXPECT_EQ(profile.peak.unknownSizes, peak.unknownSizes);
}

TEST(Lifetimes, KeepInputsAliveReReturnsUnfreedInputs) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0"):
        a: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        b: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        return (b, c)
)");
  DiagnosticEngine diag;
  auto plan = partitionForCudagraphs(p->graph(), &atenRegistry(), {}, diag);
  ASSERT_TRUE(succeeded(plan));
  LifetimeOptions keep;
  keep.keepInputsAlive = true;
  LifetimePlan lt(*plan, &atenRegistry(), keep);
  EXPECT_EQ(signature(lt.signatures()[0]), "x -> a x");
  LifetimePlan plain(*plan, &atenRegistry());
  EXPECT_EQ(signature(plain.signatures()[0]), "x -> a");
}

TEST(PlanPipeline, VerifiesTheSeedAndRejectsTheDroppedAliasInput) {
  auto p = parseGraph(kSeed);
  DiagnosticEngine diag;
  PlanPipelineOptions o;
  auto ok = runPlanPipeline(p->graph(), &atenRegistry(), o, diag);
  ASSERT_TRUE(succeeded(ok)) << diag.renderAll();
  EXPECT_EQ((*ok)->wrapper.program.functions.size(), 3u); // partition_0, partition_2, call
  o.lifetimes.debugDropAliasInputs = true;
  DiagnosticEngine bad;
  EXPECT_TRUE(failed(runPlanPipeline(p->graph(), &atenRegistry(), o, bad)));
  EXPECT_NE(bad.renderAll().find("del of 'add', which is not in scope"), std::string::npos)
      << bad.renderAll();
}

} // namespace
