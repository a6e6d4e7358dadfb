#include "PythonLiteral.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

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

void appendPythonString(std::string& out, std::string_view s) {
  bool hasSingle = s.find('\'') != std::string_view::npos;
  bool hasDouble = s.find('"') != std::string_view::npos;
  char quote = hasSingle && !hasDouble ? '"' : '\'';
  out += quote;
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
  out += quote;
}

void appendPythonComplex(std::string& out, double re, double im) {
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

bool isPythonIdentifier(std::string_view s) {
  if (s.empty())
    return false;
  auto start = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!start(s[0]))
    return false;
  for (char c : s)
    if (!start(c) && !(c >= '0' && c <= '9'))
      return false;
  return true;
}

namespace {
int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

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

size_t scanPythonString(std::string_view text, size_t pos, std::string& value, size_t& errorPos,
                        const char*& error) {
  value.clear();
  char quote = text[pos];
  size_t i = pos + 1;
  while (i < text.size()) {
    char c = text[i];
    if (c == quote)
      return i + 1;
    if (c == '\n')
      break;
    if (c != '\\') {
      value += c;
      ++i;
      continue;
    }
    if (i + 1 >= text.size() || text[i + 1] == '\n')
      break;
    char e = text[i + 1];
    size_t escStart = i;
    i += 2;
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
        int h = i + k < text.size() ? hexValue(text[i + k]) : -1;
        if (h < 0) {
          errorPos = escStart;
          error = "malformed escape sequence in string";
          return std::string_view::npos;
        }
        cp = cp * 16 + static_cast<uint32_t>(h);
      }
      i += n;
      if (cp > 0x10FFFF) {
        errorPos = escStart;
        error = "escape sequence out of the Unicode range";
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
      if (e >= '0' && e <= '7') {
        uint32_t v = static_cast<uint32_t>(e - '0');
        for (int k = 0; k < 2 && i < text.size() && text[i] >= '0' && text[i] <= '7'; ++k, ++i)
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
  errorPos = pos;
  error = "unterminated string";
  return std::string_view::npos;
}

} // namespace piecewise::text
