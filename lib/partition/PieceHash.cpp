//===- PieceHash.cpp - Structural hashes of pieces ------------------------===//
//
// Hashes a piece ignoring node names and renaming symbols consistently (PieceHash.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/PieceHash.h"
#include "piecewise/support/CharClass.h"

#include <cstring>
#include <string>
#include <unordered_map>

namespace piecewise {

namespace {

/// A small streaming 64-bit hash: each word is mixed into the state with a
/// multiply-xorshift step; strings are consumed eight bytes at a time.
class Hasher {
public:
  void add(uint64_t v) {
    state_ ^= v + 0x9e3779b97f4a7c15ULL + (state_ << 6) + (state_ >> 2);
    state_ *= 0xbf58476d1ce4e5b9ULL;
    state_ ^= state_ >> 31;
  }
  void addString(std::string_view s) {
    add(s.size());
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      add(w);
    }
    if (i < s.size()) {
      uint64_t w = 0;
      std::memcpy(&w, s.data() + i, s.size() - i);
      add(w);
    }
  }
  void addSym(const SymExpr& e) {
    if (e.isConstant()) {
      add(0);
      add(static_cast<uint64_t>(e.value()));
    } else {
      add(1);
      addSymbolicText(e.text().str());
    }
  }
  /// A symbolic expression with its symbols numbered by first occurrence in
  /// the piece (SymbolNumbering).
  void addSymbolicText(std::string_view text) { addString(symbols_.canonical(text)); }
  uint64_t finish() const {
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

private:
  uint64_t state_ = 0x6a09e667f3bcc909ULL;
  SymbolNumbering symbols_;
};

void hashMeta(Hasher& h, const Meta& m) {
  if (const TensorMeta* t = m.tensor()) {
    h.add(1);
    h.add(static_cast<uint64_t>(t->dtype));
    h.add(t->sizes.size());
    for (const SymExpr& e : t->sizes)
      h.addSym(e);
    h.add(t->hasStrides ? 1 : 0);
    h.add(t->strides.size());
    for (const SymExpr& e : t->strides)
      h.addSym(e);
    h.addString(t->device.str());
  } else if (const SymMeta* s = m.sym()) {
    h.add(2);
    h.add(static_cast<uint64_t>(s->kind));
    h.addSym(s->expr);
  } else if (m.list()) {
    // A tuple's meta is hashed as none: FX prints no annotation for a tuple
    // value, so a dump never carries it while a live graph does, and one piece
    // must hash the same read from either (its elements' metas are hashed at
    // the getitems that read them).
    h.add(0);
  } else if (const OpaqueMeta* o = m.opaque()) {
    h.add(4);
    h.addString(o->text.str());
  } else {
    h.add(0);
  }
}

} // namespace

std::string SymbolNumbering::canonical(std::string_view text) {
  auto isAlpha = ascii::isIdentStart; // letters and `_`
  auto isDigit = ascii::isDigit;
  std::string canonical;
  canonical.reserve(text.size() + 4);
  size_t i = 0;
  while (i < text.size()) {
    bool inNumber = i > 0 && (isDigit(text[i - 1]) || text[i - 1] == '.'); // 1e5
    if (!isAlpha(text[i]) || inNumber) { // operators, spaces, numbers: as they are
      canonical += text[i++];
      continue;
    }
    size_t begin = i;
    while (i < text.size() && isAlpha(text[i]))
      ++i;
    size_t digits = i;
    while (i < text.size() && isDigit(text[i]))
      ++i;
    bool symbol = i > digits && (i == text.size() || (!isAlpha(text[i]) && text[i] != '('));
    if (!symbol) {
      while (i < text.size() && (isAlpha(text[i]) || isDigit(text[i])))
        ++i;
      canonical.append(text.substr(begin, i - begin));
      continue;
    }
    auto it =
        symbols_.try_emplace(std::string(text.substr(begin, i - begin)), symbols_.size()).first;
    canonical.append(text.substr(begin, digits - begin));
    canonical += '#';
    canonical += std::to_string(it->second);
  }
  return canonical;
}

PieceHasher::PieceHasher(const PartitionPlan& plan)
    : plan_(plan), stamp_(plan.numbering().size(), 0), local_(plan.numbering().size(), 0) {}

uint64_t PieceHasher::hash(const Piece& piece) {
  const NodeNumbering& num = plan_.numbering();
  ++epoch_;
  // Local references: inputs are 0..k-1, the piece's own nodes k..k+n-1.
  uint32_t next = 0;
  auto bind = [&](const Node* n) {
    uint32_t i = num.lookup(n);
    if (i == NodeNumbering::kAbsent)
      return;
    stamp_[i] = epoch_;
    local_[i] = next++;
  };
  auto refOf = [&](const Node* n) -> uint64_t {
    uint32_t i = num.lookup(n);
    if (i == NodeNumbering::kAbsent || stamp_[i] != epoch_)
      return ~uint64_t(0); // not in scope: cannot happen in a finalized plan
    return local_[i];
  };

  Hasher h;
  h.add(static_cast<uint64_t>(piece.kind));
  h.add(piece.inputs.size());
  for (const Node* in : piece.inputs) {
    bind(in);
    hashMeta(h, in->meta());
  }

  // Arguments, recursively; node references by local number.
  auto hashArg = [&](auto&& self, const Argument& a) -> void {
    using K = Argument::Kind;
    h.add(static_cast<uint64_t>(a.kind()));
    switch (a.kind()) {
    case K::None:
    case K::Ellipsis:
      return;
    case K::Bool:
      h.add(a.getBool() ? 1 : 0);
      return;
    case K::Int:
      h.add(static_cast<uint64_t>(a.getInt()));
      return;
    case K::Double: {
      double d = a.getDouble();
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      h.add(bits);
      return;
    }
    case K::Complex: {
      double parts[2] = {a.getReal(), a.getImag()};
      uint64_t bits[2];
      std::memcpy(bits, parts, sizeof bits);
      h.add(bits[0]);
      h.add(bits[1]);
      return;
    }
    case K::DType:
      h.add(static_cast<uint64_t>(a.getDType()));
      return;
    case K::String:
    case K::Bytes:
    case K::Device:
    case K::Layout:
    case K::MemoryFormat:
    case K::Op:
    case K::Global:
      h.addString(a.getSymbol().str());
      return;
    case K::Sym:
      h.addSym(a.getSym());
      return;
    case K::NodeRef:
      h.add(refOf(a.getNode()));
      return;
    case K::List:
    case K::Tuple:
    case K::Slice:
    case K::Dict:
    case K::Call:
      h.add(a.elements().size());
      for (const Argument& e : a.elements())
        self(self, e);
      return;
    }
  };

  h.add(piece.nodes.size());
  for (const Node* n : piece.nodes) {
    h.add(static_cast<uint64_t>(n->op()));
    h.addString(n->target().str());
    h.add(n->args().size());
    for (const Argument& a : n->args())
      hashArg(hashArg, a);
    h.add(n->kwargs().size());
    for (const KwArg& kw : n->kwargs()) {
      h.addString(kw.name.str());
      hashArg(hashArg, kw.value);
    }
    hashMeta(h, n->meta());
    bind(n);
  }

  h.add(piece.outputs.size());
  for (const Node* out : piece.outputs)
    h.add(refOf(out));
  return h.finish();
}

} // namespace piecewise
