#include "piecewise/ir/UseList.h"

#include <cassert>

namespace piecewise {

void UseList::grow() {
  uint32_t cap = capacity_ < 4 ? 4 : 2 * capacity_;
  assert(cap > capacity_ && "use list too long");
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
