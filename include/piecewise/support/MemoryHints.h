//===- MemoryHints.h - Blocks of memory with paging hints -------*- C++ -*-===//
//
// The one place piecewise tells the operating system how it will use memory.
// Two hints, both for million-node graphs, both without effect on results
// (where the kernel lacks them, nothing happens):
//  - a block that will be written through at once (a chunk of nodes) has its
//    pages faulted in by one madvise(MADV_POPULATE_WRITE) when it is
//    allocated, instead of one trap per 4 KiB page as it is first written;
//  - a large table probed at random (the interner's) is marked for
//    transparent huge pages, so that a probe does not also miss the TLB.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>

namespace piecewise {

/// How a block from allocateBlock will be used.
enum class BlockUse {
  Gradual,   ///< written a little at a time: its pages fault in as they are touched
  WriteSoon, ///< written through soon: its whole pages are faulted in now
};

/// Allocates `bytes` aligned to `align` (a power of two); throws std::bad_alloc
/// as operator new does. Free it with freeBlock(p, align).
void* allocateBlock(size_t bytes, size_t align, BlockUse use);
/// Frees a block from allocateBlock.
void freeBlock(void* block, size_t align);

/// Asks for transparent huge pages under [p, p + bytes) (p 2 MiB-aligned).
void adviseHugePages(void* p, size_t bytes);

} // namespace piecewise
