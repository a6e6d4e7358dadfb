//===- Driver.h - Input handling shared by the subcommands ------*- C++ -*-===//
//
// What every graph-reading subcommand does first: read the file (or `-` for
// stdin), stopping early at a NUL byte, build the op registry (the builtin aten table plus every
// `--schema-file`), parse (the parsers reject empty, binary and non-UTF-8
// input), and verify unless `--no-verify`. Diagnostics go to
// stderr, rendered with their source line and caret; the caller gets an exit
// status.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Commands.h"

#include "piecewise/ir/Module.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/SourceBuffer.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <thread>
#include <vector>

namespace piecewise::cli {

/// Prints `piecewise: error: <message>` to stderr.
void printError(std::string_view message);

/// Prints every diagnostic of `diag` to stderr.
void printDiagnostics(const DiagnosticEngine& diag);

/// Reads `path` (`-` means stdin; its buffer is named `<stdin>`) into a
/// string, stopping early after a NUL byte (the parsers' input check reports
/// it). On failure prints `piecewise: error: cannot open 'X': reason` and
/// returns null.
std::unique_ptr<SourceBuffer> readInput(const std::string& path);

/// Writes `text` to `path`, or to stdout when `path` is empty or `-`. A
/// regular file is written atomically: a temporary file in the same directory,
/// renamed over `path` (a symlink is followed; a device or FIFO is written in
/// place). A file this process has read (readInput) is never replaced: that
/// is an error too. On failure prints an error, leaves `path` as it was and
/// returns false.
bool writeOutput(const std::string& path, std::string_view text);

/// writeOutput's file written in parts, so that a large output (`split -o` of
/// a million nodes: 200 MB) need not be held whole: open(), write() each
/// part, commit(). Until commit() succeeds `path` is left as it was; an
/// uncommitted temporary file is removed. Each function prints its error and
/// returns false on failure.
class OutputFile {
public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  bool open(const std::string& path);
  bool write(std::string_view text);
  /// Hands `part` to a background thread that writes it while the caller
  /// prepares the next one, and gives back in `part` an empty buffer (the
  /// one written before, its capacity kept). At most one part is in flight:
  /// this waits for the previous one. The file's bytes are those of write()
  /// called with the same parts in the same order. Standard output is
  /// written at once, as by write().
  bool writeInBackground(std::string& part);
  bool commit();

private:
  bool fail(const char* what, int err, const char* how = "");
  /// Writes `text` to fd_ and starts its writeback; 0 or an errno value.
  int writeToFile(std::string_view text);
  /// Waits for the part in flight; false (reported) if writing it failed.
  bool finishBackground();
  void writerLoop();

  std::string path_;   ///< as given
  std::string target_; ///< the file renamed over (a symlink followed)
  std::string tmp_;    ///< the temporary file, while one exists
  int fd_ = -1;        ///< -1 for standard output
  bool toStdout_ = false;
  bool inPlace_ = false; ///< a device or FIFO, written directly
  mode_t mode_ = 0;
  size_t unsynced_ = 0; ///< bytes written since writeback was last started
  size_t written_ = 0;

  /// The background writer (writeInBackground), started on first use.
  std::thread writer_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string inFlight_; ///< owned by the writer while busy_
  bool busy_ = false;
  bool stop_ = false;
  int writerError_ = 0; ///< the first errno the writer met
};

/// A job run on a thread of its own beside the command's main work (split -o
/// checks the plan's capture safety while it prints the split module).
class BackgroundTask {
public:
  BackgroundTask() = default;
  BackgroundTask(const BackgroundTask&) = delete;
  BackgroundTask& operator=(const BackgroundTask&) = delete;
  ~BackgroundTask() { join(); }

  /// Starts `job` on a new thread; false, having run nothing, when the process
  /// cannot have one (the caller then runs it itself).
  bool start(std::function<void()> job);
  /// Waits for the job; true when one was started (it has now finished).
  bool join();

private:
  std::thread thread_;
};

/// `path` and the graph it names: `--graph ID` when given, else the `#ID` of a
/// `LOG#ID` path whose file has no `#` in its name.
struct InputRef {
  std::string file;
  std::string graph;
};
InputRef resolveInputRef(const std::string& path, const GlobalOptions& globals);

/// When `buffer` is a TORCH_TRACE / TORCH_LOGS log, replaces it by the graph
/// `graph` names (see text/TorchLog.h), keeping the log in `log`. An output
/// code is refused unless `allowOutputCode`. A graph dump with a `graph` given
/// is an error. Returns false after printing what went wrong.
bool selectLoggedInput(std::unique_ptr<SourceBuffer>& buffer, std::unique_ptr<SourceBuffer>& log,
                       const std::string& graph, bool allowOutputCode);

/// Exit status kExitUsage, with an error printed, when the output `output`
/// (`-o`) names a file the command reads: the input `input` in any spelling
/// (`LOG#ID` names LOG; `./x`, a symlink or a hard link name x; `-` names the
/// file standard input is redirected from) or one of the `--schema-file`s.
/// Two paths name the same file when device and inode agree. Else kExitOk.
/// Every command with `-o` calls it before reading anything; writeOutput
/// applies the same rule to the files actually read, as a last guard.
int refuseOutputOverInput(const std::string& output, const std::string& input,
                          const GlobalOptions& globals);

/// A parsed (and, unless disabled, verified) input. Members are declared so
/// that the module, whose nodes point into the buffers, is destroyed first.
struct LoadedInput {
  LoadedInput() = default;
  LoadedInput(const LoadedInput&) = delete;
  LoadedInput& operator=(const LoadedInput&) = delete;
  /// The process exits right after a command, and freeing a million-node
  /// module node by node costs about a third of a `piecewise lint` run, so the
  /// module is deliberately left to the OS (as clang's -disable-free does).
  /// Builds with AddressSanitizer free it, to keep leak checking useful.
  ~LoadedInput() {
#if !defined(__SANITIZE_ADDRESS__)
    (void)module.release();
#endif
  }

  std::unique_ptr<SourceBuffer> buffer;
  /// The log `buffer` was cut from, when the input was a log.
  std::unique_ptr<SourceBuffer> log;
  std::vector<std::unique_ptr<SourceBuffer>> schemaBuffers;
  OpRegistry registry;
  std::unique_ptr<Module> module;
};

/// Reads, checks, parses and verifies `path`. Returns kExitOk and fills `out`,
/// or prints what went wrong and returns kExitInputError.
int loadInput(const std::string& path, const GlobalOptions& globals, LoadedInput& out);

/// Builds the registry: the builtin aten table plus every `--schema-file`.
/// Schema files' buffers are kept in `buffers` (diagnostics point into them).
int buildRegistry(const GlobalOptions& globals, OpRegistry& registry,
                  std::vector<std::unique_ptr<SourceBuffer>>& buffers, DiagnosticEngine& diag);

} // namespace piecewise::cli
