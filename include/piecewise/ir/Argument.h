//===- Argument.h - The values in a node's args and kwargs ------*- C++ -*-===//
//
// An Argument is one value of FX's argument tree: None, bool, int, float,
// string, dtype, device, layout, memory format, a symbolic size, a reference
// to another node, a list, a tuple, a slice, Ellipsis, an op overload used as
// a value (the first argument of `auto_functionalized`), or opaque verbatim
// text for anything else (`self._out_spec`, a Python callable).
//
// Layout: a kind byte and a 16-byte payload, so an argument costs 24 bytes.
// Lists, tuples and slices own their elements; copying an Argument copies the
// tree. Node references inside an Argument are not use-list edges by
// themselves: Graph keeps the use lists when arguments are set through it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/DType.h"
#include "piecewise/ir/SymExpr.h"
#include "piecewise/support/StringInterner.h"

#include <cstdint>
#include <vector>

namespace piecewise {

class Node;

class Argument {
public:
  enum class Kind : uint8_t {
    None,
    Bool,
    Int,
    Double,
    String,       ///< a Python str; sym_ holds its (unescaped) value
    DType,        ///< torch.float32
    Device,       ///< sym_ holds `cuda:0` / `cpu`
    Layout,       ///< sym_ holds `strided`, `sparse_coo`, ...
    MemoryFormat, ///< sym_ holds `contiguous_format`, `preserve_format`, ...
    Sym,          ///< a symbolic size expression
    NodeRef,
    List,
    Tuple,
    Slice, ///< three elements: start, stop, step
    Ellipsis,
    Op,     ///< an op overload or packet as a value; sym_ holds `ns::op.overload`
    Opaque, ///< verbatim Python text
  };

  Argument() : kind_(Kind::None) { u_.i = 0; }
  Argument(const Argument& o);
  Argument(Argument&& o) noexcept;
  Argument& operator=(const Argument& o);
  Argument& operator=(Argument&& o) noexcept;
  ~Argument() { destroy(); }

  static Argument none() { return Argument(); }
  static Argument boolean(bool b);
  static Argument integer(int64_t i);
  static Argument real(double d);
  static Argument string(Symbol s) { return withSymbol(Kind::String, s); }
  static Argument dtype(DType t);
  static Argument device(Symbol s) { return withSymbol(Kind::Device, s); }
  static Argument layout(Symbol s) { return withSymbol(Kind::Layout, s); }
  static Argument memoryFormat(Symbol s) { return withSymbol(Kind::MemoryFormat, s); }
  static Argument sym(SymExpr e);
  static Argument node(Node* n);
  static Argument list(std::vector<Argument> items);
  static Argument tuple(std::vector<Argument> items);
  static Argument slice(Argument start, Argument stop, Argument step);
  static Argument ellipsis();
  static Argument op(Symbol target) { return withSymbol(Kind::Op, target); }
  static Argument opaque(Symbol text) { return withSymbol(Kind::Opaque, text); }

  Kind kind() const { return kind_; }
  bool isNone() const { return kind_ == Kind::None; }
  bool isNode() const { return kind_ == Kind::NodeRef; }
  bool isInt() const { return kind_ == Kind::Int; }
  bool isSequence() const { return kind_ == Kind::List || kind_ == Kind::Tuple; }
  bool hasElements() const { return isSequence() || kind_ == Kind::Slice; }

  /// Typed accessors; each requires the matching kind().
  bool getBool() const { return u_.b; }
  int64_t getInt() const { return u_.i; }
  double getDouble() const { return u_.d; }
  DType getDType() const { return static_cast<DType>(u_.i); }
  Symbol getSymbol() const { return Symbol::fromData(u_.str); }
  SymExpr getSym() const;
  Node* getNode() const { return u_.node; }
  const std::vector<Argument>& elements() const { return *u_.list; }
  std::vector<Argument>& elements() { return *u_.list; }

  /// Structural equality; node references compare by identity.
  bool operator==(const Argument& o) const;
  bool operator!=(const Argument& o) const { return !(*this == o); }

  /// Calls fn(Node*&) for every node reference in this tree, in print order.
  template <typename Fn> void forEachNode(Fn&& fn) {
    if (kind_ == Kind::NodeRef)
      fn(u_.node);
    else if (hasElements())
      for (Argument& a : *u_.list)
        a.forEachNode(fn);
  }
  template <typename Fn> void forEachNode(Fn&& fn) const {
    if (kind_ == Kind::NodeRef)
      fn(static_cast<Node*>(u_.node));
    else if (hasElements())
      for (const Argument& a : *u_.list)
        a.forEachNode(fn);
  }

private:
  static Argument withSymbol(Kind k, Symbol s);
  static Argument withElements(Kind k, std::vector<Argument> items);
  void destroy();
  void copyFrom(const Argument& o);

  Kind kind_;
  union Payload {
    bool b;
    int64_t i;
    double d;
    const char* str;
    Node* node;
    std::vector<Argument>* list;
    struct {
      int64_t value;
      const char* text;
    } sym;
  } u_;
};

/// A keyword argument: the name and its value.
struct KwArg {
  Symbol name;
  Argument value;
  bool operator==(const KwArg& o) const { return name == o.name && value == o.value; }
};

} // namespace piecewise
