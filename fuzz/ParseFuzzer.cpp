//===- ParseFuzzer.cpp - libFuzzer target for both text forms --------------===//
//
// Feeds arbitrary bytes to parseModule() (which picks the code form or the
// graph form from the content) and checks what the issue asks of bad input
// and of the printer:
//  - nothing crashes, hangs or trips a sanitizer; a rejected input comes with
//    at least one error diagnostic;
//  - an input that parses and verifies prints (code form) to text that parses
//    again and prints identically: print(parse(print(g))) == print(g).
// Build and run with `make fuzz` (clang, ASan + UBSan); seeds are the corpus
// graphs, the examples and the lit inputs.
//
//===----------------------------------------------------------------------===//

#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"
#include "piecewise/verify/Verifier.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace piecewise;

namespace {
[[noreturn]] void fail(const char* what, const std::string& a, const std::string& b = {}) {
  std::fprintf(stderr, "%s\n--- first ---\n%s\n--- second ---\n%s\n", what, a.c_str(), b.c_str());
  std::abort();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  SourceBuffer buffer("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticEngine diag;
  auto module = parseModule(buffer, diag);
  if (!module) {
    if (diag.numErrors() == 0)
      fail("rejected without an error", std::string(buffer.text()));
    return 0;
  }
  if (failed(verifyModule(**module, nullptr, diag))) {
    if (diag.numErrors() == 0)
      fail("failed verification without an error", std::string(buffer.text()));
    return 0;
  }
  std::string printed = printCodeForm(**module);
  SourceBuffer again("printed.py", printed);
  DiagnosticEngine diag2;
  auto reparsed = parseModule(again, diag2);
  if (!reparsed)
    fail("the printed form does not parse", printed, diag2.renderAll());
  std::string printedAgain = printCodeForm(**reparsed);
  if (printedAgain != printed)
    fail("print(parse(print(g))) != print(g)", printed, printedAgain);
  return 0;
}
