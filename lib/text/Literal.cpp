//===- Literal.cpp - The one literal layer of both text forms -------------===//
//
// Reads and writes Python numbers, strings, bytes and devices as Python and torch do (Literal.h).
//
//===----------------------------------------------------------------------===//

#include "Literal.h"

#include "piecewise/ir/PythonNames.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/Bytes16.h"
#include "piecewise/support/CharClass.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace piecewise::text {

void appendPythonFloat(std::string& out, double d) {
  if (std::isnan(d)) {
    out += "nan";
    return;
  }
  if (std::isinf(d)) {
    out += d < 0 ? "-inf" : "inf";
    return;
  }
  // Shortest round-trip digits in scientific form: `-1.2345e-06`.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  bool negative = false;
  if (!sci.empty() && sci[0] == '-') {
    negative = true;
    sci.remove_prefix(1);
  }
  size_t ePos = sci.find('e');
  std::string_view mantissa = sci.substr(0, ePos);
  int exp10 = std::atoi(std::string(sci.substr(ePos + 1)).c_str());
  char digits[32];
  size_t nd = 0;
  for (char c : mantissa)
    if (c != '.' && nd < sizeof(digits))
      digits[nd++] = c;
  // decpt: position of the decimal point relative to the first digit (CPython's convention).
  int decpt = exp10 + 1;
  if (negative)
    out += '-';
  if (decpt <= -4 || decpt > 16) {
    out += digits[0];
    if (nd > 1) {
      out += '.';
      out.append(digits + 1, nd - 1);
    }
    out += 'e';
    int e = decpt - 1;
    out += e < 0 ? '-' : '+';
    int ae = e < 0 ? -e : e;
    if (ae < 10)
      out += '0';
    out += std::to_string(ae);
    return;
  }
  if (decpt <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-decpt), '0');
    out.append(digits, nd);
  } else if (static_cast<size_t>(decpt) >= nd) {
    out.append(digits, nd);
    out.append(static_cast<size_t>(decpt) - nd, '0');
    out += ".0";
  } else {
    out.append(digits, static_cast<size_t>(decpt));
    out += '.';
    out.append(digits + decpt, nd - static_cast<size_t>(decpt));
  }
}

namespace {

/// Decodes one UTF-8 sequence at s[i]; returns its length (1 for a byte that
/// starts no valid sequence, with cp set to that byte).
size_t decodeUtf8(std::string_view s, size_t i, uint32_t& cp) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  unsigned char c = b(0);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) {
    cp = c;
    return 1;
  }
  cp = n == 1 ? c : n == 2 ? (c & 0x1Fu) : n == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) {
      cp = c;
      return 1;
    }
    cp = (cp << 6) | (b(k) & 0x3Fu);
  }
  return n;
}

/// Code points CPython's repr() escapes because str.isprintable() is false for
/// them: controls (C0, DEL, C1), the separators other than space (Zs, Zl, Zp),
/// format characters (Cf), surrogates and private use. Unassigned code points
/// print raw here; either spelling reads back as the same value.
bool isNonPrintable(uint32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD)
    return true;
  if (cp < 0x300)
    return false;
  return (cp >= 0x600 && cp <= 0x605) || cp == 0x61C || cp == 0x6DD || cp == 0x70F ||
         cp == 0x1680 || cp == 0x180E || (cp >= 0x2000 && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x2064) ||
         (cp >= 0x2066 && cp <= 0x206F) || cp == 0x3000 || (cp >= 0xD800 && cp <= 0xF8FF) ||
         cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0x110BD ||
         (cp >= 0x1D173 && cp <= 0x1D17A) || cp == 0xE0001 || (cp >= 0xE0020 && cp <= 0xE007F) ||
         cp >= 0xF0000;
}

} // namespace

void appendPythonStringBody(std::string& out, std::string_view s, char quote) {
  static const char* const kHex = "0123456789abcdef";
  auto hex = [&](uint32_t v, int digits) {
    for (int k = digits - 1; k >= 0; --k)
      out += kHex[(v >> (4 * k)) & 15];
  };
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
      ++i;
      continue;
    }
    if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
      ++i;
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F) {
      out += c;
      ++i;
      continue;
    }
    uint32_t cp = 0;
    size_t n = decodeUtf8(s, i, cp);
    if (!isNonPrintable(cp)) {
      out.append(s.data() + i, n);
    } else if (cp < 0x100) {
      out += "\\x";
      hex(cp, 2);
    } else if (cp < 0x10000) {
      out += "\\u";
      hex(cp, 4);
    } else {
      out += "\\U";
      hex(cp, 8);
    }
    i += n;
  }
}

bool isPrintableString(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7F)
        return false;
      ++i;
      continue;
    }
    uint32_t cp = 0;
    i += decodeUtf8(s, i, cp);
    if (isNonPrintable(cp))
      return false;
  }
  return true;
}

void appendPythonBytes(std::string& out, std::string_view b) {
  static const char* const kHex = "0123456789abcdef";
  // repr(bytes): single quotes unless the value holds a `'` and no `"`.
  char quote =
      b.find('\'') != std::string_view::npos && b.find('"') == std::string_view::npos ? '"' : '\'';
  out += 'b';
  out += quote;
  for (char c : b) {
    auto u = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else if (u >= 0x20 && u < 0x7F) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  out += quote;
}

void appendPythonString(std::string& out, std::string_view s) {
  bool hasSingle = s.find('\'') != std::string_view::npos;
  bool hasDouble = hasSingle && s.find('"') != std::string_view::npos;
  char quote = hasSingle && !hasDouble ? '"' : '\'';
  out += quote;
  appendPythonStringBody(out, s, quote);
  out += quote;
}

void appendPythonDevice(std::string& out, std::string_view dev) {
  size_t colon = dev.find(':');
  out += "device(type=";
  appendPythonString(out, dev.substr(0, colon));
  if (colon != std::string_view::npos) {
    out += ", index=";
    out += dev.substr(colon + 1);
  }
  out += ')';
}

void appendPythonInt(std::string& out, int64_t v) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof(buf), v);
  out.append(buf, static_cast<size_t>(res.ptr - buf));
}

void appendComplexRepr(std::string& out, double re, double im) {
  // CPython: `2j` when the real part is +0.0, else `(re+imj)`; each part is
  // repr(float) without a trailing `.0`.
  auto part = [&](double d) {
    size_t mark = out.size();
    appendPythonFloat(out, d);
    if (out.size() - mark >= 2 && out.compare(out.size() - 2, 2, ".0") == 0)
      out.resize(out.size() - 2);
  };
  if (re == 0 && !std::signbit(re)) {
    part(im);
    out += 'j';
    return;
  }
  out += '(';
  part(re);
  if (!std::signbit(im) || std::isnan(im))
    out += '+';
  part(im);
  out += "j)";
}

ComplexValue pythonComplexSum(double re, bool reIsInt, bool minus, double im) {
  // int and float operands become complex(x, 0.0) (an int has no -0), then
  // CPython adds or subtracts the parts.
  double r = reIsInt && re == 0 ? 0.0 : re;
  return minus ? ComplexValue{r - 0.0, 0.0 - im} : ComplexValue{r + 0.0, 0.0 + im};
}

namespace {
bool sameDouble(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}
} // namespace

void appendPythonComplex(std::string& out, double re, double im) {
  // repr(complex) unless Python would read that text as another value: a
  // signed zero it loses (`(-0-0j)` is 0j to Python) or a `nanj`/`infj` it has
  // no name for. Then `complex(re, im)`, which reads back exactly.
  bool readsBack = std::isfinite(im);
  if (re == 0 && !std::signbit(re)) {
    readsBack = readsBack && !std::signbit(im); // `-2j` reads as complex(-0.0, -2.0)
  } else if (readsBack) {
    // `(R+Ij)`: R is an int in the text when its repr has no '.', 'e', inf or nan.
    bool reIsInt = std::isfinite(re) && re == std::trunc(re) && std::fabs(re) < 1e16;
    ComplexValue v = pythonComplexSum(re, reIsInt, std::signbit(im), std::fabs(im));
    readsBack = sameDouble(v.re, re) && sameDouble(v.im, im);
  }
  if (readsBack) {
    appendComplexRepr(out, re, im);
    return;
  }
  out += "complex(";
  appendPythonFloat(out, re);
  out += ", ";
  appendPythonFloat(out, im);
  out += ')';
}

bool isPythonIdentifier(std::string_view s) {
  if (s.empty())
    return false;
  if (!ascii::isIdentStart(s[0]))
    return false;
  for (char c : s)
    if (!ascii::isIdentChar(c))
      return false;
  return true;
}

namespace {

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}
} // namespace

size_t stringPrefixLength(std::string_view text, size_t pos) {
  size_t q = pos;
  while (q < text.size() && q - pos < 3 && text[q] != '\'' && text[q] != '"')
    ++q;
  if (q >= text.size() || (text[q] != '\'' && text[q] != '"'))
    return std::string_view::npos;
  if (q != pos && !isPythonStringPrefix(text.substr(pos, q - pos)))
    return std::string_view::npos;
  return q - pos;
}

size_t skipPythonString(std::string_view text, size_t pos) {
  size_t p = stringPrefixLength(text, pos);
  if (p == std::string_view::npos)
    return std::string_view::npos;
  const char* b = text.data();
  const char* e = b + text.size();
  const char* q = b + pos + p;
  char quote = *q++;
#if PIECEWISE_HAS_BYTES16
  // Most strings (annotations) hold no backslash: find the first quote,
  // backslash or line end 16 bytes at a time; on a backslash or a line end
  // the loop below goes on from the block that holds it.
  const simd::Bytes16 quotes = simd::splat16(quote), slashes = simd::splat16('\\'),
                      newlines = simd::splat16('\n');
  while (e - q >= 16) {
    simd::Bytes16 v = simd::load16(q);
    unsigned first = simd::firstSet((v == quotes) | (v == slashes) | (v == newlines));
    if (first == 16) {
      q += 16;
      continue;
    }
    const char* hit = q + first;
    if (*hit == quote)
      return static_cast<size_t>(hit - b) + 1;
    break;
  }
#endif
  while (q < e) {
    // The next quote, then whether a backslash or a line end comes before it.
    const char* end = static_cast<const char*>(std::memchr(q, quote, static_cast<size_t>(e - q)));
    if (!end)
      return std::string_view::npos;
    size_t n = static_cast<size_t>(end - q);
    const char* slash = static_cast<const char*>(std::memchr(q, '\\', n));
    const char* stop = slash ? slash : end;
    if (std::memchr(q, '\n', static_cast<size_t>(stop - q)))
      return std::string_view::npos;
    if (!slash)
      return static_cast<size_t>(end - b) + 1;
    // In raw strings too, a backslash keeps the next character in the string.
    if (slash + 1 >= e || slash[1] == '\n')
      return std::string_view::npos;
    q = slash + 2;
  }
  return std::string_view::npos;
}

size_t scanPythonString(std::string_view text, size_t pos, std::string& value, size_t& errorPos,
                        const char*& error, bool* isBytes) {
  value.clear();
  size_t prefix = stringPrefixLength(text, pos);
  if (prefix == std::string_view::npos) {
    errorPos = pos;
    error = "expected a string literal";
    return std::string_view::npos;
  }
  bool raw = false, bytes = false;
  for (size_t k = 0; k < prefix; ++k) {
    char c = static_cast<char>(text[pos + k] | 0x20);
    if (c == 'f' || c == 't') {
      errorPos = pos;
      error = c == 'f' ? "an f-string is an expression, not a value"
                       : "a t-string is an expression, not a value";
      return std::string_view::npos;
    }
    bytes |= c == 'b';
    raw |= c == 'r';
  }
  if (isBytes)
    *isBytes = bytes;
  if (bytes && !isBytes) {
    errorPos = pos;
    error = "a bytes value (b'...') cannot stand here: a str is expected";
    return std::string_view::npos;
  }
  size_t open = pos + prefix;
  char quote = text[open];
  size_t i = open + 1;
  while (i < text.size()) {
    // Copy the run of ordinary characters at once.
    size_t runEnd = i;
    while (runEnd < text.size() && text[runEnd] != quote && text[runEnd] != '\\' &&
           text[runEnd] != '\n')
      ++runEnd;
    if (bytes) {
      for (size_t k = i; k < runEnd; ++k)
        if (static_cast<unsigned char>(text[k]) >= 0x80) {
          errorPos = k;
          error = "bytes can only contain ASCII literal characters";
          return std::string_view::npos;
        }
    }
    value.append(text.data() + i, runEnd - i);
    i = runEnd;
    if (i >= text.size())
      break;
    char c = text[i];
    if (c == quote)
      return i + 1;
    if (c == '\n')
      break;
    // A backslash.
    if (i + 1 >= text.size() || text[i + 1] == '\n')
      break;
    char e = text[i + 1];
    size_t escStart = i;
    i += 2;
    if (raw || (bytes && (e == 'u' || e == 'U' || e == 'N'))) {
      // Raw strings keep backslashes; bytes have no \u, \U or \N escapes.
      value += '\\';
      value += e;
      continue;
    }
    if (bytes && e == 'x') {
      int hi = i < text.size() ? ascii::hexDigitValue(text[i]) : -1;
      int lo = i + 1 < text.size() ? ascii::hexDigitValue(text[i + 1]) : -1;
      if (hi < 0 || lo < 0) {
        errorPos = escStart;
        error = "invalid \\x escape in bytes";
        return std::string_view::npos;
      }
      value += static_cast<char>(hi * 16 + lo); // a byte, not a code point
      i += 2;
      continue;
    }
    if (bytes && ascii::isOctDigit(e)) {
      uint32_t v = static_cast<uint32_t>(e - '0');
      for (int k = 0; k < 2 && i < text.size() && ascii::isOctDigit(text[i]); ++k, ++i)
        v = v * 8 + static_cast<uint32_t>(text[i] - '0');
      value += static_cast<char>(v & 0xFF); // CPython keeps the low byte of `\777`
      continue;
    }
    switch (e) {
    case '\\':
    case '\'':
    case '"':
      value += e;
      break;
    case 'n':
      value += '\n';
      break;
    case 'r':
      value += '\r';
      break;
    case 't':
      value += '\t';
      break;
    case 'a':
      value += '\a';
      break;
    case 'b':
      value += '\b';
      break;
    case 'f':
      value += '\f';
      break;
    case 'v':
      value += '\v';
      break;
    case 'x':
    case 'u':
    case 'U': {
      size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
      uint32_t cp = 0;
      for (size_t k = 0; k < n; ++k) {
        int h = i + k < text.size() ? ascii::hexDigitValue(text[i + k]) : -1;
        if (h < 0) {
          errorPos = escStart;
          error = e == 'x'   ? "truncated \\xXX escape in string"
                  : e == 'u' ? "truncated \\uXXXX escape in string"
                             : "truncated \\UXXXXXXXX escape in string";
          return std::string_view::npos;
        }
        cp = cp * 16 + static_cast<uint32_t>(h);
      }
      i += n;
      if (cp > 0x10FFFF) {
        errorPos = escStart;
        error = "illegal Unicode character in string (beyond U+10FFFF)";
        return std::string_view::npos;
      }
      if (cp >= 0xD800 && cp <= 0xDFFF) {
        errorPos = escStart;
        error = "a lone surrogate escape cannot be represented";
        return std::string_view::npos;
      }
      // A str literal: `\x80` is the code point U+0080, not the byte 0x80.
      appendUtf8(value, cp);
      break;
    }
    case 'N':
      errorPos = escStart;
      error = "named Unicode escapes (\\N{...}) are not supported: spell the character or "
              "use \\u";
      return std::string_view::npos;
    default:
      if (ascii::isOctDigit(e)) {
        uint32_t v = static_cast<uint32_t>(e - '0');
        for (int k = 0; k < 2 && i < text.size() && ascii::isOctDigit(text[i]); ++k, ++i)
          v = v * 8 + static_cast<uint32_t>(text[i] - '0');
        appendUtf8(value, v); // `\101` is U+0041; up to `\777`
      } else {
        // Python keeps unknown escapes verbatim.
        value += '\\';
        value += e;
      }
      break;
    }
  }
  errorPos = open;
  error = "unterminated string";
  return std::string_view::npos;
}

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

namespace {

/// A byte that continues a name in Python source (where `1abc` and `1é` are no numbers).
bool isIdentChar(char c) {
  return ascii::isIdentChar(c) || ascii::isNonAscii(c);
}
/// Digits of `radix` with single underscores between them, from p. Returns
/// the end; `count` gets the number of digits; `bad` the first misplaced '_'.
const char* scanDigits(const char* p, const char* e, int radix, size_t& count, const char*& bad) {
  count = 0;
  bad = nullptr;
  while (p < e) {
    int v = ascii::hexDigitValue(*p);
    if (v >= 0 && v < radix) {
      ++count;
      ++p;
      continue;
    }
    if (*p == '_') {
      if (p + 1 >= e || ascii::hexDigitValue(p[1]) < 0 || ascii::hexDigitValue(p[1]) >= radix) {
        bad = p;
        return p;
      }
      ++p;
      continue;
    }
    break;
  }
  return p;
}

} // namespace

NumberToken scanNumber(const char* b, const char* e) {
  NumberToken t;
  const char* p = b;
  // Most numbers in a graph are small plain ints (`64`, `0`): decimal digits
  // without separators, followed by neither a name character nor '.'.
  if (p < e && *p >= '1' && *p <= '9') {
    const char* q = p + 1;
    while (q < e && ascii::isDigit(*q))
      ++q;
    if (q == e || (!isIdentChar(*q) && *q != '.')) {
      t.length = static_cast<size_t>(q - b);
      return t;
    }
  } else if (p < e && *p == '0' && (p + 1 == e || (!isIdentChar(p[1]) && p[1] != '.'))) {
    t.length = 1;
    return t;
  }
  auto fail = [&](const char* at, const char* msg) {
    t.error = msg;
    t.errorAt = static_cast<size_t>(at - b);
    t.length = static_cast<size_t>((at < e ? at + 1 : at) - b);
    return t;
  };
  size_t count = 0;
  const char* bad = nullptr;
  if (p + 1 < e && *p == '0' &&
      ((p[1] | 0x20) == 'x' || (p[1] | 0x20) == 'o' || (p[1] | 0x20) == 'b')) {
    char kind = static_cast<char>(p[1] | 0x20);
    int radix = kind == 'x' ? 16 : kind == 'o' ? 8 : 2;
    p += 2;
    if (p < e && *p == '_')
      ++p; // `0x_1f` is valid Python
    p = scanDigits(p, e, radix, count, bad);
    const char* what = kind == 'x'   ? "invalid hexadecimal literal"
                       : kind == 'o' ? "invalid octal literal"
                                     : "invalid binary literal";
    if (bad)
      return fail(bad, what);
    if (count == 0 || (p < e && (isIdentChar(*p) || *p == '.')))
      return fail(p < e ? p : p - 1, what);
    t.length = static_cast<size_t>(p - b);
    return t;
  }
  bool leadingZero = *p == '0';
  bool nonZeroDigit = false;
  const char* intStart = p;
  p = scanDigits(p, e, 10, count, bad);
  if (bad)
    return fail(bad, "invalid decimal literal");
  for (const char* q = intStart; q < p; ++q)
    nonZeroDigit |= *q != '0' && *q != '_';
  if (p < e && *p == '.') {
    t.isFloat = true;
    ++p;
    if (p < e && *p == '_')
      return fail(p, "invalid decimal literal");
    p = scanDigits(p, e, 10, count, bad);
    if (bad)
      return fail(bad, "invalid decimal literal");
  }
  if (p < e && (*p | 0x20) == 'e') {
    const char* q = p + 1;
    if (q < e && (*q == '+' || *q == '-'))
      ++q;
    if (q >= e || !ascii::isDigit(*q))
      return fail(p, "invalid decimal literal");
    p = scanDigits(q, e, 10, count, bad);
    if (bad)
      return fail(bad, "invalid decimal literal");
    t.isFloat = true;
  }
  if (p < e && (*p | 0x20) == 'j') {
    ++p;
    t.isImag = true;
  } else if (!t.isFloat && leadingZero && nonZeroDigit) {
    return fail(intStart, "leading zeros in decimal integer literals are not permitted; use an "
                          "0o prefix for octal integers");
  }
  if (p < e && isIdentChar(*p))
    return fail(p, "invalid decimal literal");
  t.length = static_cast<size_t>(p - b);
  return t;
}

namespace {

/// Decimal digits of a magnitude held in base-1e9 limbs (least significant first).
std::string limbsToDecimal(std::vector<uint32_t> limbs) {
  std::string digits;
  while (!limbs.empty()) {
    uint64_t rem = 0;
    for (size_t k = limbs.size(); k-- > 0;) {
      uint64_t cur = (rem << 32) | limbs[k];
      limbs[k] = static_cast<uint32_t>(cur / 10);
      rem = cur % 10;
    }
    digits += static_cast<char>('0' + rem);
    while (!limbs.empty() && limbs.back() == 0)
      limbs.pop_back();
  }
  if (digits.empty())
    digits = "0";
  std::reverse(digits.begin(), digits.end());
  return digits;
}

double parseDouble(std::string_view s) {
  double d = 0;
  auto res = std::from_chars(s.data(), s.data() + s.size(), d);
  if (res.ec == std::errc::result_out_of_range) {
    // 1e999 is inf and 1e-999 is 0.0 in Python; strtod rounds the same way.
    std::string tmp(s);
    d = std::strtod(tmp.c_str(), nullptr);
  }
  return d;
}

} // namespace

NumberValue readNumber(std::string_view token, const NumberToken& shape, bool negate) {
  NumberValue v;
  // Digits without their separators.
  char small[64];
  std::string large;
  std::string_view clean = token;
  if (token.find('_') != std::string_view::npos) {
    char* out = small;
    if (token.size() > sizeof(small)) {
      large.reserve(token.size());
      for (char c : token)
        if (c != '_')
          large += c;
      clean = large;
    } else {
      for (char c : token)
        if (c != '_')
          *out++ = c;
      clean = std::string_view(small, static_cast<size_t>(out - small));
    }
  }
  if (shape.isImag) {
    v.kind = NumberValue::Kind::Complex;
    double im = parseDouble(clean.substr(0, clean.size() - 1));
    v.re = negate ? -0.0 : 0.0;
    v.im = negate ? -im : im;
    return v;
  }
  if (shape.isFloat) {
    v.kind = NumberValue::Kind::Float;
    double d = parseDouble(clean);
    v.re = negate ? -d : d;
    return v;
  }
  int radix = 10;
  std::string_view digits = clean;
  if (digits.size() > 2 && digits[0] == '0' &&
      ((digits[1] | 0x20) == 'x' || (digits[1] | 0x20) == 'o' || (digits[1] | 0x20) == 'b')) {
    char k = static_cast<char>(digits[1] | 0x20);
    radix = k == 'x' ? 16 : k == 'o' ? 8 : 2;
    digits.remove_prefix(2);
  }
  uint64_t mag = 0;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), mag, radix);
  if (ec == std::errc() && p == digits.data() + digits.size()) {
    constexpr uint64_t kMax = static_cast<uint64_t>(INT64_MAX);
    if (mag <= kMax || (negate && mag == kMax + 1)) {
      v.kind = NumberValue::Kind::Int;
      v.i = negate ? static_cast<int64_t>(0 - mag) : static_cast<int64_t>(mag);
      return v;
    }
  }
  // Beyond int64: the magnitude in 32-bit limbs, then decimal.
  std::vector<uint32_t> limbs;
  for (char c : digits) {
    uint64_t carry = static_cast<uint64_t>(ascii::hexDigitValue(c));
    for (uint32_t& l : limbs) {
      uint64_t cur = static_cast<uint64_t>(l) * static_cast<uint64_t>(radix) + carry;
      l = static_cast<uint32_t>(cur);
      carry = cur >> 32;
    }
    if (carry)
      limbs.push_back(static_cast<uint32_t>(carry));
  }
  v.kind = NumberValue::Kind::BigInt;
  v.big = (negate ? "-" : "") + limbsToDecimal(std::move(limbs));
  return v;
}

std::optional<NumberValue> readCanonicalNumber(std::string_view s) {
  if (s.empty())
    return std::nullopt;
  char c0 = s[0] == '-' ? (s.size() > 1 ? s[1] : '\0') : s[0];
  if (!ascii::isDigit(c0) && c0 != 'i' && c0 != 'n' && c0 != '(')
    return std::nullopt;
  NumberValue v;
  std::string printed;
  // str(int): an optional '-', then digits without leading zeros.
  size_t i = s[0] == '-' ? 1 : 0;
  if (i < s.size() &&
      std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.end(), ascii::isDigit)) {
    if ((s[i] == '0' && s.size() > i + 1) || (i == 1 && s == "-0"))
      return std::nullopt;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v.i);
    if (ec == std::errc() && p == s.data() + s.size()) {
      v.kind = NumberValue::Kind::Int;
    } else {
      v.kind = NumberValue::Kind::BigInt;
      v.big = std::string(s);
    }
    return v;
  }
  if (s.back() == 'j' || s.back() == ')') {
    // repr(complex): `2j`, `(1+2j)`; a body without its parentheses too.
    std::string_view body = s;
    if (body.front() == '(' && body.back() == ')')
      body = body.substr(1, body.size() - 2);
    if (body.empty() || body.back() != 'j')
      return std::nullopt;
    body.remove_suffix(1);
    size_t split = std::string_view::npos;
    for (size_t k = body.size(); k-- > 1;) {
      if ((body[k] == '+' || body[k] == '-') && (body[k - 1] | 0x20) != 'e') {
        split = k;
        break;
      }
    }
    // Each part as repr(float) writes it, possibly without its `.0`.
    auto part = [](std::string_view t, double& out, bool& isInt) {
      if (t.empty() || t[0] == '+')
        return false;
      auto res = std::from_chars(t.data(), t.data() + t.size(), out);
      if (res.ec != std::errc() || res.ptr != t.data() + t.size())
        return false;
      isInt = t.find_first_of(".eEna") == std::string_view::npos;
      std::string shown;
      appendPythonFloat(shown, out);
      return shown == t || (shown.size() == t.size() + 2 && shown.compare(0, t.size(), t) == 0 &&
                            shown.compare(t.size(), 2, ".0") == 0);
    };
    v.kind = NumberValue::Kind::Complex;
    bool reIsInt = false, imIsInt = false;
    if (split == std::string_view::npos) {
      // `2j`, `-2j` (unary minus: complex(-0.0, -2.0), as Python reads it).
      if (!part(body, v.im, imIsInt))
        return std::nullopt;
      v.re = body[0] == '-' ? -0.0 : 0.0;
    } else {
      bool minus = body[split] == '-';
      double re = 0, im = 0;
      if (!part(body.substr(0, split), re, reIsInt) || !part(body.substr(split + 1), im, imIsInt))
        return std::nullopt;
      ComplexValue c = pythonComplexSum(re, reIsInt, minus, im);
      v.re = c.re;
      v.im = c.im;
    }
    return v;
  }
  // repr(float).
  double d = 0;
  auto res = std::from_chars(s.data(), s.data() + s.size(), d);
  if (res.ec != std::errc() || res.ptr != s.data() + s.size())
    return std::nullopt;
  appendPythonFloat(printed, d);
  if (printed != s)
    return std::nullopt;
  v.kind = NumberValue::Kind::Float;
  v.re = d;
  return v;
}

std::optional<Argument> complexFromCall(std::string_view callee, const std::vector<Argument>& args,
                                        bool hasKwargs) {
  if (callee != "complex" || hasKwargs || args.size() != 2)
    return std::nullopt;
  double parts[2];
  for (size_t k = 0; k < 2; ++k) {
    if (args[k].kind() == Argument::Kind::Double)
      parts[k] = args[k].getDouble();
    else if (args[k].kind() == Argument::Kind::Int)
      parts[k] = static_cast<double>(args[k].getInt());
    else
      return std::nullopt;
  }
  return Argument::complex(parts[0], parts[1]);
}

Argument numberArgument(const NumberValue& v, Graph& graph) {
  switch (v.kind) {
  case NumberValue::Kind::Int:
    return Argument::integer(v.i);
  case NumberValue::Kind::BigInt:
    return Argument::global(graph.intern(v.big));
  case NumberValue::Kind::Float:
    return Argument::real(v.re);
  case NumberValue::Kind::Complex:
    return Argument::complex(v.re, v.im);
  }
  return Argument::none();
}

std::optional<std::string> deviceFromParts(std::string_view type, std::optional<int64_t> index,
                                           std::string& error) {
  std::optional<DeviceSpelling> d = parseDeviceSpelling(type);
  if (!d) {
    std::string_view kind = type.substr(0, type.find(':'));
    if (!isDeviceType(kind)) {
      std::string known;
      for (std::string_view t : deviceTypes())
        known += fmt::format("{}{}", known.empty() ? "" : ", ", t);
      error = fmt::format("unknown device type '{}': torch.device accepts {}", kind, known);
    } else {
      error = fmt::format("invalid device '{}': expected '{}' or '{}:N'", type, kind, kind);
    }
    return std::nullopt;
  }
  if (index && d->index) {
    error = fmt::format("device '{}' is given an index twice", type);
    return std::nullopt;
  }
  if (index && (*index < 0 || *index > 999999999)) {
    error = fmt::format("invalid device index {}: expected an int >= 0", *index);
    return std::nullopt;
  }
  std::optional<int64_t> i = index ? index : d->index;
  return i ? fmt::format("{}:{}", d->type, *i) : std::string(d->type);
}

} // namespace piecewise::text
