//===- CudagraphPartitionerTest.cpp - Cutting around uncapturable work ----===//

#include "piecewise/partition/CudagraphPartitioner.h"

#include "../TestUtil.h"
#include "PlanDescription.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string partition(ParsedModule& p, const CudagraphPartitionOptions& options = {},
                      CudagraphPartitionStats* stats = nullptr) {
  if (!p.module)
    return "<no module>";
  DiagnosticEngine diag;
  FailureOr<PartitionPlan> plan =
      partitionForCudagraphs(p.graph(), &atenRegistry(), options, diag, stats);
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  if (failed(plan))
    return "<failed>";
  return describe(*plan);
}

/// The reason of each call node, `name=reason` or `name=-`, in graph order.
std::string reasons(ParsedModule& p, const CudagraphPartitionOptions& options = {}) {
  std::string s;
  if (!p.module)
    return "<no module>";
  CudagraphSafety safety(p.graph(), options);
  for (const Node* n : p.graph()) {
    if (n->isPlaceholder() || n->isOutput())
      continue;
    if (!s.empty())
      s += '\n';
    std::optional<std::string> r = safety.unsafeReason(*n);
    s += std::string(n->name().str()) + '=' + (r ? *r : std::string("-"));
  }
  return s;
}

} // namespace

TEST(CudagraphPartitioner, AllCapturableGivesOneCompiledPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0", w: "f32[8, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.mm.default(a, w)
        return (b,)
)py");
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, {}, &stats), "0:C[a,b](x,w)->(b)");
  EXPECT_EQ(stats.mainDevice, "cuda:0");
  EXPECT_FALSE(stats.reorderRequested);
  EXPECT_FALSE(stats.reordered);
  EXPECT_EQ(stats.piecesBeforeReorder, 1u);
  EXPECT_EQ(stats.peakBytesOriginal, 0);
}

TEST(CudagraphPartitioner, MainDeviceIsTheMostUsedAccelerator) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:1", y: "f32[4][1]cuda:0"):
        a: "f32[4][1]cuda:1" = torch.ops.aten.relu.default(x)
        b: "f32[4][1]cuda:1" = torch.ops.aten.sin.default(a)
        c: "f32[4][1]cpu" = torch.ops.aten.cos.default(y)
        return (b, c)
)py");
  ASSERT_TRUE(p->module);
  CudagraphPartitionOptions options;
  EXPECT_EQ(CudagraphSafety(p->graph(), options).mainDevice(), "cuda:1");
  CudagraphPartitionStats stats;
  partition(*p, options, &stats);
  EXPECT_EQ(stats.mainDevice, "cuda:1");
}

TEST(CudagraphPartitioner, AtenCopiesBetweenDevicesAreUnsafeButUploadsAreNot) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0", h: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        u: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(h, device = device(type='cuda', index=0))
        k: "f32[4, 8][8, 1]cpu" = torch.ops.aten.copy_.default(h, a)
        l: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.copy_.default(a, h)
        s: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(a, dtype = torch.float16)
        return (c, u, k, l, s)
)py");
  EXPECT_EQ(reasons(*p), "a=-\n"
                         "c=device copy: aten::_to_copy.default from cuda:0 to cpu\n"
                         "u=-\n"
                         "k=device copy: aten::copy_.default from cuda:0 to cpu\n"
                         "l=-\n"
                         "s=-");
}

TEST(CudagraphPartitioner, DeviceCopyMethodsAreUnsafeButUploadsAreNot) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4, 8][8, 1]cpu" = a.cpu()
        t: "f32[4, 8][8, 1]cpu" = a.to('cpu')
        u: "f32[4, 8][8, 1]cuda:0" = c.cuda()
        v: "f32[4, 8][8, 1]cuda:0" = c.to('cuda:0')
        w: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(u, v)
        return (w, t)
)py");
  EXPECT_EQ(reasons(*p), "a=-\n"
                         "c=device copy: .cpu() of 'a'\n"
                         "t=device copy: .to(device)\n"
                         "u=-\n"
                         "v=-\n"
                         "w=-");
  // The uploads start the captured partition after the CPU region.
  EXPECT_EQ(partition(*p), "0:C[a](x)->(a) 1:U{device copy: .cpu() of 'a'}[c,t](a)->(c,t) "
                           "2:C[u,v,w](c)->(w)");
}

TEST(CudagraphPartitioner, CpuWorkInAnAcceleratorGraphExceptZeroDimScalars) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", h: "f32[4][1]cpu", s: "f32[][]cpu"):
        a: "f32[4][1]cuda:0" = torch.ops.aten.mul.Tensor(x, s)
        b: "f32[4][1]cpu" = torch.ops.aten.relu.default(h)
        m: "f32[][]cpu" = torch.ops.aten.sum.default(h)
        t: "f32[][]cpu" = torch.ops.aten.neg.default(s)
        c: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(a, m)
        return (b, c, t)
)py");
  EXPECT_EQ(reasons(*p), "a=-\n"
                         "b=cpu tensor: value on cpu\n"
                         "m=cpu tensor: input on cpu\n"
                         "t=-\n"
                         "c=-");
  EXPECT_EQ(partition(*p), "0:C[a](x,s)->(a) 1:U{cpu tensor: value on cpu}[b,m](h)->(b,m) "
                           "2:C[t,c](s,a,m)->(t,c)");
}

TEST(CudagraphPartitioner, CpuWorkInACpuGraphIsNoReason) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, h: "f32[4][1]cpu"):
        b: "f32[4][1]cpu" = torch.ops.aten.relu.default(h)
        c: "f32[4][1]cpu" = torch.ops.aten.sin.default(b)
        return (c,)
)py");
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, {}, &stats), "0:C[b,c](h)->(c)");
  EXPECT_EQ(stats.mainDevice, "");
}

TEST(CudagraphPartitioner, DataDependentOutputs) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", n: "f32[][]cuda:0"):
        nz: "i64[u0, 1][1, 1]cuda:0" = torch.ops.aten.nonzero.default(x)
        d = torch.ops.aten._local_scalar_dense.default(n)
        i = n.item()
        r: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        e: "i64[u0, 1][1, 1]cuda:0" = torch.ops.aten.neg.default(nz)
        return (nz, d, i, r, e)
)py");
  EXPECT_EQ(reasons(*p), "nz=data-dependent output: aten::nonzero.default\n"
                         "d=data-dependent output: aten::_local_scalar_dense.default\n"
                         "i=data-dependent output: .item()\n"
                         "r=-\n"
                         "e=data-dependent output: meta mentions an unbacked symbol");
}

TEST(CudagraphPartitioner, NamedUnsafeOpsMatchLikeSplittingOps) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", h: "f32[4][1]cpu"):
        a: "f32[4][1]cuda:0" = torch.ops.aten.sin.default(x)
        b: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(a, 1)
        c: "f32[4][1]cuda:0" = torch.ops.aten.add.Scalar(b, 1)
        u: "f32[4][1]cuda:0" = torch.ops.aten._to_copy.default(h, device = device(type='cuda', index=0))
        return (c, u)
)py");
  CudagraphPartitionOptions options;
  options.unsafeOps = {"aten::sin", "aten.add.Scalar", "aten::_to_copy"};
  EXPECT_EQ(reasons(*p, options), "a=unsafe op aten::sin.default (matches 'aten::sin')\n"
                                  "b=-\n"
                                  "c=unsafe op aten::add.Scalar (matches 'aten.add.Scalar')\n"
                                  // A named upload is no longer exempt.
                                  "u=device copy: aten::_to_copy.default from cpu to cuda:0");
  EXPECT_EQ(partition(*p, options),
            "0:U{unsafe op aten::sin.default (matches 'aten::sin')}[a](x)->(a) 1:C[b](a)->(b) "
            "2:U{unsafe op aten::add.Scalar (matches 'aten.add.Scalar')}[c,u](b,h)->(c,u)");
}

TEST(CudagraphPartitioner, SkipDynamicShapesMakesSymbolicNodesUnsafe) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cuda:0", s0: "Sym(s0)", w: "f32[8, 8][8, 1]cuda:0"):
        a: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        v: "f32[8, 8][8, 1]cuda:0" = torch.ops.aten.sin.default(w)
        b: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.mm.default(a, v)
        return (b,)
)py");
  // The symbol is an input like any other.
  EXPECT_EQ(partition(*p), "0:C[a,v,b](x,s0,w)->(b)");
  CudagraphPartitionOptions options;
  options.skipDynamicShapes = true;
  EXPECT_EQ(reasons(*p, options), "a=dynamic shape\nv=-\nb=dynamic shape");
  EXPECT_EQ(partition(*p, options), "0:U{dynamic shape}[a](x,s0)->(a) 1:C[v](w)->(v) "
                                    "2:U{dynamic shape}[b](a,s0,v)->(b)");
}

TEST(CudagraphPartitioner, GetItemsGoWithTheirProducer) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        vm = torch.ops.aten.var_mean.correction(a, [1])
        g0: "f32[4][1]cuda:0" = vm[0]
        g1: "f32[4][1]cuda:0" = vm[1]
        b: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(g0, g1)
        return (b,)
)py");
  CudagraphPartitionOptions options;
  options.unsafeOps = {"aten::var_mean"};
  EXPECT_EQ(partition(*p, options),
            "0:C[a](x)->(a) "
            "1:U{unsafe op aten::var_mean.correction (matches 'aten::var_mean')}[vm,g0,g1](a)->"
            "(g0,g1) 2:C[b](g0,g1)->(b)");
}

// A getitem unpacking a tuple runs right after its producer, even after a node
// of the other class: the tuple `vm` never crosses a boundary (found by this
// test: g1 used to start an unsafe piece of its own with an empty reason).
TEST(CudagraphPartitioner, LateGetItemJoinsItsProducersPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        vm = torch.ops.aten.var_mean.correction(x, [1])
        g0: "f32[4][1]cuda:0" = vm[0]
        r: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        g1: "f32[4][1]cuda:0" = vm[1]
        b: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(g0, g1)
        return (b, r)
)py");
  CudagraphPartitionOptions options;
  options.unsafeOps = {"aten::var_mean"};
  EXPECT_EQ(partition(*p, options),
            "0:U{unsafe op aten::var_mean.correction (matches 'aten::var_mean')}[vm,g0,g1](x)->"
            "(g0,g1) 1:C[r,b](x,g0,g1)->(r,b)");
}

TEST(CudagraphPartitioner, MaximalRunsFormPiecesWithTheFirstNodesReason) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0"):
        c: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        d: "f32[4][1]cpu" = torch.ops.aten.relu.default(c)
        a: "f32[4][1]cuda:0" = torch.ops.aten.sin.default(x)
        b: "f32[4][1]cuda:0" = torch.ops.aten.cos.default(a)
        e: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(d, 1)
        return (b, e)
)py");
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, {}, &stats),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c,d](x)->(d) "
            "1:C[a,b](x)->(b) 2:U{cpu tensor: value on cpu}[e](d)->(e)");
  EXPECT_EQ(stats.piecesBeforeReorder, 3u);
}

namespace {

/// U C U C in graph order: the CPU copies can be grouped.
constexpr const char* kInterleaved = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0"):
        c1: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        a: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        c2: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        b: "f32[4][1]cuda:0" = torch.ops.aten.sin.default(a)
        return (b, c2)
)py";

} // namespace

TEST(CudagraphPartitioner, ReorderGroupsRunsAndReportsStats) {
  auto p = parseGraph(kInterleaved);
  CudagraphPartitionOptions options;
  options.reorder = true;
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, options, &stats),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c1,c2](x)->(c2) "
            "1:C[a,b](x)->(b)");
  EXPECT_TRUE(stats.reorderRequested);
  EXPECT_TRUE(stats.reordered);
  EXPECT_EQ(stats.piecesBeforeReorder, 4u);
  EXPECT_GT(stats.peakBytesOriginal, 0);
  EXPECT_LE(stats.peakBytesReordered, stats.peakBytesOriginal);
  // Without reorder: the graph order's four runs.
  EXPECT_EQ(partition(*p),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c1](x)->(c1) "
            "1:C[a](x)->(a) 2:U{cpu tensor: value on cpu}[c2](c1)->(c2) 3:C[b](a)->(b)");
}

TEST(CudagraphPartitioner, ReorderKeepsDataDependencies) {
  // A chain C -> U -> C -> U: no schedule has fewer runs.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0"):
        a: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        b: "f32[4][1]cuda:0" = torch.ops.aten.sin.default(x)
        d: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        u: "f32[4][1]cuda:0" = torch.ops.aten._to_copy.default(d, device = device(type='cuda', index=0))
        e: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(u, b)
        return (e,)
)py");
  CudagraphPartitionOptions options;
  options.reorder = true;
  CudagraphPartitionStats stats;
  // b moves before the copy; d stays after c, u after d.
  EXPECT_EQ(partition(*p, options, &stats),
            "0:C[a,b](x)->(a,b) "
            "1:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c,d](a)->(d) "
            "2:C[u,e](d,b)->(e)");
  EXPECT_EQ(stats.piecesBeforeReorder, 5u);
  EXPECT_TRUE(stats.reordered);
}

TEST(CudagraphPartitioner, ReorderKeepsOrderKeepingNodesInPlace) {
  // add_ writes y (`(a!)`): c1 stays before it, c2 and b after it.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", y: "f32[4][1]cuda:0"):
        c1: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        m: "f32[4][1]cuda:0" = torch.ops.aten.add_.Tensor(y, 1)
        c2: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        b: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        return (b, c2, m)
)py");
  CudagraphPartitionOptions options;
  options.reorder = true;
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, options, &stats),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c1](x)->(c1) "
            "1:C[m,b](y,x)->(m,b) 2:U{cpu tensor: value on cpu}[c2](c1)->(c2)");
  EXPECT_EQ(stats.piecesBeforeReorder, 4u);
  EXPECT_TRUE(stats.reordered);

  // A random op keeps its order the same way; a pure op in its place does not.
  auto r = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", y: "f32[4][1]cuda:0"):
        c1: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        m: "f32[4][1]cuda:0" = torch.ops.aten.bernoulli.default(y)
        c2: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        b: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        return (b, c2, m)
)py");
  EXPECT_EQ(partition(*r, options),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c1](x)->(c1) "
            "1:C[m,b](y,x)->(m,b) 2:U{cpu tensor: value on cpu}[c2](c1)->(c2)");
  auto q = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cuda:0", y: "f32[4][1]cuda:0"):
        c1: "f32[4][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        m: "f32[4][1]cuda:0" = torch.ops.aten.add.Tensor(y, 1)
        c2: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        b: "f32[4][1]cuda:0" = torch.ops.aten.relu.default(x)
        return (b, c2, m)
)py");
  EXPECT_EQ(partition(*q, options),
            "0:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[c1,c2](x)->(c2) "
            "1:C[m,b](y,x)->(m,b)");
}

namespace {

/// Grouping the captured nodes first keeps both 256 KiB results alive at once
/// (x stays alive: it is an output).
constexpr const char* kPeakGrows = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[256, 256][256, 1]cuda:0"):
        a: "f32[256, 256][256, 1]cuda:0" = torch.ops.aten.relu.default(x)
        ca: "f32[256, 256][256, 1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        sa: "f32[][]cpu" = torch.ops.aten.sum.default(ca)
        b: "f32[256, 256][256, 1]cuda:0" = torch.ops.aten.sin.default(x)
        cb: "f32[256, 256][256, 1]cpu" = torch.ops.aten._to_copy.default(b, device = device(type='cpu'))
        sb: "f32[][]cpu" = torch.ops.aten.sum.default(cb)
        return (sa, sb, x)
)py";

} // namespace

TEST(CudagraphPartitioner, ReorderIsRefusedWhenThePeakGrowsPastTheLimit) {
  auto p = parseGraph(kPeakGrows);
  CudagraphPartitionOptions options;
  options.reorder = true;
  CudagraphPartitionStats stats;
  EXPECT_EQ(partition(*p, options, &stats),
            "0:C[a](x)->(a) "
            "1:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[ca,sa](a)->(sa) "
            "2:C[b](x)->(b) "
            "3:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[cb,sb](b)->(sb)");
  EXPECT_TRUE(stats.reorderRequested);
  EXPECT_FALSE(stats.reordered);
  EXPECT_EQ(stats.piecesBeforeReorder, 4u);
  EXPECT_EQ(stats.peakBytesOriginal, 3 * 262144 + 4);
  EXPECT_EQ(stats.peakBytesReordered, 4 * 262144);

  // A looser limit accepts the same schedule.
  options.reorderMemoryLimit = 1.5;
  EXPECT_EQ(partition(*p, options, &stats),
            "0:C[a,b](x)->(a,b) "
            "1:U{device copy: aten::_to_copy.default from cuda:0 to cpu}[ca,sa,cb,sb](a,b)->"
            "(sa,sb)");
  EXPECT_TRUE(stats.reordered);
}
