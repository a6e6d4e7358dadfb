#include "PassTestUtil.h"

#include "piecewise/transforms/DecomposeSize.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(DecomposeSize, GetItemsBecomeSymSizeOrLiterals) {
  auto m = parseGraph(graph("x: \"f32[s0, 64]\", s0: \"Sym(s0)\"", R"PY(        size = x.size()
        getitem = size[0]
        getitem_1 = size[1]
        getitem_2 = size[-2]
        mul = getitem * getitem_1
        view = torch.ops.aten.view.default(x, [getitem_2, getitem_1])
        return (mul, view)
)PY"));
  PipelineResult r = runPipeline(*m, "decompose-size");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(count(r.printed, ".size()"), 0u) << r.printed;
  EXPECT_EQ(count(r.printed, "torch.ops.aten.sym_size.int(x, 0)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "sym_size_int * 64"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "view.default(x, [sym_size_int, 64])"), 1u) << r.printed;
  Node* s = m->graph().lookup("sym_size_int");
  ASSERT_TRUE(s && s->meta().sym());
  EXPECT_EQ(s->meta().sym()->expr.str(), "s0");
  EXPECT_EQ(r.stats.get("decompose-size", "size queries decomposed"), 1);
  EXPECT_EQ(r.stats.get("decompose-size", "sym_size.int nodes created"), 1);
}

TEST(DecomposeSize, WholeSizeUsesGetTheDimsSpliced) {
  PipelineResult r = runOn(graph("x: \"f32[s0, 64]\", y: \"f32[s0, 64]\", s0: \"Sym(s0)\"",
                                 R"PY(        size = x.size()
        view = y.view(size)
        reshape = torch.ops.aten.reshape.default(y, size)
        tail = size[slice(1, None, None)]
        return (view, reshape, tail, size)
)PY"),
                           "decompose-size");
  // A Tensor method gets the dims as separate arguments, as vLLM splices them.
  EXPECT_EQ(count(r.printed, "y.view(sym_size_int, 64)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "reshape.default(y, [sym_size_int, 64])"), 1u) << r.printed;
  // size[1:] is a size itself: its dims, here the static 64.
  EXPECT_EQ(count(r.printed, "return (view, reshape, (64,), (sym_size_int, 64))"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "sym_size.int(x, 0)"), 1u) << r.printed;
}

TEST(DecomposeSize, AtenSymSizeAndSingleDims) {
  PipelineResult r = runOn(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
                                 R"PY(        sz = torch.ops.aten.sym_size.default(x)
        a = sz[1]
        b = x.size(0)
        c = x.size(dim = 1)
        d = torch.ops.aten.sym_size.int(x, 1)
        e = torch.ops.aten.sym_size.int(x, 0)
        return (a, b, c, d, e)
)PY"),
                           "decompose-size");
  // The whole query made a node for its symbolic dim 0 (unused: a reads dim 1).
  EXPECT_EQ(count(r.printed, "return (8, sym_size_int_1, 8, 8, e)"), 1u) << r.printed;
}

TEST(DecomposeSize, NodesGoRightAfterTheProducer) {
  PipelineResult r =
      runOn(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
                  R"PY(        r: "f32[s0, 8]" = torch.ops.aten.relu.default(x);  x = None
        t: "f32[s0, 8]" = torch.ops.aten.sin.default(r)
        size = r.size()
        a = size[0]
        v = torch.ops.aten.view.default(t, [a, 8])
        return (v,)
)PY"),
            "decompose-size");
  // After relu, before sin: the SymInt, not r, is what a later use needs.
  size_t relu = r.printed.find("relu.default"), sym = r.printed.find("sym_size.int(r, 0)"),
         sin = r.printed.find("sin.default");
  ASSERT_NE(sym, std::string::npos) << r.printed;
  EXPECT_TRUE(relu < sym && sym < sin) << r.printed;
}

TEST(DecomposeSize, SingleDimQueriesStayWhenTurnedOff) {
  auto m = parseGraph(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"", R"PY(        b = x.size(0)
        d = torch.ops.aten.sym_size.int(x, 1)
        return (b, d)
)PY"));
  DecomposeSizeOptions options;
  options.singleDimQueries = false;
  DecomposeSizePass pass(options);
  DiagnosticEngine diag;
  PassContext ctx(nullptr, diag);
  FailureOr<bool> changed = pass.run(m->graph(), ctx);
  ASSERT_TRUE(succeeded(changed));
  EXPECT_FALSE(*changed);
}

TEST(DecomposeSize, UnknownMetaIsLeftAlone) {
  PipelineResult r = runOn(graph("x", R"PY(        size = x.size()
        a = size[0]
        return (a,)
)PY"),
                           "decompose-size");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(DecomposeSize, StaticShapeFoldsEverything) {
  PipelineResult r = runOn(graph("x: \"f32[2, 3]\"", R"PY(        size = x.size()
        a = size[0]
        b = size[1]
        mul = a * b
        return (mul,)
)PY"),
                           "decompose-size");
  EXPECT_EQ(count(r.printed, "mul = 2 * 3"), 1u) << r.printed;
}

TEST(DecomposeSize, SlicesOfASizeAreSizes) {
  PipelineResult r = runOn(graph("x: \"f32[s0, s1, 8]\", s0: \"Sym(s0)\", s1: \"Sym(s1)\"",
                                 R"PY(        size = x.size()
        rev = size[slice(None, None, -1)]
        first = rev[0]
        tail = size[slice(-2, None, None)]
        t0 = tail[0]
        view = x.view(tail)
        return (first, t0, view)
)PY"),
                           "decompose-size");
  EXPECT_EQ(count(r.printed, ".size()"), 0u) << r.printed;
  EXPECT_EQ(count(r.printed, "[slice("), 0u) << r.printed;
  // rev[0] is dim 2 (static), tail[0] is dim 1 (symbolic).
  EXPECT_EQ(count(r.printed, "sym_size.int(x, 1)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "x.view(sym_size_int_1, 8)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "return (8, sym_size_int_1, view)"), 1u) << r.printed;
}
