//===- TestUtil.h - Parsing code-form graphs in tests ---------------------===//
#pragma once

#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace piecewise::testing {

/// The aten table, parsed once for all tests.
inline const OpRegistry& atenRegistry() {
  static const OpRegistry registry = OpRegistry::withBuiltinAten();
  return registry;
}

/// A parsed module with the buffer its locations point into.
struct ParsedModule {
  std::unique_ptr<SourceBuffer> buffer;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;

  Graph& graph() { return module->graph(); }
  std::string print() const { return printCodeForm(*module); }
};

/// Parses a code-form graph; fails the test (and returns a null module) on error.
inline std::unique_ptr<ParsedModule> parseGraph(std::string text) {
  auto p = std::make_unique<ParsedModule>();
  p->buffer = std::make_unique<SourceBuffer>("test.py", std::move(text));
  auto r = parseCodeForm(*p->buffer, p->diag);
  EXPECT_TRUE(succeeded(r)) << p->diag.renderAll();
  if (succeeded(r))
    p->module = std::move(*r);
  return p;
}

} // namespace piecewise::testing
