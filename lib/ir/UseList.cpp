//===- UseList.cpp - The users of one node --------------------------------===//
//
// The use list of a node: one entry per reference from another node's arguments (UseList.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/UseList.h"

#include <cstdint>
#include <stdexcept>

namespace piecewise {

void UseList::grow() {
  // As std::vector does past its max_size (a node would need 2^31 users).
  if (capacity_ > UINT32_MAX / 2)
    throw std::length_error("UseList: more than 2^31 users");
  uint32_t cap = capacity_ < 4 ? 4 : 2 * capacity_;
  Node** fresh = new Node*[cap];
  Node** old = data();
  for (uint32_t i = 0; i < size_; ++i)
    fresh[i] = old[i];
  if (onHeap())
    delete[] heap_;
  heap_ = fresh;
  capacity_ = cap;
}

} // namespace piecewise
