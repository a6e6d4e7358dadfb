//===- PythonNames.cpp - Python's keywords, builtins, reserved names ------===//
//
// The reserved-name table: one open-addressing lookup per node name (PythonNames.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/PythonNames.h"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace piecewise {

namespace {
// Python 3.11's keyword.kwlist, dir(builtins) less the keywords, and the names
// FX's generated code reserves.
constexpr std::string_view kKeywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",
};

constexpr std::string_view kBuiltins[] = {
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "Ellipsis",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "ExceptionGroup",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "NotADirectoryError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "__build_class__",
    "__debug__",
    "__doc__",
    "__import__",
    "__loader__",
    "__name__",
    "__package__",
    "__spec__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
};

constexpr std::string_view kFxReserved[] = {
    "NoneType", "device", "fx_pytree", "inf", "nan", "pytree", "self", "torch",
};

/// Which lists a name is on.
enum : uint8_t { kKeyword = 1, kBuiltin = 2, kFx = 4 };

/// The three lists in one open-addressing table: every node name of a parse,
/// a verification and a print is looked up here, so a lookup is a hash of
/// four bytes and at most a few compares (binary search over the lists cost
/// a fifth of `split -o`'s instructions).
class ReservedTable {
public:
  ReservedTable() {
    add(kKeywords, kKeyword);
    add(kBuiltins, kBuiltin);
    add(kFxReserved, kFx);
    for (std::string_view k : kKeywords)
      keywordLengths_[static_cast<unsigned char>(k[0]) & 127] |= uint32_t(1) << k.size();
  }
  /// False for most names that are no keyword without a table probe: no
  /// keyword has this first letter and length (dotted targets ask this of
  /// every part, `torch`, `ops`, `aten`, ...).
  bool mayBeKeyword(std::string_view name) const {
    if (name.empty() || name.size() >= 32 || static_cast<unsigned char>(name[0]) >= 128)
      return false;
    return (keywordLengths_[static_cast<unsigned char>(name[0])] >> name.size()) & 1;
  }
  uint8_t lookup(std::string_view name) const {
    if (name.empty() || name.size() > kMaxLength)
      return 0;
    for (size_t i = hash(name);; i = (i + 1) & (kSlots - 1)) {
      const Slot& s = slots_[i];
      if (s.flags == 0)
        return 0;
      if (s.name == name)
        return s.flags;
    }
  }

private:
  static constexpr size_t kSlots = 1024;
  static constexpr size_t kMaxLength = 32;
  struct Slot {
    std::string_view name;
    uint8_t flags = 0;
  };
  /// The length and the first and last up-to-four bytes, mixed by one
  /// multiply, top bits taken. (A hash of three single bytes clustered the
  /// table: a miss, the common case, probed ~3 slots; now ~1.)
  static size_t hash(std::string_view n) {
    uint32_t first = 0, last = 0;
    if (n.size() >= 4) {
      std::memcpy(&first, n.data(), 4);
      std::memcpy(&last, n.data() + n.size() - 4, 4);
    } else {
      for (char c : n)
        first = (first << 8) | static_cast<unsigned char>(c);
    }
    uint64_t h = ((static_cast<uint64_t>(first) << 32) | last) ^ n.size();
    h *= 0x9E3779B97F4A7C15ULL;
    return static_cast<size_t>(h >> 54) & (kSlots - 1);
  }
  template <size_t N> void add(const std::string_view (&list)[N], uint8_t flag) {
    for (std::string_view n : list) {
      size_t i = hash(n);
      while (slots_[i].flags != 0 && slots_[i].name != n)
        i = (i + 1) & (kSlots - 1);
      slots_[i].name = n;
      slots_[i].flags |= flag;
    }
  }
  std::array<Slot, kSlots> slots_{};
  /// By first letter: bit n is set when a keyword of that letter has length n.
  std::array<uint32_t, 128> keywordLengths_{};
};

const ReservedTable& reservedTable() {
  static const ReservedTable table;
  return table;
}
} // namespace

bool isPythonKeyword(std::string_view name) {
  const ReservedTable& table = reservedTable();
  return table.mayBeKeyword(name) && (table.lookup(name) & kKeyword);
}

bool isPythonBuiltin(std::string_view name) {
  return reservedTable().lookup(name) & kBuiltin;
}

bool isReservedPythonName(std::string_view name) {
  return reservedTable().lookup(name) != 0;
}

std::string reservedNameMessage(std::string_view name) {
  return fmt::format("'{}' cannot name a node: it is a Python keyword, a builtin, or a name "
                     "FX's generated code reserves (FX renames such values, e.g. 'input' to "
                     "'input_1')",
                     name);
}

bool isPythonStringPrefix(std::string_view name) {
  if (name.empty() || name.size() > 2)
    return false;
  bool raw = false, bytes = false, fmt = false, tmpl = false, unicode = false;
  for (char c : name) {
    switch (c | 0x20) {
    case 'r':
      if (raw)
        return false;
      raw = true;
      break;
    case 'b':
      bytes = true;
      break;
    case 'f':
      fmt = true;
      break;
    case 't':
      tmpl = true;
      break;
    case 'u':
      unicode = true;
      break;
    default:
      return false;
    }
  }
  // Python 3.14's prefixes: r u b f t, and br rb fr rf tr rt in any case (u
  // stands alone).
  if (name.size() == 2)
    return raw && (bytes || fmt || tmpl) && !unicode;
  return true;
}

} // namespace piecewise
