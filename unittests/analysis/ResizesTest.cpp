//===- ResizesTest.cpp - Whose sizes a node may change (Effects rule 7) ---===//
//
// EffectAnalysis::forEachResized, the rule decompose-size asks before it reads
// a size from a tensor's meta: a write that keeps sizes resizes nothing; an
// opaque torch callable or Tensor method goes by its name (in place when it
// ends in `_`, plus `out=`); anything else opaque resizes every input.
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/Effects.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string>

using namespace piecewise;
using namespace piecewise::testing;

TEST(Resizes, WritesKeepingSizesAndTheNamingConvention) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 4]", y: "f32[4, 4]", o: "f32[4, 4]"):
        a = torch.ops.aten.add_.Tensor(x, y)
        b = torch.ops.aten.t_.default(x)
        c = x.unsqueeze_(0)
        d = torch.nn.functional.gelu(x)
        e = torch.relu_(x)
        f = torch.special.something_(x, y)
        g = torch.add(x, y, out = o)
        h = operator.and_(x, y)
        i = mylib.normalize(x, y)
        j = self.sub(x, y)
        k = x.mystery(y)
        l = torch.ops.mylib.opaque.default(x, y)
        return (a, b, c, d, e, f, g, h, i, j, k, l)
)py");
  EffectAnalysis e(&atenRegistry());
  std::string got;
  for (const Node* n : p->graph()) {
    if (n->isPlaceholder() || n->isOutput())
      continue;
    std::string names;
    e.forEachResized(*n, [&](const Node* r) { names += r->name().str(); });
    got += std::string(n->name().str()) + ":" + names + " ";
  }
  EXPECT_EQ(got, "a: "     // add_ writes x but keeps its sizes
                 "b:x "    // t_ (schema write)
                 "c:x "    // an in-place method
                 "d: "     // opaque to the value model, but not in place by name
                 "e: "     // relu_: in place, keeps sizes
                 "f:x "    // an unknown in-place torch function: its first argument
                 "g:o "    // out=
                 "h: "     // operator.and_ is pure (its `_` is no in-place suffix)
                 "i:xy "   // a callable outside torch: every input
                 "j:xy "   // a module: every input
                 "k: "     // an unknown out-of-place method
                 "l:xy "); // an op without a schema: every input
}
