//===- CaptureHazardsTest.cpp - What a CUDA graph capture cannot contain --===//

#include "piecewise/analysis/CaptureHazards.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// "kind" or "kind?" (not certain) or "kind^" (inherited) or "" for node `name`.
std::string hazardOf(const CaptureHazards& h, const Graph& g, const char* name) {
  std::optional<CaptureHazard> found = h.of(*g.lookup(name));
  if (!found)
    return "";
  return std::string(captureHazardKindName(found->kind)) + (found->certain ? "" : "?") +
         (found->inherited ? "^" : "");
}

} // namespace

TEST(CaptureHazards, HostSyncsAndDataDependentSizes) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]cuda:0", counts: "i64[8]cuda:0", k: "f32[]cpu", k2: "f32[]", v: "f32[8, 4]cuda:0"):
        s: "f32[]cuda:0" = torch.ops.aten.sum.default(x)
        item: "Sym(zuf0)" = torch.ops.aten._local_scalar_dense.default(s)
        mask: "b8[8, 4]cuda:0" = torch.ops.aten.gt.Scalar(x, 0)
        nz: "i64[u0, 2]cuda:0" = torch.ops.aten.nonzero.default(mask)
        nzs: "i64[4, 2]cuda:0" = torch.ops.aten.nonzero_static.default(mask, size = 4)
        twice: "i64[u0, 2]cuda:0" = torch.ops.aten.mul.Tensor(nz, 2)
        bi: "f32[u1]cuda:0" = torch.ops.aten.index.Tensor(x, [mask])
        ii: "f32[8, 4]cuda:0" = torch.ops.aten.index.Tensor(x, [counts])
        ip: "f32[8, 4]cuda:0" = torch.ops.aten.index_put.default(x, [mask], s)
        ipc: "f32[8, 4]cuda:0" = torch.ops.aten.index_put.default(x, [mask], k)
        ipu: "f32[8, 4]cuda:0" = torch.ops.aten.index_put.default(x, [mask], k2)
        ipv: "f32[8, 4]cuda:0" = torch.ops.aten.index_put_.default(x, [mask], v)
        ri: "i64[u2]cuda:0" = torch.ops.aten.repeat_interleave.Tensor(counts)
        ro: "i64[32]cuda:0" = torch.ops.aten.repeat_interleave.Tensor(counts, output_size = 32)
        w = torch.ops.aten.where.default(mask)
        ws: "f32[8, 4]cuda:0" = torch.ops.aten.where.self(mask, x, x)
        custom: "f32[u3]cuda:0" = torch.ops.mylib.select.default(x)
        l = x.tolist()
        m: "f32[u4]cuda:0" = x[mask]
        x[mask] = 0.0
        x[mask] = v
        u = torch.unique(x)
        rm: "f32[u5]cuda:0" = x.repeat_interleave(counts, dim = 0)
        rf: "f32[16, 4]cuda:0" = torch.repeat_interleave(x, 2, dim = 0)
        return (item, nz, nzs, twice, bi, ii, ip, ipc, ipu, ipv, ri, ro, w, ws, custom, l, m, u, rm, rf)
)py");
  CaptureHazards h(p->graph(), &atenRegistry());
  const Graph& g = p->graph();
  EXPECT_EQ(h.mainDevice(), "cuda:0");
  EXPECT_EQ(hazardOf(h, g, "s"), "");
  EXPECT_EQ(hazardOf(h, g, "item"), "host-sync");
  EXPECT_EQ(hazardOf(h, g, "nz"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "nzs"), ""); // a static size
  EXPECT_EQ(hazardOf(h, g, "twice"), "data-dependent-shape^");
  EXPECT_EQ(hazardOf(h, g, "bi"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "ii"), "");
  // A masked write: a sync, unless torch runs it as masked_fill_ (a one-element value on
  // the host, a Python number); a one-element value of unknown device: maybe.
  EXPECT_EQ(hazardOf(h, g, "ip"), "host-sync");
  EXPECT_EQ(hazardOf(h, g, "ipc"), "");
  EXPECT_EQ(hazardOf(h, g, "ipu"), "host-sync?");
  EXPECT_EQ(hazardOf(h, g, "ipv"), "host-sync");
  EXPECT_EQ(hazardOf(h, g, "ri"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "ro"), "");
  EXPECT_EQ(hazardOf(h, g, "w"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "ws"), "");
  EXPECT_EQ(hazardOf(h, g, "custom"), "data-dependent-shape"); // introduces u3
  EXPECT_EQ(hazardOf(h, g, "l"), "host-sync");
  EXPECT_EQ(hazardOf(h, g, "m"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "setitem"), "");
  EXPECT_EQ(hazardOf(h, g, "setitem_1"), "host-sync");
  EXPECT_EQ(hazardOf(h, g, "u"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "rm"), "data-dependent-shape");
  EXPECT_EQ(hazardOf(h, g, "rf"), "");
}

TEST(CaptureHazards, CopiesBetweenDevices) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]cuda:0", h: "f32[8, 4]cpu", y):
        d2h: "f32[8, 4]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        d2h_kw = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        h2d: "f32[8, 4]cuda:0" = torch.ops.aten._to_copy.default(h, device = device(type='cuda', index=0))
        cp: "f32[8, 4]cpu" = torch.ops.aten.copy_.default(h, x)
        c = x.cpu()
        c2 = h.cpu()
        cu = y.cpu()
        t = x.to(device(type='cpu'))
        t2 = x.to(torch.float16)
        n = x.numpy()
        up = h.cuda()
        return (d2h, d2h_kw, h2d, cp, c, c2, cu, t, t2, n, up)
)");
  CaptureHazards h(p->graph(), &atenRegistry());
  const Graph& g = p->graph();
  EXPECT_EQ(hazardOf(h, g, "d2h"), "device-to-host");
  EXPECT_EQ(hazardOf(h, g, "d2h_kw"), "device-to-host"); // no meta: the device argument
  EXPECT_EQ(hazardOf(h, g, "h2d"), "upload");
  EXPECT_EQ(hazardOf(h, g, "cp"), "device-to-host");
  EXPECT_EQ(hazardOf(h, g, "c"), "device-to-host");
  EXPECT_EQ(hazardOf(h, g, "c2"), "device-copy");     // already on the host
  EXPECT_EQ(hazardOf(h, g, "cu"), "device-to-host?"); // unknown device, graph on cuda:0
  EXPECT_EQ(hazardOf(h, g, "t"), "device-to-host");
  EXPECT_EQ(hazardOf(h, g, "t2"), "");
  EXPECT_EQ(hazardOf(h, g, "n"), "device-to-host");
  EXPECT_EQ(hazardOf(h, g, "up"), "upload");
}

TEST(CaptureHazards, NoDeviceInACpuGraph) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]", y):
        c = y.cpu()
        d: "f32[8, 4]" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        return (c, d)
)");
  CaptureHazards h(p->graph(), &atenRegistry());
  EXPECT_EQ(h.mainDevice(), "");
  EXPECT_EQ(hazardOf(h, p->graph(), "c"), "device-copy");
  EXPECT_EQ(hazardOf(h, p->graph(), "d"), "");
}
