//===- UseList.h - The users of one node ------------------------*- C++ -*-===//
//
// A node's use list: one entry per reference to the node from another node's
// arguments, in the order the references were made. 16 bytes; a list of at
// most one user (most nodes of a model graph) keeps it inline and allocates
// nothing, a longer one holds a heap array. Only Graph changes use lists
// (Graph.h); everything else reads them like a const vector.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace piecewise {

class Node;

class UseList {
public:
  UseList() { one_ = nullptr; }
  UseList(const UseList&) = delete;
  UseList& operator=(const UseList&) = delete;
  ~UseList() {
    if (onHeap())
      delete[] heap_;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Node* const* begin() const { return data(); }
  Node* const* end() const { return data() + size_; }
  Node* operator[](size_t i) const { return data()[i]; }
  Node* front() const { return data()[0]; }
  Node* back() const { return data()[size_ - 1]; }
  /// A copy of the entries.
  std::vector<Node*> vec() const { return std::vector<Node*>(begin(), end()); }

private:
  friend class Graph;

  bool onHeap() const { return capacity_ > 1; }
  Node* const* data() const { return onHeap() ? heap_ : &one_; }
  Node** data() { return onHeap() ? heap_ : &one_; }
  void push_back(Node* n) {
    if (size_ == capacity_)
      grow();
    data()[size_++] = n;
  }
  /// Removes the entry at i, keeping the order of the others.
  void eraseAt(size_t i) {
    Node** d = data();
    for (size_t j = i + 1; j < size_; ++j)
      d[j - 1] = d[j];
    --size_;
  }
  void grow();

  union {
    Node* one_;
    Node** heap_;
  };
  uint32_t size_ = 0;
  /// 1 while the list is inline (one_); the heap array's length after.
  uint32_t capacity_ = 1;
};

} // namespace piecewise
