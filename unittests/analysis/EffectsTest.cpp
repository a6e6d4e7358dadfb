//===- EffectsTest.cpp - The one effect model -----------------------------===//

#include "piecewise/analysis/Effects.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::vector<std::string> written(EffectAnalysis& e, const Node& n) {
  std::vector<std::string> out;
  e.forEachWritten(n, [&](const Node* w) { out.emplace_back(w->name().str()); });
  return out;
}

std::vector<std::string> aliased(EffectAnalysis& e, const Node& n) {
  std::vector<std::string> out;
  e.forEachAliased(n, [&](const Node* a) { out.emplace_back(a->name().str()); });
  return out;
}

using Names = std::vector<std::string>;

TEST(Effects, SchemaWritesAndViews) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        add_: "f32[4]" = torch.ops.aten.add_.Tensor(x, y)
        copy_: "f32[4]" = torch.ops.aten.copy_.default(src = x, self = y)
        v: "f32[2, 2]" = torch.ops.aten.view.default(x, [2, 2])
        m: "f32[4]" = torch.ops.aten.mul.Tensor(x, 2)
        return (add_, copy_, v, m)
)");
  EffectAnalysis e(&atenRegistry());
  const Graph& g = p->graph();
  const Node& add = *g.lookup("add_");
  EXPECT_EQ(written(e, add), Names{"x"});
  EXPECT_EQ(aliased(e, add), Names{"x"});
  EXPECT_FALSE(e.of(add).removable);
  EXPECT_TRUE(e.keepsOrder(add));
  // Keyword arguments are found through the schema (ArgumentResolution).
  EXPECT_EQ(written(e, *g.lookup("copy_")), Names{"y"});
  const Node& v = *g.lookup("v");
  EXPECT_EQ(aliased(e, v), Names{"x"});
  EXPECT_TRUE(e.of(v).removable);
  EXPECT_FALSE(e.mayWrite(v));
  const NodeEffects& m = e.of(*g.lookup("m"));
  EXPECT_TRUE(m.removable && m.cseCandidate && !m.keepsOrder);
  EXPECT_EQ(m.aliases, AliasKind::Fresh);
}

TEST(Effects, MethodsOperatorsAndOpaque) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", v: "f32[2]"):
        add_ = x.add_(1)
        s = x.sum()
        foo = x.frobnicate()
        x[slice(0, 2, None)] = v;  setitem = x
        o = torch.ops.mylib.opaque.default(x, v)
        m = self.sub(v)
        return (add_, s, foo, o, m)
)");
  EffectAnalysis e(&atenRegistry());
  const Graph& g = p->graph();
  EXPECT_EQ(written(e, *g.lookup("add_")), Names{"x"});
  EXPECT_TRUE(e.keepsOrder(*g.lookup("add_")));
  EXPECT_TRUE(e.of(*g.lookup("s")).removable);
  EXPECT_FALSE(e.mayWrite(*g.lookup("s")));
  EXPECT_TRUE(e.of(*g.lookup("foo")).opaque);
  EXPECT_EQ(written(e, *g.lookup("setitem")), Names{"x"}); // not v
  // Its value is x (`setitem = x`), never v: v is copied into x.
  EXPECT_EQ(aliased(e, *g.lookup("setitem")), Names{"x"});
  const NodeEffects& o = e.of(*g.lookup("o"));
  EXPECT_TRUE(o.opaque && o.keepsOrder && !o.removable && !o.cseCandidate);
  EXPECT_EQ(written(e, *g.lookup("o")), (Names{"x", "v"}));
  EXPECT_TRUE(e.of(*g.lookup("m")).opaque);
}

TEST(Effects, EmptyAllocationIsOneProperty) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a = torch.ops.aten.empty.memory_format([4])
        b = torch.ops.aten.empty_strided.default([4], [1])
        c = torch.ops.aten.new_empty.default(x, [4])
        d = torch.empty_like(x)
        e = x.new_empty([4])
        f = torch.ops.aten.zeros.default([4])
        g = x.empty_like()
        h = torch.ops.aten._empty_affine_quantized.default([4])
        i = torch.ops.aten.empty_permuted.default([4], [0])
        j = torch.ops.aten.empty.out([4], out = x)
        k = mylib.empty(x)
        return (a, b, c, d, e, f, g, h, i, j, k)
)py");
  for (const OpRegistry* registry : {&atenRegistry(), static_cast<const OpRegistry*>(nullptr)}) {
    EffectAnalysis e(registry);
    std::string got;
    for (const Node* n : p->graph())
      if (!n->isPlaceholder() && !n->isOutput())
        got += e.of(*n).emptyAllocation ? '1' : '0';
    // Without schemas `empty.out` is opaque: not known to write, still an allocation by name.
    EXPECT_EQ(got, registry ? "11111001100" : "11111001110");
    // An uninitialized allocation is never a CSE candidate.
    if (registry) {
      EXPECT_FALSE(e.of(*p->graph().lookup("a")).cseCandidate);
    }
  }
}

TEST(Effects, SizeKeepingWritesAreOneProperty) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 4]", y: "f32[4, 4]", i: "i64[2]"):
        a = torch.ops.aten.add_.Tensor(x, y)
        b = torch.ops.aten.t_.default(x)
        c = torch.ops.aten.resize_.default(x, [16])
        d = x.copy_(y)
        e = x.unsqueeze_(0)
        x[i] = 1.0
        f = operator.iadd(x, y)
        g = torch.relu_(x)
        h = torch.ops.aten.index_put_.default(x, [i], y)
        k = torch.ops.aten.relu.default(x)
        return (a, b, c, d, e, f, g, h, k)
)py");
  EffectAnalysis e(&atenRegistry());
  std::string got;
  for (const Node* n : p->graph())
    if (!n->isPlaceholder() && !n->isOutput())
      got += e.of(*n).keepsSizes ? '1' : '0';
  // add_, t_, resize_, copy_, unsqueeze_, setitem, iadd, relu_, index_put_, relu (writes nothing)
  EXPECT_EQ(got, "1001011110");
}

TEST(Effects, NoRegistryMakesEveryOpOpaque) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        m: "f32[4]" = torch.ops.aten.mul.Tensor(x, 2)
        return (m,)
)");
  EffectAnalysis e(nullptr);
  const NodeEffects& m = e.of(*p->graph().lookup("m"));
  EXPECT_TRUE(m.opaque);
  EXPECT_EQ(written(e, *p->graph().lookup("m")), Names{"x"});
}

TEST(Effects, RandomChecksAndAutoFunctionalized) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", w: "f32[4]"):
        r: "f32[4]" = torch.ops.aten.rand_like.default(x)
        e: "f32[4]" = torch.ops.aten.empty_like.default(x)
        a = torch.ops.aten._assert_async.msg(x, 'no')
        af = torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, result = e, input = x, weight = w, epsilon = 1e-05)
        c = torch.ops.higher_order.cond(x, w)
        vm = torch.ops.aten.var_mean.correction(x, [0], correction = 0)
        sp = torch.ops.aten.split.Tensor(x, 2)
        return (r, af, c, vm, sp)
)");
  EffectAnalysis e(&atenRegistry());
  const Graph& g = p->graph();
  const NodeEffects& r = e.of(*g.lookup("r"));
  EXPECT_TRUE(!r.removable && !r.cseCandidate && r.keepsOrder);
  const NodeEffects& em = e.of(*g.lookup("e"));
  EXPECT_TRUE(em.removable && !em.cseCandidate);
  EXPECT_TRUE(e.keepsOrder(*g.lookup("a")));
  EXPECT_FALSE(e.of(*g.lookup("a")).removable);
  const NodeEffects& af = e.of(*g.lookup("af"));
  EXPECT_TRUE(af.removable && af.freshElements && !af.keepsOrder && !af.opaque);
  EXPECT_FALSE(e.mayWrite(*g.lookup("af")));
  EXPECT_TRUE(e.of(*g.lookup("c")).opaque);
  EXPECT_TRUE(e.of(*g.lookup("vm")).freshElements);
  EXPECT_FALSE(e.of(*g.lookup("sp")).freshElements);
  EXPECT_EQ(aliased(e, *g.lookup("sp")), Names{"x"});
  EXPECT_TRUE(isAutoFunctionalized("higher_order::auto_functionalized_v2"));
  EXPECT_FALSE(isAutoFunctionalized("higher_order::cond"));
}

TEST(Effects, CallReadingNodesIsOpaque) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        m: "f32[4]" = torch.ops.aten.mul.Tensor(x, foo(x))
        n: "f32[4]" = torch.ops.aten.mul.Tensor(x, 2)
        return (m, n)
)");
  EffectAnalysis e(&atenRegistry());
  EXPECT_TRUE(e.of(*p->graph().lookup("m")).opaque);
  // The per-target cache does not leak the opaque answer to a plain call.
  EXPECT_FALSE(e.of(*p->graph().lookup("n")).opaque);
}

} // namespace

namespace {

std::vector<std::string> dataReads(EffectAnalysis& e, const Node& n) {
  std::vector<std::string> out;
  e.forEachDataRead(n, [&](const Node* r) { out.emplace_back(r->name().str()); });
  return out;
}

} // namespace

// Rule 7: the operands a node reads for their metadata only, in the three spellings
// (schemas, Tensor methods and torch functions, `builtins.getattr`).
TEST(Effects, MetadataOnlyReads) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", y: "f32[4, 8]"):
        e: "f32[4, 8]" = torch.ops.aten.empty_like.default(x)
        f: "f32[4, 8]" = torch.ops.aten.full_like.default(x, 2.0)
        n: "f32[4, 8]" = torch.ops.aten.new_zeros.default(x, [4, 8])
        s: "Sym(4)" = torch.ops.aten.sym_size.int(x, 0)
        same = torch.ops.aten.is_same_size.default(x, y)
        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        size = x.size()
        nm: "f32[4, 8]" = x.new_ones([4, 8])
        both: "f32[4, 8]" = x.new_zeros(x)
        el: "f32[4, 8]" = torch.empty_like(x)
        rl: "f32[4, 8]" = torch.rand_like(x)
        shape = x.shape
        dtype = x.dtype
        tt: "f32[8, 4]" = x.T
        return (e, f, n, s, same, a, size, nm, both, el, rl, shape, dtype, tt)
)py");
  EffectAnalysis e(&atenRegistry());
  const Graph& g = p->graph();
  for (const char* name :
       {"e", "f", "n", "s", "same", "size", "nm", "el", "rl", "shape", "dtype"}) {
    const Node& n = *g.lookup(name);
    EXPECT_EQ(dataReads(e, n), Names{}) << name;
    EXPECT_FALSE(e.readsDataOf(n, *g.lookup("x"))) << name;
    EXPECT_NE(e.of(n).metadataReads, MetadataReadKind::None) << name;
    // A size, a flag or a new tensor: never an alias of what it reads.
    EXPECT_EQ(aliased(e, n), Names{}) << name;
    EXPECT_FALSE(e.of(n).opaque) << name;
  }
  EXPECT_EQ(dataReads(e, *g.lookup("a")), (Names{"x", "y"}));
  // The same tensor in a metadata-only argument and in another one: its data is read.
  EXPECT_EQ(dataReads(e, *g.lookup("both")), Names{"x"});
  EXPECT_TRUE(e.readsDataOf(*g.lookup("both"), *g.lookup("x")));
  // `x.T` is a view, not metadata.
  EXPECT_EQ(dataReads(e, *g.lookup("tt")), Names{"x"});
  EXPECT_EQ(aliased(e, *g.lookup("tt")), Names{"x"});
  // Random "like" allocations keep their order; the others are removable.
  EXPECT_TRUE(e.keepsOrder(*g.lookup("rl")));
  EXPECT_TRUE(e.of(*g.lookup("el")).removable && e.of(*g.lookup("el")).emptyAllocation);
}

TEST(Effects, OutArgumentsFreshElementsAndNativeBindings) {
  auto p = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]", buf: "f32[4, 8]"):
        mm: "f32[4, 8]" = torch.ops.aten.mm.out(x, w, out = buf)
        add_: "f32[4, 8]" = torch.ops.aten.add_.Tensor(x, 1)
        vm = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)
        v: "f32[4, 1]" = vm[0]
        sdpa: "f32[4, 8]" = torch._C._nn.scaled_dot_product_attention(x, x, x)
        other: "f32[4, 8]" = torch._C._nn.not_an_op(x)
        return (mm, add_, v, sdpa, other)
)");
  EffectAnalysis e(&atenRegistry());
  const Graph& g = p->graph();
  EXPECT_TRUE(e.of(*g.lookup("mm")).writesOutArgument);
  EXPECT_FALSE(e.of(*g.lookup("add_")).writesOutArgument);
  EXPECT_TRUE(e.isFreshElement(*g.lookup("v")));
  EXPECT_TRUE(e.isFreshNativeBinding(*g.lookup("sdpa")));
  EXPECT_FALSE(e.isFreshNativeBinding(*g.lookup("other")));
}
