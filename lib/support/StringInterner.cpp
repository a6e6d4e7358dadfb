#include "piecewise/support/StringInterner.h"

#include <cstring>

namespace piecewise {

char* StringInterner::allocate(size_t n) {
  constexpr size_t kBlock = 64 * 1024;
  if (n > left_) {
    size_t size = n > kBlock ? n : kBlock;
    blocks_.push_back(std::make_unique<char[]>(size));
    cur_ = blocks_.back().get();
    left_ = size;
  }
  char* p = cur_;
  cur_ += n;
  left_ -= n;
  return p;
}

Symbol StringInterner::intern(std::string_view s) {
  auto it = set_.find(s);
  if (it != set_.end())
    return Symbol(it->data());
  uint32_t n = static_cast<uint32_t>(s.size());
  // Keep the 4-byte length prefix aligned so that reading it is cheap.
  size_t padded = (sizeof(uint32_t) + s.size() + 1 + 3) & ~size_t(3);
  char* base = allocate(padded);
  std::memcpy(base, &n, sizeof(uint32_t));
  char* p = base + sizeof(uint32_t);
  std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  set_.insert(std::string_view(p, s.size()));
  return Symbol(p);
}

Symbol StringInterner::lookup(std::string_view s) const {
  auto it = set_.find(s);
  if (it == set_.end())
    return Symbol();
  return Symbol(it->data());
}

} // namespace piecewise
