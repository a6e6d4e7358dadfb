//===- Driver.cpp - Input handling shared by the subcommands -------------===//

#include "Driver.h"

#include "piecewise/text/Parser.h"
#include "piecewise/text/TorchLog.h"
#include "piecewise/verify/Verifier.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace piecewise::cli {

void printError(std::string_view message) {
  std::string line = fmt::format("piecewise: error: {}\n", message);
  std::fwrite(line.data(), 1, line.size(), stderr);
}

void printDiagnostics(const DiagnosticEngine& diag) {
  std::string text = diag.renderAll();
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
}

namespace {

/// Reads everything from `fd` into `out`. Returns 0 or an errno value.
int readAll(int fd, std::string& out, size_t sizeHint) {
  out.clear();
  size_t capacity = sizeHint ? sizeHint + 1 : 1 << 16;
  out.resize(capacity);
  size_t used = 0;
  for (;;) {
    if (used == out.size())
      out.resize(out.size() * 2);
    ssize_t n = ::read(fd, out.data() + used, out.size() - used);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    if (n == 0)
      break;
    used += static_cast<size_t>(n);
  }
  out.resize(used);
  return 0;
}

/// An input no parser should see: empty, or binary. Reports a located
/// diagnostic and returns true.
bool rejectUnparsable(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  std::string_view text = buffer.text();
  if (text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos) {
    diag.error(Location{&buffer, 1, 1}, "input is empty: expected a graph in code form "
                                        "(`class ...` / `def forward`) or graph form (`graph():`)");
    return true;
  }
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    size_t offset = static_cast<size_t>(static_cast<const char*>(nul) - text.data());
    uint32_t line = buffer.lineOf(offset);
    auto col = static_cast<uint32_t>(offset - buffer.lineStart(line) + 1);
    diag.error(Location{&buffer, line, col},
               "input contains a NUL byte; this looks like a binary file, not FX graph text");
    return true;
  }
  return false;
}

} // namespace

std::unique_ptr<SourceBuffer> readInput(const std::string& path) {
  std::string text;
  if (path == "-") {
    if (int err = readAll(STDIN_FILENO, text, 0)) {
      printError(fmt::format("cannot read standard input: {}", std::strerror(err)));
      return nullptr;
    }
    return std::make_unique<SourceBuffer>("<stdin>", std::move(text));
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    printError(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
    return nullptr;
  }
  struct stat st {};
  int err = 0;
  if (::fstat(fd, &st) != 0)
    err = errno;
  else if (S_ISDIR(st.st_mode))
    err = EISDIR;
  else
    err = readAll(fd, text, S_ISREG(st.st_mode) ? static_cast<size_t>(st.st_size) : 0);
  ::close(fd);
  if (err) {
    printError(fmt::format("cannot open '{}': {}", path, std::strerror(err)));
    return nullptr;
  }
  return std::make_unique<SourceBuffer>(path, std::move(text));
}

bool writeOutput(const std::string& path, std::string_view text) {
  if (path.empty() || path == "-") {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout)) {
      printError(fmt::format("cannot write to standard output: {}", std::strerror(errno)));
      return false;
    }
    return true;
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    printError(fmt::format("cannot open '{}' for writing: {}", path, std::strerror(errno)));
    return false;
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int err = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (!ok)
    printError(fmt::format("cannot write '{}': {}", path, std::strerror(err)));
  return ok;
}

int buildRegistry(const GlobalOptions& globals, OpRegistry& registry,
                  std::vector<std::unique_ptr<SourceBuffer>>& buffers, DiagnosticEngine& diag) {
  registry = OpRegistry::withBuiltinAten();
  bool ok = true;
  for (const std::string& path : globals.schemaFiles) {
    std::unique_ptr<SourceBuffer> buffer = readInput(path);
    if (!buffer) {
      ok = false;
      continue;
    }
    if (registry.addFromBuffer(*buffer, diag).failed())
      ok = false;
    buffers.push_back(std::move(buffer));
  }
  return ok ? kExitOk : kExitInputError;
}

InputRef resolveInputRef(const std::string& path, const GlobalOptions& globals) {
  if (!globals.graph.empty())
    return {path, globals.graph};
  size_t hash = path.rfind('#');
  struct stat st;
  if (hash == std::string::npos || hash == 0 || ::stat(path.c_str(), &st) == 0)
    return {path, ""};
  return {path.substr(0, hash), path.substr(hash + 1)};
}

bool selectLoggedInput(std::unique_ptr<SourceBuffer>& buffer, std::unique_ptr<SourceBuffer>& log,
                       const std::string& graph, bool allowOutputCode) {
  LogKind kind = detectLog(buffer->text());
  if (kind == LogKind::None) {
    if (graph.empty())
      return true;
    printError(fmt::format("'{}' is a graph dump, not a TORCH_TRACE or TORCH_LOGS log: "
                           "--graph {} selects nothing",
                           buffer->name(), graph));
    return false;
  }
  DiagnosticEngine diag;
  std::vector<LoggedGraph> graphs = listLoggedGraphs(*buffer, kind);
  std::vector<LoggedGraph> candidates;
  for (const LoggedGraph& g : graphs)
    if (allowOutputCode || !g.isOutputCode() || !graph.empty())
      candidates.push_back(g);
  // One FX graph in the log needs no --graph.
  const LoggedGraph* chosen = nullptr;
  if (graph.empty() && candidates.size() == 1)
    chosen = &candidates[0];
  else
    chosen = findLoggedGraph(graph.empty() ? candidates : graphs, graph, *buffer, diag);
  if (!chosen) {
    printDiagnostics(diag);
    return false;
  }
  if (chosen->isOutputCode() && !allowOutputCode) {
    printError(fmt::format("'{}' in '{}' is Inductor output code, not an FX graph: check it "
                           "with `piecewise verify-wrapper`",
                           chosen->id, buffer->name()));
    return false;
  }
  if (!chosen->isOutputCode() && allowOutputCode && !graph.empty()) {
    printError(fmt::format("'{}' in '{}' is an FX graph, not Inductor output code", chosen->id,
                           buffer->name()));
    return false;
  }
  std::unique_ptr<SourceBuffer> payload = extractLoggedGraph(*buffer, kind, *chosen);
  log = std::move(buffer);
  buffer = std::move(payload);
  return true;
}

int loadInput(const std::string& path, const GlobalOptions& globals, LoadedInput& out) {
  DiagnosticEngine diag;
  bool verify = !globals.noVerify;
  // Schema files are checked even without verification: a bad one is an error.
  if ((verify || !globals.schemaFiles.empty()) &&
      buildRegistry(globals, out.registry, out.schemaBuffers, diag) != kExitOk) {
    printDiagnostics(diag);
    return kExitInputError;
  }

  InputRef ref = resolveInputRef(path, globals);
  out.buffer = readInput(ref.file);
  if (!out.buffer)
    return kExitInputError;
  if (rejectUnparsable(*out.buffer, diag)) {
    printDiagnostics(diag);
    return kExitInputError;
  }
  if (!selectLoggedInput(out.buffer, out.log, ref.graph, /*allowOutputCode=*/false))
    return kExitInputError;

  FailureOr<std::unique_ptr<Module>> parsed = parseModule(*out.buffer, diag);
  if (parsed.failed() || diag.hasErrors()) {
    if (!diag.hasErrors()) // a parser must explain a failure; never exit 1 silently
      diag.error(Location{out.buffer.get(), 0, 0}, "cannot parse the input");
    printDiagnostics(diag);
    return kExitInputError;
  }
  out.module = std::move(*parsed);

  if (verify && verifyModule(*out.module, &out.registry, diag).failed()) {
    printDiagnostics(diag);
    return kExitInputError;
  }
  // Warnings and notes from a successful parse still reach the user.
  if (!diag.diagnostics().empty())
    printDiagnostics(diag);
  return kExitOk;
}

} // namespace piecewise::cli
