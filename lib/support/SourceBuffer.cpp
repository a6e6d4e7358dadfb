//===- SourceBuffer.cpp - Input text and source locations -----------------===//
//
// Line index, line/column lookup and the one input check (NUL, UTF-8, lone CR) (SourceBuffer.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/support/SourceBuffer.h"

#include "piecewise/support/Bytes16.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace piecewise {

SourceBuffer::SourceBuffer(std::string name, std::string text)
    : name_(std::move(name)), ownedText_(std::move(text)), text_(ownedText_) {
  indexLines();
}

SourceBuffer::SourceBuffer(std::string name, std::unique_ptr<char[]> bytes, size_t size)
    : name_(std::move(name)), ownedBytes_(std::move(bytes)), text_(ownedBytes_.get(), size) {
  indexLines();
}

void SourceBuffer::indexLines() {
  lineStarts_.push_back(0);
  const char* b = text_.data();
  const char* e = b + text_.size();
  for (const char* p = b; p < e;) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(e - p)));
    if (!nl || nl + 1 >= e)
      break;
    lineStarts_.push_back(static_cast<size_t>(nl + 1 - b));
    p = nl + 1;
  }
}

std::string_view SourceBuffer::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = text_.find('\n', begin);
  if (end == std::string::npos)
    end = text_.size();
  if (end > begin && text_[end - 1] == '\r')
    --end;
  return text_.substr(begin, end - begin);
}

uint32_t SourceBuffer::lineOf(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<uint32_t>(it - lineStarts_.begin());
}

size_t SourceBuffer::lineStart(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return text_.size();
  return lineStarts_[line - 1];
}

namespace {

/// Whether any of the 8 bytes at `p` is non-ASCII, a CR or a NUL (high bit of
/// each byte: set, or set by a byte-wise "equals zero" test on w and w ^ CRs).
bool hasNonAsciiCROrNul8(const char* p) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  uint64_t w;
  std::memcpy(&w, p, 8);
  uint64_t cr = w ^ (kOnes * '\r');
  return ((w | ((cr - kOnes) & ~cr) | ((w - kOnes) & ~w)) & kHigh) != 0;
}

/// The same for 64 bytes: the whole input passes through here, so it is read
/// 16 bytes at a time where the compiler has vector types (support/Bytes16.h).
bool hasNonAsciiCROrNul64(const char* p) {
#if PIECEWISE_HAS_BYTES16
  simd::Bytes16 bad = {};
  for (int k = 0; k < 4; ++k) {
    simd::Bytes16 v = simd::load16(p + 16 * k);
    bad |= (simd::Bytes16)((v >= 0x80) | (v == '\r') | (v == 0));
  }
  return simd::anySet((simd::Mask16)bad);
#else
  for (int k = 0; k < 8; ++k)
    if (hasNonAsciiCROrNul8(p + 8 * k))
      return true;
  return false;
#endif
}

Location locationOf(const SourceBuffer& buffer, size_t offset) {
  uint32_t line = buffer.lineOf(offset);
  return Location{&buffer, line, static_cast<uint32_t>(offset - buffer.lineStart(line) + 1)};
}

/// Length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no
/// overlong forms, no surrogates, nothing above U+10FFFF), or 0.
size_t utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  if (c < 0x80)
    return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0)
      lo = 0xA0;
    else if (c == 0xED)
      hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0)
      lo = 0x90;
    else if (c == 0xF4)
      hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > text.size() || byte(i + 1) < lo || byte(i + 1) > hi)
    return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
      return 0;
  return n;
}

} // namespace

std::optional<TextInputProblem> checkTextInput(const SourceBuffer& buffer,
                                               const TextInputRules& rules) {
  std::string_view text = buffer.text();
  if (!rules.allowEmpty && text.find_first_not_of(" \t\r\n\f\v") == std::string_view::npos)
    return TextInputProblem{Location{&buffer, 1, 1},
                            fmt::format("input is empty: expected {}", rules.expected)};
  // A NUL byte anywhere is reported before any other problem: the input is
  // binary, and its first invalid byte would say less.
  auto firstNulFrom = [&](size_t from) -> std::optional<TextInputProblem> {
    const void* nul = std::memchr(text.data() + from, '\0', text.size() - from);
    if (!nul)
      return std::nullopt;
    return TextInputProblem{
        locationOf(buffer, static_cast<size_t>(static_cast<const char*>(nul) - text.data())),
        fmt::format("input contains a NUL byte; this looks like a binary file, not {}",
                    rules.kind)};
  };
  if (!rules.strictText)
    return firstNulFrom(0);
  // One pass: every byte before `i` is ASCII (not NUL, not a lone CR) or part
  // of a valid UTF-8 sequence, so the first problem found is at `i`.
  auto problemAt = [&](size_t i, std::string message) {
    if (std::optional<TextInputProblem> nul = firstNulFrom(i))
      return *nul;
    return TextInputProblem{locationOf(buffer, i), std::move(message)};
  };
  for (size_t i = 0; i < text.size();) {
    // Fast paths: 64, then eight ASCII bytes none of which is a CR or a NUL.
    if (i + 64 <= text.size() && !hasNonAsciiCROrNul64(text.data() + i)) {
      i += 64;
      continue;
    }
    if (i + 8 <= text.size() && !hasNonAsciiCROrNul8(text.data() + i)) {
      i += 8;
      continue;
    }
    auto c = static_cast<unsigned char>(text[i]);
    if (c == '\0')
      return firstNulFrom(i);
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))
      return problemAt(i, "carriage return not followed by a line feed: Python reads it as a "
                          "line end; piecewise reads LF or CRLF line ends only");
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t n = utf8SequenceLength(text, i);
    if (n == 0)
      return problemAt(i, fmt::format("input is not valid UTF-8 (byte 0x{:02x})", c));
    i += n;
  }
  return std::nullopt;
}

} // namespace piecewise
