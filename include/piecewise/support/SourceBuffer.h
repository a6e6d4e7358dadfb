//===- SourceBuffer.h - Input text and source locations ---------*- C++ -*-===//
//
// A SourceBuffer owns the text of one input (a file or stdin) and maps byte
// offsets to 1-based line and column numbers. A Location is a buffer plus a
// line and column; every parsed node keeps one so that diagnostics about it
// can point at the text it came from.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

class SourceBuffer {
public:
  SourceBuffer(std::string name, std::string text);
  /// Takes the first `size` bytes of `bytes` as the text; `bytes` holds at
  /// least size + 1 bytes and bytes[size] is '\0' (as std::string's text
  /// is). How a reader hands over a file read into uninitialized memory:
  /// no zero-fill, no copy.
  SourceBuffer(std::string name, std::unique_ptr<char[]> bytes, size_t size);

  const std::string& name() const { return name_; }
  std::string_view text() const { return text_; }

  /// The text of 1-based line `line`, without its newline. Empty if out of range.
  std::string_view lineText(uint32_t line) const;
  /// 1-based line number containing byte `offset`.
  uint32_t lineOf(size_t offset) const;
  /// Byte offset of the first character of 1-based `line`.
  size_t lineStart(uint32_t line) const;
  uint32_t numLines() const { return static_cast<uint32_t>(lineStarts_.size()); }

private:
  void indexLines();

  std::string name_;
  std::string ownedText_;              ///< the text, when given as a string
  std::unique_ptr<char[]> ownedBytes_; ///< or as bytes
  std::string_view text_;
  std::vector<size_t> lineStarts_;
};

/// A position in a SourceBuffer; line and col are 1-based. A default Location
/// is unknown (nodes built by passes have one).
struct Location {
  const SourceBuffer* buffer = nullptr;
  uint32_t line = 0;
  uint32_t col = 0;

  bool isKnown() const { return buffer != nullptr && line != 0; }
};

/// What a text input must be before a parser sees it, and how to name it.
struct TextInputRules {
  /// What the input should hold, for the empty-input message
  /// (`a graph in code form ...`).
  std::string_view expected;
  /// What the input is not when it is binary (`FX graph text`).
  std::string_view kind;
  /// Require valid UTF-8 and LF or CRLF line ends (a lone CR is a line end
  /// to Python but not to piecewise, so text after it would be misread).
  bool strictText = true;
  /// Accept an empty (or blank) input: a schema file may hold no schemas.
  bool allowEmpty = false;
};

/// A reason an input is not text of the expected kind, at its first byte.
struct TextInputProblem {
  Location loc;
  std::string message;
};

/// The one check every reader (the graph parsers, the wrapper verifier, the
/// schema files) runs on its input before parsing. Finds, in this order, an
/// empty (or blank) input unless `allowEmpty`, a NUL byte (binary input), and
/// with `strictText` the first byte that is not valid UTF-8 or a CR not
/// followed by LF. Returns nullopt when the input is fine. Linear in the input
/// size.
std::optional<TextInputProblem> checkTextInput(const SourceBuffer& buffer,
                                               const TextInputRules& rules);

} // namespace piecewise
