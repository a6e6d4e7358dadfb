//===- OpRegistry.cpp - Op schemas by qualified name ----------------------===//
//
// Two layers:
//
//  - The built-in table (data/aten_schemas.txt, embedded at build time, and
//    piecewiseSchemas()) is indexed once per process: one pass over the text records each line's
//    qualified name and packet. A schema is parsed on its first lookup and
//    kept, so starting `piecewise lint` costs an index build (well under a
//    millisecond for ~4,500 schemas), not 4,500 parses. The table is shared
//    by every registry and is safe to query from several threads.
//  - Each registry's own schemas (add, addFromBuffer, addFromFile) live in an
//    overlay that shadows built-in schemas of the same qualified name.
//
// Lookup rules (see OpRegistry.h): `ns::op.default` is the overload-less
// schema `ns::op(...)`; `ns::op.name` is exact; a bare packet `ns::op`
// resolves only when the packet has exactly one schema, since a packet call
// with several candidates (`aten::add`) cannot be resolved without the
// arguments.
//
//===----------------------------------------------------------------------===//

#include "piecewise/schema/OpRegistry.h"

#include "piecewise/ir/Target.h"
#include "piecewise/support/CharClass.h"

#include <atomic>
#include <deque>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "AtenSchemas.inc"

namespace piecewise {

namespace {

/// Hash for heterogeneous lookup of std::string keys by std::string_view.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>()(s); }
};

/// The qualified name at the front of a schema line: the text before `(`.
std::string_view schemaLineName(std::string_view line) {
  size_t paren = line.find('(');
  std::string_view name = line.substr(0, paren);
  while (!name.empty() && ascii::isBlank(name.back()))
    name.remove_suffix(1);
  while (!name.empty() && ascii::isBlank(name.front()))
    name.remove_prefix(1);
  return name;
}

/// `line` with a trailing `#` comment (outside string literals) and trailing
/// whitespace removed.
std::string_view stripComment(std::string_view line) {
  char quote = 0;
  // Most lines (every line of the builtin table, read at each start) have no
  // `#` at all: then nothing is a comment, and one memchr says so without the
  // byte-by-byte walk that tracks string literals.
  size_t scan = line.find('#') == std::string_view::npos ? 0 : line.size();
  for (size_t i = 0; i < scan; ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#') {
      line = line.substr(0, i);
      break;
    }
  }
  while (!line.empty() && ascii::isBlankOrCR(line.back()))
    line.remove_suffix(1);
  return line;
}

bool isBlank(std::string_view s) {
  for (char c : s)
    if (c != ' ' && c != '\t')
      return false;
  return true;
}

/// The embedded aten table, indexed by qualified name and packet, each schema
/// parsed on first use.
class BuiltinTable {
public:
  static const BuiltinTable& get() {
    static const BuiltinTable table;
    return table;
  }

  size_t size() const { return byName_.size(); }
  /// The lines of the aten table (the rest are piecewiseSchemas()).
  size_t atenSize() const { return atenCount_; }
  bool contains(std::string_view qualified) const { return byName_.count(qualified) != 0; }

  /// The schema called `qualified`, or nullptr.
  const FunctionSchema* find(std::string_view qualified) const {
    auto it = byName_.find(qualified);
    return it == byName_.end() ? nullptr : materialize(*it->second);
  }

  /// Qualified names of the packet's schemas, in table order.
  const std::vector<std::string_view>* packet(std::string_view packet) const {
    auto it = byPacket_.find(packet);
    return it == byPacket_.end() ? nullptr : &it->second;
  }

private:
  struct Entry {
    std::string_view text;
    mutable std::atomic<const FunctionSchema*> schema{nullptr};
  };

  BuiltinTable() {
    size_t total = 0;
    for (const char* chunk : kEmbeddedChunks)
      total += std::char_traits<char>::length(chunk);
    text_.reserve(total);
    for (const char* chunk : kEmbeddedChunks)
      text_ += chunk;
    size_t atenEnd = text_.size();
    text_ += '\n';
    text_ += piecewiseSchemas();

    // About 100 bytes a schema line: size the maps once instead of rehashing
    // them a dozen times at every start.
    byName_.reserve(total / 64);
    byPacket_.reserve(total / 128);
    std::string_view all = text_;
    size_t pos = 0;
    while (pos < all.size()) {
      size_t eol = all.find('\n', pos);
      if (eol == std::string_view::npos)
        eol = all.size();
      std::string_view line = stripComment(all.substr(pos, eol - pos));
      bool aten = pos < atenEnd;
      pos = eol + 1;
      if (isBlank(line))
        continue;
      Entry& e = entries_.emplace_back();
      e.text = line;
      std::string_view name = schemaLineName(line);
      auto [it, inserted] = byName_.emplace(name, &e);
      if (!inserted) {
        it->second = &e; // a later line replaces an earlier one, as add() does
        continue;
      }
      atenCount_ += aten;
      byPacket_[opPacket(name)].push_back(name);
    }
  }

  const FunctionSchema* materialize(const Entry& e) const {
    if (const FunctionSchema* s = e.schema.load(std::memory_order_acquire))
      return s;
    std::lock_guard<std::mutex> lock(mutex_);
    if (const FunctionSchema* s = e.schema.load(std::memory_order_relaxed))
      return s;
    DiagnosticEngine diag;
    FailureOr<FunctionSchema> parsed = parseSchema(e.text, Location{}, diag);
    if (failed(parsed))
      return nullptr; // the table test guarantees this does not happen
    const FunctionSchema* s = &parsed_.emplace_back(std::move(*parsed));
    e.schema.store(s, std::memory_order_release);
    return s;
  }

  std::string text_;
  size_t atenCount_ = 0;
  std::deque<Entry> entries_;
  std::unordered_map<std::string_view, const Entry*> byName_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> byPacket_;
  mutable std::mutex mutex_;
  mutable std::deque<FunctionSchema> parsed_;
};

} // namespace

struct OpRegistry::Impl {
  const BuiltinTable* builtin = nullptr;
  /// The registry's own schemas; a deque so that handed-out pointers stay
  /// valid when more are added (a replaced schema is kept alive, unused).
  std::deque<FunctionSchema> owned;
  std::unordered_map<std::string, const FunctionSchema*, StringHash, std::equal_to<>> byName;
  /// Packet -> qualified names of its overlay schemas, in insertion order.
  std::unordered_map<std::string, std::vector<std::string>, StringHash, std::equal_to<>> byPacket;
  /// Overlay names that do not shadow a built-in schema.
  size_t numNew = 0;
  /// Schema files read; diagnostics point into them.
  std::vector<std::unique_ptr<SourceBuffer>> buffers;

  const FunctionSchema* find(std::string_view qualified) const {
    auto it = byName.find(qualified);
    if (it != byName.end())
      return it->second;
    return builtin ? builtin->find(qualified) : nullptr;
  }
};

OpRegistry::OpRegistry() : impl_(std::make_unique<Impl>()) {}
OpRegistry::~OpRegistry() = default;
OpRegistry::OpRegistry(OpRegistry&&) noexcept = default;
OpRegistry& OpRegistry::operator=(OpRegistry&&) noexcept = default;

OpRegistry OpRegistry::withBuiltinAten() {
  OpRegistry r;
  r.impl_->builtin = &BuiltinTable::get();
  return r;
}

void OpRegistry::add(FunctionSchema schema) {
  std::string name = schema.qualifiedName();
  const FunctionSchema* s = &impl_->owned.emplace_back(std::move(schema));
  auto [it, inserted] = impl_->byName.try_emplace(name, s);
  if (!inserted) {
    it->second = s;
    return;
  }
  if (!(impl_->builtin && impl_->builtin->contains(name)))
    ++impl_->numNew;
  std::string packet(opPacket(name));
  impl_->byPacket[std::move(packet)].push_back(std::move(name));
}

LogicalResult OpRegistry::addFromBuffer(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  // The input check every reader runs (support/SourceBuffer.h); a schema
  // file without schemas is fine.
  TextInputRules rules;
  rules.kind = "op schemas";
  rules.allowEmpty = true;
  if (std::optional<TextInputProblem> problem = checkTextInput(buffer, rules)) {
    diag.error(problem->loc, std::move(problem->message));
    return failure();
  }
  bool ok = true;
  for (uint32_t line = 1, e = buffer.numLines(); line <= e; ++line) {
    std::string_view text = stripComment(buffer.lineText(line));
    if (isBlank(text))
      continue;
    FailureOr<FunctionSchema> schema = parseSchema(text, Location{&buffer, line, 1}, diag);
    if (failed(schema)) {
      ok = false;
      continue;
    }
    add(std::move(*schema));
  }
  return ok ? success() : failure();
}

LogicalResult OpRegistry::addFromFile(const std::string& path, DiagnosticEngine& diag) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  if (in)
    text << in.rdbuf();
  if (!in) {
    auto& buf = impl_->buffers.emplace_back(std::make_unique<SourceBuffer>(path, std::string()));
    diag.error(Location{buf.get(), 0, 0}, fmt::format("cannot read schema file '{}'", path));
    return failure();
  }
  auto& buf = impl_->buffers.emplace_back(std::make_unique<SourceBuffer>(path, text.str()));
  return addFromBuffer(*buf, diag);
}

const FunctionSchema* OpRegistry::lookup(std::string_view target) const {
  if (!isOpTarget(target))
    return nullptr;
  std::string_view overload = opOverload(target);
  if (overload == "default")
    return impl_->find(opPacket(target));
  if (!overload.empty())
    return impl_->find(target);
  // A bare packet: only an unambiguous one resolves.
  std::vector<const FunctionSchema*> all = overloads(target);
  return all.size() == 1 ? all.front() : nullptr;
}

std::vector<const FunctionSchema*> OpRegistry::overloads(std::string_view packetName) const {
  std::string_view packet = opPacket(packetName);
  std::vector<const FunctionSchema*> out;
  if (impl_->builtin) {
    if (const std::vector<std::string_view>* names = impl_->builtin->packet(packet))
      for (std::string_view name : *names)
        if (const FunctionSchema* s = impl_->find(name)) // overlay first
          out.push_back(s);
  }
  auto it = impl_->byPacket.find(packet);
  if (it != impl_->byPacket.end())
    for (const std::string& name : it->second)
      if (!(impl_->builtin && impl_->builtin->contains(name)))
        out.push_back(impl_->byName.find(name)->second);
  return out;
}

size_t OpRegistry::size() const {
  return (impl_->builtin ? impl_->builtin->size() : 0) + impl_->numNew;
}

size_t builtinAtenSchemaCount() {
  return BuiltinTable::get().atenSize();
}

std::string_view piecewiseSchemas() {
  return "piecewise::capture_copy(Tensor src, Tensor(a!) out) -> ()\n";
}

} // namespace piecewise
