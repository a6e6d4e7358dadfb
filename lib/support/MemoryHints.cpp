//===- MemoryHints.cpp - Blocks of memory with paging hints ---------------===//
//
// madvise behind support/MemoryHints.h: the only OS memory hints of the library.
//
//===----------------------------------------------------------------------===//

#include "piecewise/support/MemoryHints.h"

#include <cstdint>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace piecewise {

void* allocateBlock(size_t bytes, size_t align, BlockUse use) {
  void* raw = ::operator new(bytes, std::align_val_t(align));
#if defined(__linux__) && defined(MADV_POPULATE_WRITE)
  if (use == BlockUse::WriteSoon) {
    // The whole pages inside the block.
    static const uintptr_t kPage = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    uintptr_t b = (reinterpret_cast<uintptr_t>(raw) + kPage - 1) & ~(kPage - 1);
    uintptr_t e = (reinterpret_cast<uintptr_t>(raw) + bytes) & ~(kPage - 1);
    if (e > b)
      madvise(reinterpret_cast<void*>(b), e - b, MADV_POPULATE_WRITE);
  }
#else
  (void)use;
#endif
  return raw;
}

void freeBlock(void* block, size_t align) {
  ::operator delete(block, std::align_val_t(align));
}

void adviseHugePages(void* p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(p, bytes, MADV_HUGEPAGE);
#else
  (void)p;
  (void)bytes;
#endif
}

} // namespace piecewise
