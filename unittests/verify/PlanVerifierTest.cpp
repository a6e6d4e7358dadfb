//===- PlanVerifierTest.cpp - The lifetime verifier and the wrapper text ---===//

#include "piecewise/verify/PlanVerifier.h"
#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/text/Parser.h"

#include <gtest/gtest.h>

using namespace piecewise;

namespace {

using K = ScopeStmt::Kind;

/// A statement before it is put into a program's pool.
struct Stmt {
  K kind;
  std::vector<uint32_t> uses;
  std::vector<uint32_t> defs;
  int32_t callee = -1;
  bool handOver = false;
};

Stmt stmt(K kind, std::vector<uint32_t> uses, std::vector<uint32_t> defs = {}, int32_t callee = -1,
          bool handOver = false) {
  return {kind, std::move(uses), std::move(defs), callee, handOver};
}

/// Values: 0 x, 1 y, 2 z (y and z share storage 1), 3 out (its storage reaches the output).
ScopeProgram program(const std::vector<Stmt>& partition, const std::vector<Stmt>& call) {
  ScopeProgram p;
  p.names = {"x", "y", "z", "out"};
  p.storage = {0, 1, 1, 2};
  p.storageIsOutput = {false, false, true};
  p.functions.resize(2);
  p.functions[0].name = "partition_0";
  p.functions[1].name = "call";
  for (size_t f = 0; f < 2; ++f) {
    for (const Stmt& s : f == 0 ? partition : call) {
      ScopeStmt& added = p.append(p.functions[f], s.kind, s.uses, s.defs);
      added.callee = s.callee;
      added.handOver = s.handOver;
    }
  }
  p.entry = 1;
  return p;
}

std::string verify(const ScopeProgram& p) {
  DiagnosticEngine diag;
  if (succeeded(verifyScopeProgram(p, diag)))
    return "ok";
  return diag.renderAll();
}

bool mentions(const std::string& s, std::string_view what) {
  return s.find(what) != std::string::npos;
}

std::vector<Stmt> goodPartition() {
  return {stmt(K::Params, {}, {0}),   stmt(K::Compute, {0}, {1}), stmt(K::Del, {0}),
          stmt(K::Compute, {1}, {2}), stmt(K::Compute, {2}, {3}), stmt(K::Del, {1, 2}),
          stmt(K::Return, {3})};
}

std::vector<Stmt> goodCall() {
  return {stmt(K::Params, {}, {0}), stmt(K::Del, {0}, {}, 0, true), stmt(K::Call, {0}, {3}, 0),
          stmt(K::Return, {3})};
}

TEST(PlanVerifier, AcceptsAWellScopedProgram) {
  EXPECT_EQ(verify(program(goodPartition(), goodCall())), "ok");
}

TEST(PlanVerifier, DelOfANameNotInScope) {
  auto part = goodPartition();
  part.insert(part.begin() + 1, stmt(K::Del, {1}));
  std::string r = verify(program(part, goodCall()));
  EXPECT_TRUE(mentions(r, "in partition_0: del of 'y', which is not in scope")) << r;
}

TEST(PlanVerifier, UseAfterDel) {
  auto part = goodPartition();
  part[2] = stmt(K::Del, {0});
  part.insert(part.begin() + 3, stmt(K::Compute, {0}, {2}));
  std::string r = verify(program(part, goodCall()));
  EXPECT_TRUE(mentions(r, "use of 'x' after del")) << r;
}

TEST(PlanVerifier, UndefinedPartitionOutput) {
  auto part = goodPartition();
  part.back() = stmt(K::Return, {3, 2});
  std::string r = verify(program(part, goodCall()));
  EXPECT_TRUE(mentions(r, "returns 'z', which is deleted")) << r;
}

TEST(PlanVerifier, AliasOutlivingItsBasesFree) {
  // Free y (storage 1) while its alias z is still used.
  std::vector<Stmt> part = {stmt(K::Params, {}, {0}), stmt(K::Compute, {0}, {1}),
                            stmt(K::Del, {0}),        stmt(K::Compute, {1}, {2}),
                            stmt(K::Del, {1}),        stmt(K::Compute, {2}, {3}),
                            stmt(K::Del, {2}),        stmt(K::Return, {3})};
  std::string r = verify(program(part, goodCall()));
  EXPECT_TRUE(mentions(r, "'z' outlives the free of its storage")) << r;
}

TEST(PlanVerifier, BufferNeverFreed) {
  auto part = goodPartition();
  part[5] = stmt(K::Del, {2}); // y is never freed nor returned
  std::string r = verify(program(part, goodCall()));
  EXPECT_TRUE(mentions(r, "in partition_0: 'y' is never freed and is not returned")) << r;
}

TEST(PlanVerifier, CallArgumentsMustMatchTheParameters) {
  auto call = goodCall();
  call[2] = stmt(K::Call, {}, {3}, 0);
  call[1] = stmt(K::Del, {0});
  std::string r = verify(program(goodPartition(), call));
  EXPECT_TRUE(mentions(r, "called with [] but unpacks [x]")) << r;
}

TEST(PlanVerifier, HandedOverValueIsNotUsableAfterTheCall) {
  auto call = goodCall();
  call.insert(call.begin() + 3, stmt(K::Compute, {0}, {2}));
  std::string r = verify(program(goodPartition(), call));
  EXPECT_TRUE(mentions(r, "in call: use of 'x' after del")) << r;
}

TEST(WrapperCodegen, EmitsPartitionsCallAndDeviceMap) {
  SourceBuffer buffer("seed.py", R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        add: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        cpu: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(add, device = device(type='cpu'))
        args: "f32[4, 8][8, 1]cpu" = torch.ops.aten.neg.default(cpu)
        return (args,)
)");
  DiagnosticEngine diag;
  auto module = parseCodeForm(buffer, diag);
  ASSERT_TRUE(succeeded(module)) << diag.renderAll();
  static const OpRegistry registry = OpRegistry::withBuiltinAten();
  auto r = runPlanPipeline((*module)->graph(), &registry, {}, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  WrapperEmitOptions o;
  o.deviceMap = {{"cuda", "cpu"}};
  auto text = emitPythonWrapper((*r)->wrapper, *(*r)->lifetimes, o, diag);
  ASSERT_TRUE(succeeded(text));
  EXPECT_TRUE(mentions(*text, "def partition_0(args):\n    # submod_0 (1 nodes)\n    x, = args\n"
                              "    args.clear()\n    add = torch.ops.aten.add.Tensor(x, 1)\n"
                              "    del x\n    return (add,)\n"))
      << *text;
  // The node called `args` is renamed; the copy is inline in call with its device mapped.
  EXPECT_TRUE(mentions(*text, "args_v = torch.ops.aten.neg.default(cpu)")) << *text;
  EXPECT_TRUE(mentions(*text, "device=torch.device('cpu')")) << *text;
  EXPECT_TRUE(mentions(*text, "    partition0_args = [x]\n    del x\n    add, = "
                              "partition_0(partition0_args)\n    del partition0_args\n"))
      << *text;
  EXPECT_TRUE(mentions(*text, "return (args_v,)")) << *text;
}

} // namespace
