//===- Driver.cpp - Input handling shared by the subcommands -------------===//

#include "Driver.h"

#include "piecewise/text/Parser.h"
#include "piecewise/text/TorchLog.h"
#include "piecewise/verify/Verifier.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

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

/// Reads everything from `fd` into `out`, in chunks of at most 1 MiB. Stops
/// early, after the chunk that holds it, at a NUL byte: a binary file (or an
/// endless `/dev/zero`) is recognised without reading it all, and the parser's
/// input check then reports the NUL's location. Returns 0 or an errno value.
int readAll(int fd, std::string& out, size_t sizeHint, size_t used = 0) {
  constexpr size_t kChunk = size_t(1) << 20;
  out.resize(std::max(used + 1, sizeHint ? sizeHint + 1 : size_t{1} << 16));
  for (;;) {
    if (used == out.size()) {
      if (out.size() > out.max_size() / 2)
        return EFBIG;
      out.resize(out.size() * 2);
    }
    size_t want = std::min(out.size() - used, kChunk);
    ssize_t n = ::read(fd, out.data() + used, want);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    if (n == 0)
      break;
    bool hasNul = std::memchr(out.data() + used, '\0', static_cast<size_t>(n)) != nullptr;
    used += static_cast<size_t>(n);
    if (hasNul)
      break;
  }
  out.resize(used);
  return 0;
}

/// readAll for a regular file of `size` bytes (fstat's): read into an
/// uninitialized block (no zero-fill, no copy) handed to the SourceBuffer.
/// A file that grew since fstat is read on into a string. Returns 0 or an
/// errno value.
int readRegularFile(int fd, size_t size, const std::string& path,
                    std::unique_ptr<SourceBuffer>& buffer) {
  constexpr size_t kChunk = size_t(1) << 20;
  std::unique_ptr<char[]> bytes(new char[size + 1]);
  size_t used = 0;
  bool hasNul = false;
  while (used < size && !hasNul) {
    ssize_t n = ::read(fd, bytes.get() + used, std::min(size - used, kChunk));
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    if (n == 0)
      break;
    hasNul = std::memchr(bytes.get() + used, '\0', static_cast<size_t>(n)) != nullptr;
    used += static_cast<size_t>(n);
  }
  if (used == size && !hasNul) {
    // At the size fstat gave: read on, in case the file grew since.
    char more = 0;
    ssize_t n;
    do
      n = ::read(fd, &more, 1);
    while (n < 0 && errno == EINTR);
    if (n < 0)
      return errno;
    if (n == 1) {
      std::string text(bytes.get(), used);
      text.push_back(more);
      bytes.reset();
      if (int err = more == '\0' ? 0 : readAll(fd, text, 0, used + 1))
        return err;
      buffer = std::make_unique<SourceBuffer>(path, std::move(text));
      return 0;
    }
  }
  bytes[used] = '\0';
  buffer = std::make_unique<SourceBuffer>(path, std::move(bytes), used);
  return 0;
}

/// A file's identity: device and inode. Two paths name the same file exactly
/// when their identities are equal, whatever their spelling (`./x`, `a/../x`,
/// a symlink, a hard link).
using FileId = std::pair<dev_t, ino_t>;

/// The file `path` names, if it exists (`-`: the file standard input reads,
/// when it is redirected from one).
std::optional<FileId> fileIdentity(const std::string& path) {
  struct stat st {};
  if (path.empty())
    return std::nullopt;
  if (path == "-") {
    if (::fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode))
      return std::nullopt;
    return FileId(st.st_dev, st.st_ino);
  }
  if (::stat(path.c_str(), &st) != 0)
    return std::nullopt;
  return FileId(st.st_dev, st.st_ino);
}

/// Every regular file this process has read (readInput): writeOutput never
/// replaces one, whatever the command checked before.
std::vector<std::pair<FileId, std::string>>& filesRead() {
  static std::vector<std::pair<FileId, std::string>> files;
  return files;
}

/// The input among `inputs` that `output` names, or null. The one rule: an
/// output is an input when both name the same file (FileId).
const std::string* inputNamedBy(const std::string& output,
                                const std::vector<std::pair<FileId, std::string>>& inputs) {
  if (output.empty() || output == "-")
    return nullptr;
  std::optional<FileId> out = fileIdentity(output);
  if (!out)
    return nullptr;
  for (const auto& [id, name] : inputs)
    if (id == *out)
      return &name;
  return nullptr;
}

void refuseMessage(const std::string& output, const std::string& input) {
  printError(fmt::format("-o '{}' names the input file '{}'; refusing to overwrite it", output,
                         input == "-" ? "<stdin>" : input));
}

} // namespace

std::unique_ptr<SourceBuffer> readInput(const std::string& path) {
  std::string text;
  if (path == "-") {
    if (int err = readAll(STDIN_FILENO, text, 0)) {
      printError(fmt::format("cannot read standard input: {}", std::strerror(err)));
      return nullptr;
    }
    if (std::optional<FileId> id = fileIdentity("-"))
      filesRead().emplace_back(*id, "-");
    return std::make_unique<SourceBuffer>("<stdin>", std::move(text));
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    printError(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
    return nullptr;
  }
  struct stat st {};
  int err = 0;
  std::unique_ptr<SourceBuffer> buffer;
  if (::fstat(fd, &st) != 0)
    err = errno;
  else if (S_ISDIR(st.st_mode))
    err = EISDIR;
  else if (S_ISREG(st.st_mode))
    err = readRegularFile(fd, static_cast<size_t>(st.st_size), path, buffer);
  else
    err = readAll(fd, text, 0);
  if (S_ISREG(st.st_mode))
    filesRead().emplace_back(FileId(st.st_dev, st.st_ino), path);
  ::close(fd);
  if (err) {
    printError(fmt::format("cannot open '{}': {}", path, std::strerror(err)));
    return nullptr;
  }
  if (!buffer)
    buffer = std::make_unique<SourceBuffer>(path, std::move(text));
  return buffer;
}

bool writeOutput(const std::string& path, std::string_view text) {
  OutputFile file;
  return file.open(path) && file.write(text) && file.commit();
}

OutputFile::~OutputFile() {
  if (writer_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    writer_.join();
  }
  if (fd_ >= 0)
    ::close(fd_);
  if (!tmp_.empty())
    ::unlink(tmp_.c_str());
}

bool OutputFile::fail(const char* what, int err, const char* how) {
  if (toStdout_)
    printError(fmt::format("cannot write to standard output: {}", std::strerror(err)));
  else
    printError(fmt::format("cannot {} '{}'{}: {}", what, path_, how, std::strerror(err)));
  return false;
}

bool OutputFile::open(const std::string& path) {
  path_ = path;
  if (path.empty() || path == "-") {
    toStdout_ = true;
    return true;
  }
  if (const std::string* input = inputNamedBy(path, filesRead())) {
    refuseMessage(path, *input);
    return false;
  }
  // Something that is not a regular file (/dev/null, a FIFO) is written in
  // place: renaming over it would replace the device or pipe itself.
  struct stat st {};
  bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd_ < 0)
      return fail("open", errno, " for writing");
    inPlace_ = true;
    return true;
  }
  // A symlink is followed: the file it names is replaced, not the link.
  target_ = path;
  if (exists) {
    if (char* real = ::realpath(path.c_str(), nullptr)) {
      target_ = real;
      std::free(real);
    }
  }
  // A regular file: write a temporary file in the same directory and rename
  // it over the target, so that a failure (a full disk, a crash, an
  // interrupt) never leaves a partial or destroyed file behind.
  size_t slash = target_.rfind('/');
  std::string tmp =
      slash == std::string::npos
          ? "." + target_ + ".piecewise-XXXXXX"
          : target_.substr(0, slash + 1) + "." + target_.substr(slash + 1) + ".piecewise-XXXXXX";
  fd_ = ::mkstemp(tmp.data());
  if (fd_ < 0) // the directory is missing or not writable
    return fail("open", errno, " for writing");
  tmp_ = std::move(tmp);
  // The permissions a plain open(O_CREAT, 0666) would give, or the old file's.
  if (exists) {
    mode_ = st.st_mode & 07777;
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode_ = 0666 & ~mask;
  }
  return true;
}

bool OutputFile::write(std::string_view text) {
  if (toStdout_) {
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size())
      return fail("write", errno);
    return true;
  }
  if (!finishBackground())
    return false;
  if (int err = writeToFile(text))
    return fail("write", err);
  return true;
}

int OutputFile::writeToFile(std::string_view text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return errno;
    done += static_cast<size_t>(n);
  }
  written_ += text.size();
  unsynced_ += text.size();
  // Start the disk writes of what is written so far, without waiting, so that
  // commit()'s fsync finds little left to do.
  if (!inPlace_ && unsynced_ >= (size_t{32} << 20)) {
    ::sync_file_range(fd_, static_cast<off_t>(written_ - unsynced_), static_cast<off_t>(unsynced_),
                      SYNC_FILE_RANGE_WRITE);
    unsynced_ = 0;
  }
  return 0;
}

void OutputFile::writerLoop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return busy_ || stop_; });
    if (!busy_) // stopped with nothing in flight
      return;
    lock.unlock();
    // busy_: the caller does not touch inFlight_, written_ or unsynced_.
    int err = writerError_ ? 0 : writeToFile(inFlight_);
    inFlight_.clear();
    lock.lock();
    if (err && !writerError_)
      writerError_ = err;
    busy_ = false;
    changed_.notify_all();
  }
}

bool OutputFile::finishBackground() {
  if (!writer_.joinable())
    return true;
  int err;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !busy_; });
    err = writerError_;
  }
  return err ? fail("write", err) : true;
}

bool OutputFile::writeInBackground(std::string& part) {
  if (toStdout_) {
    bool ok = write(part);
    part.clear();
    return ok;
  }
  if (!finishBackground())
    return false;
  if (!writer_.joinable()) {
    // No thread to be had (a process or memory limit): write it here.
    try {
      writer_ = std::thread([this] { writerLoop(); });
    } catch (const std::system_error&) {
      bool ok = write(part);
      part.clear();
      return ok;
    }
  }
  size_t capacity = part.capacity();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    inFlight_.swap(part); // part gets the buffer written last (empty)
    busy_ = true;
  }
  changed_.notify_all();
  part.clear();
  part.reserve(capacity); // the next part fills it without growing
  return true;
}

bool OutputFile::commit() {
  if (!finishBackground())
    return false;
  if (toStdout_) {
    if (std::fflush(stdout) != 0)
      return fail("write", errno);
    return true;
  }
  int err = 0;
  if (!inPlace_ && ::fchmod(fd_, mode_) != 0)
    err = errno;
  if (!inPlace_ && !err && ::fsync(fd_) != 0 && errno != EINVAL && errno != EROFS)
    err = errno;
  if (::close(fd_) != 0 && !err)
    err = errno;
  fd_ = -1;
  if (!inPlace_ && !err && ::rename(tmp_.c_str(), target_.c_str()) != 0)
    err = errno;
  if (err)
    return fail("write", err);
  tmp_.clear(); // renamed: nothing to remove
  return true;
}

bool BackgroundTask::start(std::function<void()> job) {
  try {
    thread_ = std::thread(std::move(job));
  } catch (const std::system_error&) {
    return false;
  }
  return true;
}

bool BackgroundTask::join() {
  if (!thread_.joinable())
    return false;
  thread_.join();
  return true;
}

int refuseOutputOverInput(const std::string& output, const std::string& input,
                          const GlobalOptions& globals) {
  // Every file the command will read, as the readers will name it: `LOG#ID`
  // reads LOG (a file whose name holds the `#` is itself), `-` reads the file
  // standard input is redirected from.
  std::vector<std::pair<FileId, std::string>> inputs;
  auto add = [&](const std::string& path) {
    if (std::optional<FileId> id = fileIdentity(path))
      inputs.emplace_back(*id, path);
  };
  for (const std::string& schema : globals.schemaFiles)
    add(schema);
  add(input);
  add(resolveInputRef(input, globals).file);
  if (const std::string* named = inputNamedBy(output, inputs)) {
    refuseMessage(output, *named);
    return kExitUsage;
  }
  return kExitOk;
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
  // `LOG#` (nothing after the `#`) selects nothing: it is read as a file name,
  // which then does not exist.
  if (hash == std::string::npos || hash == 0 || hash + 1 == path.size() ||
      ::stat(path.c_str(), &st) == 0)
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
  DiagnosticEngine notes; // events whose payload is missing: shown when no graph is found
  std::vector<LoggedGraph> graphs = listLoggedGraphs(*buffer, kind, &notes);
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
    printDiagnostics(notes);
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
  // The registry is built even with --no-verify: splitting, partitioning and
  // codegen read schemas (views, in-place writes, frees), and skipping a check
  // must never change a result.
  if (buildRegistry(globals, out.registry, out.schemaBuffers, diag) != kExitOk) {
    printDiagnostics(diag);
    return kExitInputError;
  }

  InputRef ref = resolveInputRef(path, globals);
  out.buffer = readInput(ref.file);
  if (!out.buffer)
    return kExitInputError;
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
