//===- PythonLiteral.h - Python literal spelling ----------------*- C++ -*-===//
//
// Both FX text forms spell values the way Python's repr() does: floats in the
// shortest round-trip form (`1e-06`, `0.5`, `2.0`, `inf`), strings quoted and
// escaped. These helpers write and read those spellings byte for byte, so the
// printer and the parsers agree with each other and with torch.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace piecewise::text {

/// Appends repr(d) as CPython writes it: shortest digits that round-trip,
/// exponent form when the decimal exponent is < -4 or >= 16 (`1e-06`,
/// `1e+16`), otherwise positional with at least one fractional digit
/// (`2.0`, `0.0001`); `inf`, `-inf`, `nan`, `-0.0`.
void appendPythonFloat(std::string& out, double d);

/// Appends repr(s) for a UTF-8 `s`: single quotes unless `s` holds a `'` and
/// no `"` (then double quotes, like CPython); `\\`, the quote, `\n`, `\r`,
/// `\t` are escaped, and so is every code point str.isprintable() rejects
/// (`\x01`, `\x85`, `\u2028`, `\U000e0001`); other characters are copied.
void appendPythonString(std::string& out, std::string_view s);

/// Appends repr(complex(re, im)): `2j`, `(1+2j)`, `(1.5-0.5j)`, `(-0-1j)`.
void appendPythonComplex(std::string& out, double re, double im);

/// True for a Python identifier made of ASCII letters, digits and `_`.
bool isPythonIdentifier(std::string_view s);

/// Reads a quoted Python string literal starting at text[pos] (a `'` or `"`),
/// decoding every escape Python's str literals have (`\x80` and `\101` are code
/// points, written as UTF-8) except `\N{name}` and lone surrogates, which are
/// errors.
/// On success returns the index just past the closing quote and writes the
/// decoded value to `value`. On failure returns std::string_view::npos and sets
/// `errorPos` to the offending byte (the opening quote for an unterminated
/// string, the backslash for a bad escape) and `error` to a message.
size_t scanPythonString(std::string_view text, size_t pos, std::string& value, size_t& errorPos,
                        const char*& error);

} // namespace piecewise::text
