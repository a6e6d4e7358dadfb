//===- WrapperVerifierTest.cpp - Python scanner and wrapper scope check ---===//

#include "../../lib/verify/PyStatementScanner.h"

#include "piecewise/verify/WrapperVerifier.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::pyscan;

namespace {

/// The token texts of logical line `i`.
std::vector<std::string> lineTokens(const PyScanResult& r, size_t i) {
  std::vector<std::string> out;
  const PyLogicalLine& l = r.lines.at(i);
  for (uint32_t t = l.firstToken; t < l.firstToken + l.numTokens; ++t)
    out.emplace_back(r.tokens[t].text);
  return out;
}

using Toks = std::vector<std::string>;

TEST(PyStatementScanner, MultiLineBracketsAreOneLogicalLine) {
  PyScanResult r = scanPythonModule("x = f(a,\n      b,  # comment\n\n   c)\ny = 1\n");
  ASSERT_FALSE(r.error);
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(lineTokens(r, 0), (Toks{"x", "=", "f", "(", "a", ",", "b", ",", "c", ")"}));
  EXPECT_EQ(r.lines[0].line, 1u);
  EXPECT_EQ(r.lines[1].line, 5u);
  EXPECT_EQ(lineTokens(r, 1), (Toks{"y", "=", "1"}));
  // Token positions are physical: `c` is on line 4, column 4.
  const PyToken& c = r.tokens[r.lines[0].firstToken + 8];
  EXPECT_EQ(c.line, 4u);
  EXPECT_EQ(c.col, 4u);
}

TEST(PyStatementScanner, TripleQuotedStringsAreOneToken) {
  std::string src = "k = async_compile.triton('k', '''\n"
                    "def kernel(x):\n"
                    "    del y\n"
                    "''', device_str='cuda')\n"
                    "src = r\"\"\"a \\\"\"\" still\"\"\"\n"
                    "z = 2\n";
  PyScanResult r = scanPythonModule(src);
  ASSERT_FALSE(r.error);
  ASSERT_EQ(r.lines.size(), 3u);
  Toks first = lineTokens(r, 0);
  ASSERT_EQ(first.size(), 14u);
  EXPECT_EQ(first[8], "'''\ndef kernel(x):\n    del y\n'''");
  EXPECT_EQ(first[10], "device_str");
  EXPECT_EQ(lineTokens(r, 1), (Toks{"src", "=", "r\"\"\"a \\\"\"\" still\"\"\""}));
  EXPECT_EQ(r.lines[2].line, 6u);
  // Positions after a multi-line string are right.
  EXPECT_EQ(r.tokens[r.lines[0].firstToken + 10].line, 4u);
  EXPECT_EQ(r.tokens[r.lines[0].firstToken + 10].col, 6u);
}

TEST(PyStatementScanner, PrefixesCommentsContinuationsAndIndent) {
  PyScanResult r = scanPythonModule("# head\n"
                                    "def f(a):\n"
                                    "\tb = rb'x' + f\"{a}\"  # tail\n"
                                    "        c = a + \\\n"
                                    "            b\n"
                                    "    \n"
                                    "    return c\n");
  ASSERT_FALSE(r.error);
  ASSERT_EQ(r.lines.size(), 4u);
  EXPECT_EQ(r.lines[0].indent, 0u);
  EXPECT_EQ(r.lines[1].indent, 8u); // a tab advances to column 8
  EXPECT_EQ(lineTokens(r, 1), (Toks{"b", "=", "rb'x'", "+", "f\"{a}\""}));
  EXPECT_EQ(r.lines[2].indent, 8u);
  EXPECT_EQ(lineTokens(r, 2), (Toks{"c", "=", "a", "+", "b"}));
  EXPECT_EQ(r.lines[3].indent, 4u);
  EXPECT_EQ(lineTokens(r, 3), (Toks{"return", "c"}));
}

TEST(PyStatementScanner, ReportsLexicalErrorsWithPositions) {
  PyScanResult r = scanPythonModule("x = 'abc\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->line, 1u);
  EXPECT_EQ(r.error->col, 5u);
  EXPECT_EQ(r.error->message, "unterminated string literal");

  r = scanPythonModule("a = 1\nx = f(\n  1, 2\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->line, 2u);
  EXPECT_EQ(r.error->col, 6u);
  EXPECT_EQ(r.error->message, "'(' was never closed");

  r = scanPythonModule("x = (1]\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->col, 7u);

  r = scanPythonModule("s = '''never\nclosed\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->message, "unterminated triple-quoted string literal");

  r = scanPythonModule("x = 1 $ 2\n");
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->message, "unexpected character '$'");
}

TEST(PyStatementScanner, DeepNestingDoesNotRecurse) {
  std::string src = "x = " + std::string(200000, '(') + "1" + std::string(200000, ')') + "\n";
  PyScanResult r = scanPythonModule(src);
  ASSERT_FALSE(r.error);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(r.lines[0].numTokens, 400003u);
}

/// What one verifyWrapper run found, copied out of the report.
struct Found {
  std::string kind;
  std::string function;
  std::string name;
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t delLine = 0;
};

struct Result {
  std::vector<Found> found;
  bool fragment = false;
  size_t functions = 0;
};

Result check(const std::string& text) {
  SourceBuffer buffer("t.py", text);
  DiagnosticEngine diag;
  WrapperReport report = verifyWrapper(buffer, diag);
  Result out;
  out.fragment = report.fragment;
  out.functions = report.numFunctions;
  for (const WrapperViolation& v : report.violations)
    out.found.push_back(Found{std::string(toString(v.kind)), v.function, v.name, v.loc.line,
                              v.loc.col, v.relatedLoc.line});
  EXPECT_EQ(diag.numErrors(), report.violations.size());
  return out;
}

TEST(WrapperVerifier, TupleUnpackingBindsEveryTarget) {
  Result r = check("def partition_0(args):\n"
                   "    arg0_1, = args\n"
                   "    a, (b, [c, *d]) = arg0_1\n"
                   "    (e, f) = g = a\n"
                   "    args.clear()\n"
                   "    del arg0_1, a, b, c, d, e, f, g\n"
                   "    return ()\n");
  EXPECT_TRUE(r.found.empty());
  EXPECT_EQ(r.functions, 1u);
  EXPECT_FALSE(r.fragment);

  r = check("def partition_0(args):\n"
            "    a, b = args\n"
            "    del a\n"
            "    return (a, b)\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "use-after-del");
  EXPECT_EQ(r.found[0].function, "partition_0");
  EXPECT_EQ(r.found[0].name, "a");
  EXPECT_EQ(r.found[0].line, 4u);
  EXPECT_EQ(r.found[0].col, 13u);
  EXPECT_EQ(r.found[0].delLine, 3u);
}

TEST(WrapperVerifier, DelOfNameNotInScope) {
  Result r = check("def partition_1(args):\n"
                   "    buf2, = args\n"
                   "    del buf2\n"
                   "    del buf0\n"
                   "    del buf9\n");
  ASSERT_EQ(r.found.size(), 1u); // first violation per function
  EXPECT_EQ(r.found[0].kind, "del-not-in-scope");
  EXPECT_EQ(r.found[0].name, "buf0");
  EXPECT_EQ(r.found[0].line, 4u);
  EXPECT_EQ(r.found[0].col, 9u);
}

TEST(WrapperVerifier, DeletedTwiceAndUndefinedNames) {
  Result r = check("import torch\n"
                   "def call(args):\n"
                   "    x, = args\n"
                   "    del x\n"
                   "    del x\n"
                   "def other(args):\n"
                   "    return (torch.empty(1), len(args), missing)\n");
  ASSERT_EQ(r.found.size(), 2u);
  EXPECT_EQ(r.found[0].kind, "deleted-twice");
  EXPECT_EQ(r.found[0].line, 5u);
  EXPECT_EQ(r.found[0].delLine, 4u);
  EXPECT_EQ(r.found[1].kind, "undefined-name");
  EXPECT_EQ(r.found[1].function, "other");
  EXPECT_EQ(r.found[1].name, "missing");
}

TEST(WrapperVerifier, NestedDefsSeeEnclosingNamesAndGetQualifiedNames) {
  Result r = check("class Runner(object, metaclass=type):\n"
                   "    def __init__(self, partitions):\n"
                   "        self.partitions = partitions\n"
                   "    def call(self, args):\n"
                   "        scale, = args\n"
                   "        def inner(x):\n"
                   "            @decorate(scale)\n"
                   "            def deepest():\n"
                   "                return x * scale * later\n"
                   "            return deepest\n"
                   "        later = 2\n"
                   "        return inner\n"
                   "def decorate(s):\n"
                   "    return lambda f: f\n");
  EXPECT_TRUE(r.found.empty());
  EXPECT_EQ(r.functions, 5u); // lambdas are not counted

  r = check("class Runner:\n"
            "    def call(self, args):\n"
            "        def inner(x):\n"
            "            return x + nowhere\n"
            "        return inner\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].function, "Runner.call.<locals>.inner");
  EXPECT_EQ(r.found[0].name, "nowhere");
}

TEST(WrapperVerifier, WithBlocksAreUnconditional) {
  Result r = check("import torch\n"
                   "def call(args):\n"
                   "    buf0, path = args\n"
                   "    with torch.cuda._DeviceGuard(0) as guard, open(path) as (a, b):\n"
                   "        del buf0\n"
                   "        print(guard, a, b)\n"
                   "    return (buf0, )\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "use-after-del");
  EXPECT_EQ(r.found[0].line, 7u);
}

TEST(WrapperVerifier, BranchesAreConservative) {
  // Deleted in one branch only: possibly deleted, not reported.
  Result r = check("def call(args):\n"
                   "    a, b = args\n"
                   "    if b:\n"
                   "        del a\n"
                   "    elif a:\n"
                   "        c = 1\n"
                   "    else:\n"
                   "        del a\n"
                   "    try:\n"
                   "        d = a\n"
                   "    except Exception as e:\n"
                   "        raise RuntimeError(str(e))\n"
                   "    del a\n"
                   "    return (c, d)\n");
  EXPECT_TRUE(r.found.empty());
  // Definite within the branch itself.
  r = check("def call(args):\n"
            "    a, b = args\n"
            "    if b:\n"
            "        del a\n"
            "        return a\n"
            "    return b\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "use-after-del");
  EXPECT_EQ(r.found[0].line, 5u);
  // An inline body on the header line.
  r = check("def call(args):\n"
            "    a, = args\n"
            "    if a: del a; del a\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "deleted-twice");
}

TEST(WrapperVerifier, LoopsComprehensionsLambdasAndKeywords) {
  Result r = check("def recursively_apply_fns(self, fns):\n"
                   "    new = []\n"
                   "    for fn, c in zip(fns, self.partitions):\n"
                   "        if acc_ready:\n"
                   "            new.append(acc)\n"
                   "        acc = fn(c)\n"
                   "        acc_ready = True\n"
                   "    sq = [x * x for x in new if x]\n"
                   "    g = {k: v for k, v in enumerate(sq)}\n"
                   "    h = sorted(sq, key=lambda item, *rest: item + later_global)\n"
                   "    m = [v for s in sq if (v := s + 1)]\n"
                   "    w = d.real if (d := len(m)) else 0\n"
                   "    if (n := len(g) + w) > 0:\n"
                   "        print(n, h, end='')\n"
                   "    while n:\n"
                   "        n -= 1\n"
                   "later_global = 3\n");
  EXPECT_TRUE(r.found.empty());

  // A lambda's defaults are not assignments; its parameters are its own.
  r = check("def f(args):\n"
            "    fn = lambda t, scale=2: t * scale\n"
            "    return fn(args)\n");
  EXPECT_TRUE(r.found.empty());

  // match/case patterns bind their capture names.
  r = check("import torch\n"
            "def f(args):\n"
            "    for attr in args:\n"
            "        match getattr(args, attr):\n"
            "            case torch.Tensor() as inner:\n"
            "                print(inner)\n"
            "            case [first, *rest] if first:\n"
            "                print(first, rest)\n"
            "            case _:\n"
            "                pass\n");
  EXPECT_TRUE(r.found.empty());

  r = check("def f(args):\n"
            "    g = lambda: never_defined_anywhere\n"
            "    return g\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "undefined-name");
  EXPECT_EQ(r.found[0].name, "never_defined_anywhere");
}

TEST(WrapperVerifier, LocalReadBeforeAssignment) {
  Result r = check("def partition_0(args):\n"
                   "    arg0_1, = args\n"
                   "    out = kernel(arg0_1, buf1)\n"
                   "    del buf1\n"
                   "    return (out, )\n"
                   "def kernel(a, b):\n"
                   "    return a\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "used-before-assignment");
  EXPECT_EQ(r.found[0].name, "buf1");
  EXPECT_EQ(r.found[0].line, 3u);
}

TEST(WrapperVerifier, ModuleNamesImportsAndGlobals) {
  Result r = check("from torch._C import _cuda_getCurrentRawStream as get_raw_stream\n"
                   "import torch.nn.functional\n"
                   "import os as operating_system\n"
                   "def call(args):\n"
                   "    global counter\n"
                   "    counter = counter + 1\n"
                   "    s = get_raw_stream(0)\n"
                   "    return (torch, operating_system, s, later, __name__)\n"
                   "later = 1\n"
                   "counter = 0\n"
                   "del operating_system\n"
                   "if __name__ == '__main__':\n"
                   "    call([])\n");
  EXPECT_TRUE(r.found.empty());
  // At module level the line order counts.
  r = check("x = y\ny = 1\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].function, "<module>");
  EXPECT_EQ(r.found[0].kind, "used-before-assignment");
  // A star import makes every unknown name possible.
  r = check("from torch import *\ndef f():\n    return tensor(1)\n");
  EXPECT_TRUE(r.found.empty());
}

TEST(WrapperVerifier, FragmentsAssumeParametersButNotDeletedNames) {
  Result r = check("    buf0 = op(arg0_1)\n"
                   "    del arg0_1\n"
                   "        (buf1,) = self.partitions[0](buf0)\n"
                   "    return (buf1, )\n"
                   "runner = Runner(partitions=[partition_0])\n");
  EXPECT_TRUE(r.found.empty());
  EXPECT_TRUE(r.fragment);
  EXPECT_EQ(r.functions, 1u);

  r = check("    buf0 = op(arg0_1)\n"
            "    del arg0_1\n"
            "    del never_seen\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "del-not-in-scope");
  EXPECT_EQ(r.found[0].function, "<fragment>");
  EXPECT_EQ(r.found[0].name, "never_seen");

  r = check("    del arg0_1\n"
            "    return (arg0_1, )\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "del-not-in-scope");

  r = check("    x = op(arg0_1)\n"
            "    del arg0_1\n"
            "    return (x, arg0_1)\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_EQ(r.found[0].kind, "use-after-del");
  EXPECT_EQ(r.found[0].delLine, 2u);
}

TEST(WrapperVerifier, UnscannableInputIsASyntaxViolation) {
  for (const std::string& text :
       {std::string(""), std::string("  \n\n"), std::string("x = 1\0\n", 7), std::string("x = (\n"),
        std::string("x = '''\n")}) {
    Result r = check(text);
    ASSERT_EQ(r.found.size(), 1u) << text;
    EXPECT_EQ(r.found[0].kind, "syntax");
  }
}

} // namespace

namespace {

TEST(WrapperVerifier, FragmentStartingWithADefIsAClassBody) {
  Result r = check("    def call(self, args):\n"
                   "        buf0, = args\n"
                   "        del buf0\n"
                   "        return (buf0, self.partitions, torch)\n"
                   "runner = Runner(partitions=[])\n");
  ASSERT_EQ(r.found.size(), 1u);
  EXPECT_TRUE(r.fragment);
  EXPECT_EQ(r.found[0].kind, "use-after-del");
  EXPECT_EQ(r.found[0].function, "<fragment>.call");
  EXPECT_EQ(r.functions, 1u);
}

} // namespace
