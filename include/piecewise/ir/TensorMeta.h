//===- TensorMeta.h - What a node's value looks like ------------*- C++ -*-===//
//
// The metadata dumps carry for a node's value (FX's `meta["val"]`, printed as
// an annotation such as `"f32[s0, 64][64, 1]cuda:0"` or `"Sym(s0)"`):
//
//  - TensorMeta: dtype, sizes, optional strides, optional device (32 bytes:
//    sizes and strides are DimLists, whose elements nodes with equal
//    annotations share);
//  - SymMeta: a SymInt/SymFloat/SymBool and its expression;
//  - a list of Meta for multi-output nodes (split_with_sizes, HOPs);
//  - opaque: annotation text piecewise does not interpret, kept verbatim;
//  - none: unknown. Meta-dependent passes skip nodes whose meta is unknown.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/DType.h"
#include "piecewise/ir/DimList.h"
#include "piecewise/ir/SymExpr.h"
#include "piecewise/support/StringInterner.h"

#include <optional>
#include <variant>
#include <vector>

namespace piecewise {

struct TensorMeta {
  DimList sizes;
  /// Empty with hasStrides == false when the dump carried no strides.
  DimList strides;
  /// `cuda:0`, `cpu`; null when unknown.
  Symbol device;
  DType dtype = DType::Unknown;
  bool hasStrides = false;

  size_t rank() const { return sizes.size(); }
  bool operator==(const TensorMeta& o) const {
    return dtype == o.dtype && sizes == o.sizes && hasStrides == o.hasStrides &&
           strides == o.strides && device == o.device;
  }
  /// The element count when every size is concrete, non-negative, and the
  /// product fits in int64_t; else nullopt.
  std::optional<int64_t> concreteNumel() const;
  /// Bytes of the tensor (numel * itemsize) when concreteNumel() is known and
  /// the product fits in int64_t, else nullopt. Never overflows: the parsers
  /// reject annotations whose byte count does not fit.
  std::optional<int64_t> concreteBytes() const;
};

enum class SymKind : uint8_t { Int, Float, Bool };

struct SymMeta {
  SymKind kind = SymKind::Int;
  SymExpr expr;
  bool operator==(const SymMeta& o) const { return kind == o.kind && expr == o.expr; }
};

/// An annotation that is neither a tensor nor a symbol: kept as its text.
/// `isClass` marks an unquoted annotation naming a Python class, as Dynamo
/// writes for a non-tensor input (`layer: vllm_utils_torch_utils_LayerName`).
struct OpaqueMeta {
  Symbol text;
  bool isClass = false;
  bool operator==(const OpaqueMeta& o) const { return text == o.text && isClass == o.isClass; }
};

class Meta {
public:
  Meta() = default;
  Meta(TensorMeta t) : v_(std::move(t)) {}
  Meta(SymMeta s) : v_(std::move(s)) {}
  Meta(OpaqueMeta o) : v_(o) {}
  static Meta list(std::vector<Meta> items) {
    Meta m;
    m.v_ = std::move(items);
    return m;
  }

  bool isNone() const { return std::holds_alternative<std::monostate>(v_); }
  bool isTensor() const { return std::holds_alternative<TensorMeta>(v_); }
  bool isSym() const { return std::holds_alternative<SymMeta>(v_); }
  bool isList() const { return std::holds_alternative<std::vector<Meta>>(v_); }
  bool isOpaque() const { return std::holds_alternative<OpaqueMeta>(v_); }

  const TensorMeta* tensor() const { return std::get_if<TensorMeta>(&v_); }
  TensorMeta* tensor() { return std::get_if<TensorMeta>(&v_); }
  const SymMeta* sym() const { return std::get_if<SymMeta>(&v_); }
  const std::vector<Meta>* list() const { return std::get_if<std::vector<Meta>>(&v_); }
  const OpaqueMeta* opaque() const { return std::get_if<OpaqueMeta>(&v_); }

  bool operator==(const Meta& o) const { return v_ == o.v_; }
  bool operator!=(const Meta& o) const { return !(*this == o); }

  /// Calls fn(name) for every symbol mentioned anywhere in this meta.
  template <typename Fn> void forEachSymbol(Fn&& fn) const {
    if (auto* t = tensor()) {
      for (const SymExpr& e : t->sizes)
        e.forEachSymbol(fn);
      for (const SymExpr& e : t->strides)
        e.forEachSymbol(fn);
    } else if (auto* s = sym()) {
      s->expr.forEachSymbol(fn);
    } else if (auto* l = list()) {
      for (const Meta& m : *l)
        m.forEachSymbol(fn);
    }
  }

private:
  std::variant<std::monostate, TensorMeta, SymMeta, std::vector<Meta>, OpaqueMeta> v_;
};

} // namespace piecewise
