//===- StorageLivenessTest.cpp - Storages, liveness and peak memory -------===//

#include "piecewise/analysis/PeakMemory.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string_view>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// Placeholders, then the other nodes but the output, in graph order.
std::vector<uint32_t> graphOrder(const NodeNumbering& num) {
  std::vector<uint32_t> order;
  for (uint32_t i = 0; i < num.size(); ++i)
    if (!num.node(i)->isOutput())
      order.push_back(i);
  return order;
}

TEST(StorageAnalysis, ViewsSplitsAndFreshMultiOutputs) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, 1)
        v: "f32[32]" = torch.ops.aten.view.default(a, [32])
        split = torch.ops.aten.split.Tensor(a, 2)
        g0: "f32[2, 8]" = split[0]
        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0)
        var: "f32[4]" = var_mean[0]
        mean: "f32[4]" = var_mean[1]
        y: "f32[4, 8]" = torch.ops.aten.mul_.Tensor(x, 2)
        o: "f32[4, 8]" = torch.ops.mylib.opaque.default(a)
        return (v, g0, var, mean, y, o)
)");
  NodeNumbering num(p->graph());
  StorageAnalysis s(num, &atenRegistry());
  auto numberOf = [&](std::string_view n) { return num.lookup(p->graph().lookup(n)); };
  auto st = [&](std::string_view n) { return s.storageOf(numberOf(n)); };
  EXPECT_EQ(st("v"), st("a"));
  EXPECT_EQ(st("split"), st("a"));
  EXPECT_EQ(st("g0"), st("a"));
  EXPECT_NE(st("a"), st("x"));
  EXPECT_NE(st("var"), st("mean"));
  EXPECT_NE(st("var"), st("x"));
  EXPECT_EQ(st("y"), st("x")); // mul_ returns its self: Tensor(a!)
  EXPECT_TRUE(s.writes(numberOf("y")));
  EXPECT_FALSE(s.writes(numberOf("v")));
  EXPECT_EQ(st("o"), st("a")); // no schema: may alias its input
  EXPECT_TRUE(s.writes(numberOf("o")));
}

TEST(StorageAnalysis, InPlaceMethodWritesForEveryConsumer) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        v: "f32[2, 2]" = torch.ops.aten.view.default(x, [2, 2])
        add_ = v.add_(1)
        s = y.size()
        return (add_, s)
)");
  NodeNumbering num(p->graph());
  StorageAnalysis s(num, &atenRegistry());
  const Graph& g = p->graph();
  EXPECT_EQ(s.storageOf(g.lookup("v")), s.storageOf(g.lookup("x")));
  EXPECT_TRUE(s.isWritten(g.lookup("x"))); // through the view
  EXPECT_FALSE(s.isWritten(g.lookup("y")));
  EXPECT_TRUE(s.writes(num.lookup(g.lookup("add_"))));
  EXPECT_TRUE(s.anyWrites());
  // A torch.Size holds no tensor memory: its own storage, not y's.
  EXPECT_NE(s.storageOf(g.lookup("s")), s.storageOf(g.lookup("y")));
  EXPECT_FALSE(s.isTensorLike(num.lookup(g.lookup("s"))));
}

TEST(StorageAnalysis, MultiOutputViewsAndFreshElements) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        u = torch.ops.aten.unbind.int(x)
        u0: "f32[8]" = u[0]
        u1: "f32[8]" = u[1]
        vm = torch.ops.aten.var_mean.correction(x, [1], correction = 0)
        var: "f32[4]" = vm[0]
        mean: "f32[4]" = vm[1]
        return (u0, u1, var, mean)
)");
  NodeNumbering num(p->graph());
  StorageAnalysis s(num, &atenRegistry());
  const Graph& g = p->graph();
  EXPECT_EQ(s.storageOf(g.lookup("u0")), s.storageOf(g.lookup("x")));
  EXPECT_EQ(s.storageOf(g.lookup("u1")), s.storageOf(g.lookup("x")));
  EXPECT_NE(s.storageOf(g.lookup("var")), s.storageOf(g.lookup("mean")));
  EXPECT_NE(s.storageOf(g.lookup("var")), s.storageOf(g.lookup("x")));
  EXPECT_FALSE(s.anyWrites());
}

TEST(Liveness, BaseLivesUntilItsLastViewUse) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[256]"):
        a: "f32[256]" = torch.ops.aten.relu.default(x)
        v: "f32[16, 16]" = torch.ops.aten.view.default(a, [16, 16])
        b: "f32[256]" = torch.ops.aten.sigmoid.default(x)
        s: "f32[16]" = torch.ops.aten.sum.dim_IntList(v, [0])
        c: "f32[256]" = torch.ops.aten.mul.Tensor(b, 2)
        return (s, c)
)");
  NodeNumbering num(p->graph());
  StorageAnalysis storages(num, &atenRegistry());
  Liveness lv(storages, graphOrder(num));
  auto at = [&](std::string_view n) { return num.lookup(p->graph().lookup(n)); };
  EXPECT_EQ(lv.endPosition(), 6u);
  EXPECT_EQ(lv.position(at("b")), 3u);
  EXPECT_EQ(lv.death(at("a")), 4u); // v's last use, not a's own
  EXPECT_EQ(lv.death(at("x")), 3u);
  EXPECT_EQ(lv.death(at("s")), lv.endPosition()); // a graph output never dies
  EXPECT_TRUE(lv.storageIsOutput(storages.storageOf(at("c"))));
  EXPECT_EQ(lv.position(num.lookup(p->graph().back())), Liveness::kNotRun);
  std::vector<uint32_t> dying;
  lv.forEachDyingAt(4, [&](uint32_t i) { dying.push_back(i); });
  EXPECT_EQ(dying, (std::vector<uint32_t>{at("a"), at("v")}));

  // Peak: a and v are one 1 KiB storage.
  PeakMemory peak = estimatePeakMemory(lv);
  EXPECT_EQ(peak.withFrees, 3072);
  EXPECT_EQ(peak.withoutFrees, 4160);
  EXPECT_EQ(peak.unknownSizes, 0u);
  MemoryProfile profile = memoryProfile(lv);
  EXPECT_EQ(profile.peak.withFrees, peak.withFrees);
  EXPECT_EQ(profile.peakPosition, 3u);
  EXPECT_EQ(profile.withFrees, (std::vector<int64_t>{1024, 2048, 2048, 3072, 2112, 2112}));
  EXPECT_EQ(profile.withoutFrees, (std::vector<int64_t>{1024, 2048, 2048, 3072, 3136, 4160}));
}

TEST(PeakMemory, UnknownSizesAndHugeTotals) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[s0]", y: "f32[2305843009213693951]", z: "f32[2305843009213693951]"):
        a: "f32[s0]" = torch.ops.aten.relu.default(x)
        b: "f32[2305843009213693951]" = torch.ops.aten.add.Tensor(y, z)
        return (a, b)
)");
  NodeNumbering num(p->graph());
  StorageAnalysis storages(num, &atenRegistry());
  Liveness lv(storages, graphOrder(num));
  PeakMemory peak = estimatePeakMemory(lv);
  EXPECT_EQ(peak.unknownSizes, 2u);
  // Three 8 EiB tensors overflow int64: the 128-bit total clamps, never wraps.
  EXPECT_EQ(peak.withFrees, INT64_MAX);
  EXPECT_EQ(peak.withoutFrees, INT64_MAX);
}

} // namespace
