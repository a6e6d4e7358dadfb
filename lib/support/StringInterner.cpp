//===- StringInterner.cpp - Interned strings ------------------------------===//
//
// The interner's open-addressing table and string blocks (StringInterner.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/support/StringInterner.h"

#include "piecewise/support/Hashing.h"

#include <cstring>

namespace piecewise {

char* StringInterner::allocate(size_t n) {
  constexpr size_t kBlock = 256 * 1024;
  if (n > left_) {
    size_t size = n > kBlock ? n : kBlock;
    // Not zero-filled: every byte a string's storage uses is written below.
    blocks_.push_back(std::unique_ptr<char[]>(new char[size]));
    cur_ = blocks_.back().get();
    left_ = size;
  }
  char* p = cur_;
  cur_ += n;
  left_ -= n;
  return p;
}

void StringInterner::reserve(size_t n) {
  size_t cap = 64;
  while (cap * 3 < n * 4)
    cap <<= 1;
  if (cap > slots_.size())
    rehash(cap);
}

void StringInterner::rehash(size_t capacity) {
  TableStorage<Slot> old = std::move(slots_);
  slots_ = TableStorage<Slot>(capacity);
  size_t mask = capacity - 1;
  for (const Slot& s : old) {
    if (!s.data)
      continue;
    size_t i = s.hash & mask;
    while (slots_[i].data)
      i = (i + 1) & mask;
    slots_[i] = s;
  }
}

const StringInterner::Slot* StringInterner::findSlot(std::string_view s, uint64_t hash) const {
  size_t mask = slots_.size() - 1;
  for (size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (!slot.data)
      return &slot;
    if (slot.hash == hash) {
      Symbol sym = Symbol::fromData(slot.data);
      if (sym.size() == s.size() && std::memcmp(slot.data, s.data(), s.size()) == 0)
        return &slot;
    }
  }
}

Symbol StringInterner::intern(std::string_view s) {
  return intern(s, hashBytes(s));
}

Symbol StringInterner::intern(std::string_view s, uint64_t hash) {
  if ((size_ + 1) * 4 > slots_.size() * 3)
    rehash(slots_.empty() ? 64 : slots_.size() * 2);
  Slot* slot = const_cast<Slot*>(findSlot(s, hash));
  if (slot->data)
    return Symbol::fromData(slot->data);
  uint32_t n = static_cast<uint32_t>(s.size());
  // [binding word][4-byte length][characters][NUL], padded so that the next
  // string's binding word is aligned too.
  size_t padded = (Symbol::kBindingOffset + s.size() + 1 + 7) & ~size_t(7);
  char* base = allocate(padded);
  std::memset(base, 0, sizeof(void*));
  std::memcpy(base + sizeof(void*), &n, sizeof(uint32_t));
  char* p = base + Symbol::kBindingOffset;
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  slot->hash = hash;
  slot->data = p;
  ++size_;
  return Symbol::fromData(p);
}

uint64_t StringInterner::prefetch(std::string_view s) const {
  uint64_t hash = hashBytes(s);
  if (!slots_.empty())
    __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
  return hash;
}

Symbol StringInterner::lookup(std::string_view s) const {
  if (slots_.empty())
    return Symbol();
  const Slot* slot = findSlot(s, hashBytes(s));
  return slot->data ? Symbol::fromData(slot->data) : Symbol();
}

} // namespace piecewise
