//===- Argument.h - The values in a node's args and kwargs ------*- C++ -*-===//
//
// An Argument is one value of FX's argument tree: None, bool, int, float,
// complex, string, dtype, device, layout, memory format, a symbolic size, a
// reference to another node, a list, a tuple, a dict, a slice, Ellipsis, an op
// overload used as a value (the first argument of `auto_functionalized`), a
// call of a named Python callable with its own arguments (`torch.Size([2])`),
// or a global name (`self._out_spec`, an opaque class such as vLLM's
// `LayerName`, an integer literal outside int64).
//
// There is no verbatim text that could hide a node: every node reference is a
// NodeRef somewhere in the tree, so forEachNode sees it, and a Global is a
// dotted identifier path (or an integer literal) whose first name the
// verifier checks is no node of the graph.
//
// Layout: a kind byte and a 16-byte payload, so an argument costs 24 bytes.
// Lists, tuples, dicts, slices and calls own their elements; copying an
// Argument copies the tree. Node references inside an Argument are not
// use-list edges by themselves: Graph keeps the use lists when arguments are
// set through it.
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
    Complex,      ///< a Python complex (real and imaginary parts)
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
    Dict,  ///< elements are key, value, key, value, ... in insertion order
    Call,  ///< three elements: the callee (a Global), a Tuple of positional
           ///< arguments, a Dict of keyword arguments (String keys)
    Ellipsis,
    Op,     ///< an op overload or packet as a value; sym_ holds `ns::op.overload`
    Global, ///< a global Python name: a dotted identifier path naming no node
            ///< (`math.pi`, `self._out_spec`), or an integer literal out of int64
    Bytes,  ///< a Python bytes value; sym_ holds its bytes, one char each
  };

  Argument() : kind_(Kind::None) { u_.i = 0; }
  Argument(const Argument& o);
  // Moves and the scalar factories are inline: a parse makes millions.
  Argument(Argument&& o) noexcept : kind_(o.kind_), u_(o.u_) {
    o.kind_ = Kind::None;
    o.u_.i = 0;
  }
  Argument& operator=(const Argument& o);
  Argument& operator=(Argument&& o) noexcept {
    if (this != &o) {
      destroy();
      kind_ = o.kind_;
      u_ = o.u_;
      o.kind_ = Kind::None;
      o.u_.i = 0;
    }
    return *this;
  }
  ~Argument() {
    if (hasElements())
      deleteElements();
  }

  static Argument none() { return Argument(); }
  static Argument boolean(bool b) {
    Argument a;
    a.kind_ = Kind::Bool;
    a.u_.b = b;
    return a;
  }
  static Argument integer(int64_t i) {
    Argument a;
    a.kind_ = Kind::Int;
    a.u_.i = i;
    return a;
  }
  static Argument real(double d);
  static Argument complex(double re, double im);
  static Argument string(Symbol s) { return withSymbol(Kind::String, s); }
  static Argument bytes(Symbol s) { return withSymbol(Kind::Bytes, s); }
  static Argument dtype(DType t);
  static Argument device(Symbol s) { return withSymbol(Kind::Device, s); }
  static Argument layout(Symbol s) { return withSymbol(Kind::Layout, s); }
  static Argument memoryFormat(Symbol s) { return withSymbol(Kind::MemoryFormat, s); }
  static Argument sym(SymExpr e);
  static Argument node(Node* n) {
    Argument a;
    a.kind_ = Kind::NodeRef;
    a.u_.node = n;
    return a;
  }
  static Argument list(std::vector<Argument> items);
  static Argument tuple(std::vector<Argument> items);
  static Argument slice(Argument start, Argument stop, Argument step);
  /// A dict from its items, flattened: key0, value0, key1, value1, ...
  static Argument dict(std::vector<Argument> flatItems);
  /// `callee(args..., name=value...)`; callee is a dotted Python name and
  /// kwargs a Dict whose keys are Strings.
  static Argument call(Symbol callee, std::vector<Argument> args, Argument kwargs);
  static Argument ellipsis();
  static Argument op(Symbol target) { return withSymbol(Kind::Op, target); }
  static Argument global(Symbol name) { return withSymbol(Kind::Global, name); }
  /// True for what a Global may hold: a dotted path of ASCII identifiers
  /// (`math.pi`, `_opaque_LayerName_0`) or an optionally signed integer literal.
  static bool isGlobalText(std::string_view text);
  /// The same kind as `shape` (a kind with elements) holding `items` instead:
  /// how a transform rebuilds a container after rewriting its elements.
  static Argument withSameKind(const Argument& shape, std::vector<Argument> items);

  Kind kind() const { return kind_; }
  bool isNone() const { return kind_ == Kind::None; }
  bool isNode() const { return kind_ == Kind::NodeRef; }
  bool isInt() const { return kind_ == Kind::Int; }
  bool isSequence() const { return kind_ == Kind::List || kind_ == Kind::Tuple; }
  bool isDict() const { return kind_ == Kind::Dict; }
  bool isCall() const { return kind_ == Kind::Call; }
  /// Lists, tuples, slices, dicts and calls: the kinds that own elements.
  bool hasElements() const {
    return isSequence() || kind_ == Kind::Slice || kind_ == Kind::Dict || kind_ == Kind::Call;
  }

  /// Typed accessors; each requires the matching kind().
  bool getBool() const { return u_.b; }
  int64_t getInt() const { return u_.i; }
  double getDouble() const { return u_.d; }
  double getReal() const { return u_.c.re; }
  double getImag() const { return u_.c.im; }
  DType getDType() const { return static_cast<DType>(u_.i); }
  Symbol getSymbol() const { return Symbol::fromData(u_.str); }
  SymExpr getSym() const;
  Node* getNode() const { return u_.node; }
  const std::vector<Argument>& elements() const { return *u_.list; }
  std::vector<Argument>& elements() { return *u_.list; }
  /// Call parts; each requires isCall().
  Symbol callee() const { return (*u_.list)[0].getSymbol(); }
  const Argument& callArgs() const { return (*u_.list)[1]; }
  const Argument& callKwargs() const { return (*u_.list)[2]; }

  /// True when a Call somewhere in this tree reads a node: a call whose effect
  /// on that node no schema describes, so analyses treat its node as opaque.
  bool hasCallReadingNodes() const;

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
  static Argument withSymbol(Kind k, Symbol s) {
    Argument a;
    a.kind_ = k;
    a.u_.str = s.data();
    return a;
  }
  static Argument withElements(Kind k, std::vector<Argument> items);
  /// Frees the elements. Pre: hasElements().
  void deleteElements();
  void destroy() {
    if (hasElements())
      deleteElements();
    kind_ = Kind::None;
    u_.i = 0;
  }
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
    struct {
      double re;
      double im;
    } c;
  } u_;
};

/// A keyword argument: the name and its value.
struct KwArg {
  Symbol name;
  Argument value;
  bool operator==(const KwArg& o) const { return name == o.name && value == o.value; }
};

} // namespace piecewise
