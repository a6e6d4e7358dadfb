//===- Literal.h - The one literal layer of both text forms -----*- C++ -*-===//
//
// Every Python literal and FX argument value either text form holds is read
// and written here, so the code form, the graph form and the printer agree
// with each other and with Python and torch:
//
//   numbers   as Python's tokenizer reads them: `1_000`, `0x1F`, `0o17`, `0b1`,
//             `1e-6`, `.5`, `2j`; ints beyond int64 keep their decimal digits
//   strings   as Python reads them: quotes, prefixes r/R (raw) and u/U, every
//             escape (`\x80` and `\101` are code points; an unknown escape
//             stays verbatim); `\N{...}` is a located error
//   bytes     `b''` and `rb''` as Python reads them (`\x80` is the byte 0x80;
//             `\u`, `\N` stay verbatim), printed as repr(bytes) prints them
//   devices   `device(type='hip', index=0)`, `device('hip:0')`, `device('hip', 0)`
//             in code form, `hip:0` in graph form: the same value
//
// The printer's half writes what repr() and str() write for a value, and a
// bare graph-form token is a number exactly when the printer would write that
// number so (the printer's inverse): `1000`, `1e-06`, `inf` are numbers, `1_000`
// and `1e-6` in a graph-form line are the strings str() prints for them.
//
// The value tables (device types, layouts, memory formats, operators, dtypes)
// are in piecewise/ir/ValueTables.h and piecewise/ir/DType.h.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Argument.h"
#include "piecewise/ir/Graph.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// Appends repr(complex(re, im)) (`2j`, `(1+2j)`, `(1.5-0.5j)`, `(inf+0j)`) when
/// Python reads that text back as the same value, else `complex(re, im)` with
/// each part's repr: repr loses signed zeros (`(-0-0j)` reads as 0j) and
/// writes `nanj`/`infj`, which no module defines.
void appendPythonComplex(std::string& out, double re, double im);

/// Appends repr(complex(re, im)) as CPython writes it, whatever it reads as.
void appendComplexRepr(std::string& out, double re, double im);

struct ComplexValue {
  double re;
  double im;
};
/// What Python computes for the text `R + Ij` (or `R - Ij` when `minus`): R is
/// an int literal when `reIsInt` (which has no -0), and both operands become
/// complex numbers before their parts are added: `(-0-0j)` is 0j,
/// `(-0.0-0j)` is complex(-0.0, 0.0), `(1-0j)` is (1+0j).
ComplexValue pythonComplexSum(double re, bool reIsInt, bool minus, double im);

/// True for a Python identifier made of ASCII letters, digits and `_`.
bool isPythonIdentifier(std::string_view s);

/// Appends repr(b) for the bytes `b` (one char each): `b'...'`, double quotes
/// when `b` holds a `'` and no `"`; `\\`, the quote, `\n`, `\r`, `\t` escaped,
/// other bytes outside 0x20-0x7e as `\xhh`.
void appendPythonBytes(std::string& out, std::string_view b);

/// True when repr() writes every character of `s` raw (str.isprintable()).
bool isPrintableString(std::string_view s);

/// Appends the body of a string literal quoted with `quote` (no quotes
/// around it): repr()'s escapes, with `quote` escaped whichever it is.
void appendPythonStringBody(std::string& out, std::string_view s, char quote);

/// Appends `device(type='cuda', index=0)` for `cuda:0`, `device(type='cpu')` for
/// `cpu`: repr(torch.device).
void appendPythonDevice(std::string& out, std::string_view device);

/// The number of prefix letters of the string literal that starts at
/// text[pos] (0 when it starts with its quote), or npos when no string literal
/// starts there (`b'x'` -> 1, `'x'` -> 0, `bx'` -> npos).
size_t stringPrefixLength(std::string_view text, size_t pos);

/// Reads a Python string literal starting at text[pos]: optional prefix
/// letters, then a `'` or `"` quote (one line; triple quotes are never printed
/// by FX or repr()). Decodes every escape Python's str literals have (`\x80`
/// and `\101` are code points, written as UTF-8); a raw prefix keeps
/// backslashes. `\N{name}`, lone surrogates, f-strings and t-strings are errors.
/// A bytes literal (`b''`, `rb''`) is read as Python reads bytes, one char a
/// byte, when `isBytes` is given (which is then set to whether it was one);
/// without it a bytes literal is an error: the place wants a str.
/// On success returns the index just past the closing quote and writes the
/// decoded value to `value`. On failure returns std::string_view::npos and sets
/// `errorPos` to the offending byte (the opening quote for an unterminated
/// string, the backslash for a bad escape, the prefix for a misplaced bytes or
/// f-string literal) and `error` to a message.
size_t scanPythonString(std::string_view text, size_t pos, std::string& value, size_t& errorPos,
                        const char*& error, bool* isBytes = nullptr);

/// The end of a string literal starting at text[pos] (prefix included), or
/// npos when the line ends first: how a tokenizer finds it without decoding.
size_t skipPythonString(std::string_view text, size_t pos);

//===----------------------------------------------------------------------===//
// Numbers
//===----------------------------------------------------------------------===//

/// A number token's shape, as Python's tokenizer finds it.
struct NumberToken {
  size_t length = 0; ///< bytes of the token (0: no number here)
  bool isFloat = false;
  bool isImag = false;
  const char* error = nullptr; ///< set when the spelling is not a Python number
  size_t errorAt = 0;          ///< offset of the offending byte
};

/// Scans the number literal at [b, e) (which starts with a digit, or `.` and a
/// digit): `1_000`, `0x1F`, `0o17`, `0b1`, `1.5e-6`, `2j`. A malformed one
/// (`1__0`, `0x`, `07`, `1e`, `1abc`) gets an error.
NumberToken scanNumber(const char* b, const char* e);

/// A number's value.
struct NumberValue {
  enum class Kind : uint8_t {
    Int,     ///< i
    BigInt,  ///< big: an int beyond int64, in decimal, with `-` when negative
    Float,   ///< re
    Complex, ///< complex(re, im); an imaginary literal `2j` is complex(0.0, 2.0)
  } kind = Kind::Int;
  int64_t i = 0;
  double re = 0;
  double im = 0;
  std::string big;
};

/// The value of a number token scanNumber accepted, negated when `negate`
/// (`-5`; `-0.0` keeps its sign; `-2j` is complex(-0.0, -2.0) as in Python).
NumberValue readNumber(std::string_view token, const NumberToken& shape, bool negate);

/// Reads `s` as a number only when the printer writes exactly `s` for that
/// number: str(int) (`-12`, `2**70`'s digits), repr(float) (`1e-06`, `inf`,
/// `-0.0`, `nan`) or repr(complex) (`2j`, `1+2j` or `(1+2j)`, `-0-0j`, `infj`).
/// The graph form's rule for a bare token: anything else is text.
std::optional<NumberValue> readCanonicalNumber(std::string_view s);

/// The IR value of a number: an Int, Double or Complex argument, or a Global
/// holding a BigInt's decimal digits (what the IR keeps for an int beyond int64).
Argument numberArgument(const NumberValue& v, Graph& graph);

/// `complex(re, im)` with two int or float arguments (what the printer writes
/// for a complex whose repr Python would misread) as a Complex value, or nullopt.
std::optional<Argument> complexFromCall(std::string_view callee, const std::vector<Argument>& args,
                                        bool hasKwargs);

/// Reads a device value from its parts: `type` as torch.device's string
/// argument (`cuda`, `cuda:0`) and `index` (none, or an int >= 0, only when
/// `type` has no index). Returns the canonical `type[:N]`, or sets `error`.
std::optional<std::string> deviceFromParts(std::string_view type, std::optional<int64_t> index,
                                           std::string& error);

/// Appends str(v).
void appendPythonInt(std::string& out, int64_t v);

} // namespace piecewise::text
