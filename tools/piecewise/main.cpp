//===- main.cpp - The piecewise command-line tool -------------------------===//
//
//   piecewise [--schema-file PATH]... [--no-verify] <command> [options] [FILE|-]
//   piecewise --version
//
// Exit status (docs/architecture.md §8): 0 ok, 1 input or verification errors (diagnostics
// on stderr), 2 usage errors.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "piecewise/Version.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>
#include <unistd.h>

#if PIECEWISE_HAVE_MIMALLOC
#include <mimalloc.h>
#endif

using namespace piecewise::cli;

namespace {

/// Out of memory anywhere (also where an exception could not propagate, which
/// would abort): one line on stderr and exit status 1.
[[noreturn]] void outOfMemory() {
  static const char kMessage[] = "piecewise: error: out of memory\n";
  (void)!::write(STDERR_FILENO, kMessage, sizeof(kMessage) - 1);
  std::_Exit(kExitInputError);
}

#if PIECEWISE_HAVE_MIMALLOC
/// mimalloc's operator new aborts on failure without consulting the new
/// handler; it reports the failure here first.
void onAllocatorError(int err, void* /*arg*/) {
  if (err == ENOMEM || err == EOVERFLOW)
    outOfMemory();
}
#endif

} // namespace

int main(int argc, char** argv) {
  std::set_new_handler(outOfMemory);
#if PIECEWISE_HAVE_MIMALLOC
  mi_register_error(onAllocatorError, nullptr);
#endif
  CLI::App app{"piecewise: a graph-partitioning middle-end for PyTorch FX graphs.\n"
               "Reads FX graph dumps (print_readable() code form or print(gm.graph) graph "
               "form).",
               "piecewise"};
  // `piecewise --version`: the one version number (CMakeLists.txt's project()).
  app.set_version_flag("--version", "piecewise " PIECEWISE_VERSION_STRING,
                       "Print the version and exit");
  app.require_subcommand(1);
  // Global options may also follow the subcommand: `piecewise lint --no-verify x.py`.
  app.fallthrough();

  GlobalOptions globals;
  app.add_option("--schema-file", globals.schemaFiles,
                 "Extra op schemas, one per line in torch's schema syntax (repeatable)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  app.add_flag("--no-verify", globals.noVerify, "Do not run the graph verifier after parsing");
  app.add_option("--graph", globals.graph,
                 "The graph to read from a TORCH_TRACE or TORCH_LOGS log (an ID that "
                 "`piecewise graphs LOG` lists, or its position); `LOG#ID` says the same")
      ->type_name("ID")
      ->check(
          [](const std::string& id) {
            return id.empty()
                       ? std::string("--graph needs an ID (`piecewise graphs LOG` lists them)")
                       : std::string();
          },
          "non-empty");

  int exitCode = kExitOk;
  addLintCommand(app, globals, exitCode);
  addPrintCommand(app, globals, exitCode);
  addStatsCommand(app, globals, exitCode);
  addGenCommand(app, globals, exitCode);
  addSplitCommand(app, globals, exitCode);
  addOptCommand(app, globals, exitCode);
  addPartitionCommand(app, globals, exitCode);
  addCodegenCommand(app, globals, exitCode);
  addVerifyPlanCommand(app, globals, exitCode);
  addVerifyWrapperCommand(app, globals, exitCode);
  addGraphsCommand(app, globals, exitCode);
  addReportCommand(app, globals, exitCode);
  addAnalyzeCommand(app, globals, exitCode);
  addCheckCaptureCommand(app, globals, exitCode);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every other parse error is a usage error.
    if (app.get_subcommands().empty() && !app.remaining().empty() &&
        app.remaining().front().rfind('-', 0) != 0) {
      std::string commands;
      for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        commands += (commands.empty() ? "" : ", ") + sub->get_name();
      std::fprintf(stderr,
                   "piecewise: error: unknown command '%s' (commands: %s)\n"
                   "Run with --help for more information.\n",
                   app.remaining().front().c_str(), commands.c_str());
      return kExitUsage;
    }
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  } catch (const std::bad_alloc&) {
    std::fputs("piecewise: error: out of memory\n", stderr);
    return kExitInputError;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "piecewise: error: %s\n", e.what());
    return kExitInputError;
  }
  return exitCode;
}
