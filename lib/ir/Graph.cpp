//===- Graph.cpp - An FX graph in C++ -------------------------------------===//
//
// Node storage, the ordered node list, use lists and the mutation API (Graph.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/Graph.h"

#include "piecewise/support/CharClass.h"
#include "piecewise/support/MemoryHints.h"

#include <algorithm>
#include <cassert>
#include <iterator>
#include <new>
#include <string>

namespace piecewise {

namespace {
constexpr uint64_t kOrderStep = uint64_t(1) << 20;

const void* indexKey(OpKind op, Symbol target) {
  // Interned strings start at least 16 bytes apart (a binding word, a 4-byte
  // length, the characters, a NUL, padding to 8), so data() + op is unique per
  // (op, target).
  static const char kNoTarget[8] = {};
  const char* base = target.isNull() ? kNoTarget : target.data();
  return base + static_cast<size_t>(op);
}

/// Placeholders and outputs are indexed by op alone: their targets are their
/// own names, so a bucket per target would hold one node each.
bool indexedByOpAlone(OpKind op) {
  return op == OpKind::Placeholder || op == OpKind::Output;
}

const void* indexKeyOf(OpKind op, Symbol target) {
  return indexKey(op, indexedByOpAlone(op) ? Symbol() : target);
}
} // namespace

Graph::Graph(std::shared_ptr<StringInterner> strings) : strings_(std::move(strings)) {
  if (!strings_)
    strings_ = std::make_shared<StringInterner>();
}

//===--- Linking and ordering ---------------------------------------------===//

void Graph::link(Node* n, Node* insertPoint) {
  if (!insertPoint) {
    n->prev_ = tail_;
    n->next_ = nullptr;
    if (tail_)
      tail_->next_ = n;
    else
      head_ = n;
    tail_ = n;
  } else {
    n->next_ = insertPoint;
    n->prev_ = insertPoint->prev_;
    if (insertPoint->prev_)
      insertPoint->prev_->next_ = n;
    else
      head_ = n;
    insertPoint->prev_ = n;
  }
  ++size_;
  assignOrder(n);
}

void Graph::unlink(Node* n) {
  if (n->prev_)
    n->prev_->next_ = n->next_;
  else
    head_ = n->next_;
  if (n->next_)
    n->next_->prev_ = n->prev_;
  else
    tail_ = n->prev_;
  n->prev_ = n->next_ = nullptr;
  --size_;
}

void Graph::assignOrder(Node* n) {
  uint64_t lo = n->prev_ ? n->prev_->order_ : 0;
  if (!n->next_) {
    n->order_ = lo + kOrderStep;
    return;
  }
  uint64_t hi = n->next_->order_;
  if (hi - lo >= 2) {
    n->order_ = lo + (hi - lo) / 2;
    return;
  }
  renumber();
}

void Graph::renumber() {
  uint64_t o = 0;
  for (Node* n = head_; n; n = n->next_)
    n->order_ = (o += kOrderStep);
}

//===--- Use lists -----------------------------------------------------------===//

void Graph::addUses(Node* n) {
  n->forEachInput([n](Node* in) { in->users_.push_back(n); });
}

void Graph::removeOneUse(Node* input, Node* user) {
  // Recent users sit at the back; search from there.
  UseList& us = input->users_;
  for (size_t i = us.size(); i-- > 0;) {
    if (us[i] == user) {
      us.eraseAt(i);
      return;
    }
  }
  assert(false && "use list out of sync");
}

void Graph::dropUses(Node* n) {
  n->forEachInput([n](Node* in) { removeOneUse(in, n); });
}

//===--- Index --------------------------------------------------------------===//

void Graph::indexAdd(Node* n) {
  const void* key = indexKeyOf(n->op_, n->target_);
  std::vector<Node*>* found = index_.find(key);
  if (!found) {
    index_.insert(key, {});
    found = index_.find(key);
  }
  auto& v = *found;
  n->indexSlot_ = static_cast<uint32_t>(v.size());
  v.push_back(n);
}

void Graph::indexRemove(Node* n) {
  std::vector<Node*>* found = index_.find(indexKeyOf(n->op_, n->target_));
  assert(found);
  auto& v = *found;
  Node* last = v.back();
  v[n->indexSlot_] = last;
  last->indexSlot_ = n->indexSlot_;
  v.pop_back();
}

//===--- Names --------------------------------------------------------------===//

std::string Graph::uniqueName(std::string_view base) const {
  if (!lookup(base))
    return std::string(base);
  // FX style: `add` -> `add_1`; `add_1` -> `add_2`.
  std::string stem(base);
  size_t us = stem.rfind('_');
  if (us != std::string::npos && us + 1 < stem.size() &&
      std::all_of(stem.begin() + static_cast<std::ptrdiff_t>(us) + 1, stem.end(), ascii::isDigit))
    stem.resize(us);
  auto it = nextSuffix_.find(stem);
  uint32_t i = it == nextSuffix_.end() ? 1 : it->second;
  for (;; ++i) {
    std::string candidate = stem + "_" + std::to_string(i);
    if (!lookup(candidate))
      return candidate;
  }
}

Symbol Graph::uniqueSymbol(std::string_view base) {
  // Fast path: the name is free (always so when parsing).
  Symbol s = intern(base);
  if (!names_.lookup(s))
    return s;
  std::string name = uniqueName(base);
  if (name != base) {
    std::string stem = name.substr(0, name.rfind('_'));
    nextSuffix_[stem] = static_cast<uint32_t>(std::stoul(name.substr(name.rfind('_') + 1))) + 1;
  }
  return intern(name);
}

Node* Graph::lookup(std::string_view name) const {
  Symbol s = strings_->lookup(name);
  if (s.isNull())
    return nullptr;
  return names_.lookup(s);
}

//===--- Public mutation API ------------------------------------------------===//

void Graph::ChunkDeleter::operator()(Node* chunk) const {
  freeBlock(static_cast<void*>(chunk), alignof(Node));
}

Graph::~Graph() {
  names_.unbindAll(*this);
  // Every chunk but the last is full; destroy the constructed nodes only.
  for (size_t c = 0; c < chunks_.size(); ++c) {
    size_t n = c + 1 == chunks_.size() ? usedInLastChunk_ : chunkCapacity(c);
    Node* base = chunks_[c].get();
    for (size_t i = 0; i < n; ++i)
      base[i].~Node();
  }
}

Node* Graph::createNode(OpKind op, std::string_view name, Symbol target, std::vector<Argument> args,
                        std::vector<KwArg> kwargs, Node* insertPoint) {
  return createNode(op, uniqueSymbol(name), target, std::move(args), std::move(kwargs),
                    insertPoint);
}

Node* Graph::createNode(OpKind op, Symbol name, Symbol target, std::vector<Argument> args,
                        std::vector<KwArg> kwargs, Node* insertPoint) {
  if (names_.lookup(name))
    name = uniqueSymbol(name.str());
  if (chunks_.empty() || usedInLastChunk_ == chunkCapacity(chunks_.size() - 1)) {
    size_t bytes = sizeof(Node) * chunkCapacity(chunks_.size());
    // A big chunk is filled node by node right away: its pages are faulted in at once.
    void* raw =
        allocateBlock(bytes, alignof(Node),
                      chunks_.size() >= kBigChunksFrom ? BlockUse::WriteSoon : BlockUse::Gradual);
    chunks_.emplace_back(static_cast<Node*>(raw));
    usedInLastChunk_ = 0;
  }
  Node* n = new (chunks_.back().get() + usedInLastChunk_) Node(Node::Token{});
  ++usedInLastChunk_;
  n->graph_ = this;
  n->op_ = op;
  n->name_ = name;
  n->target_ = target;
  n->args_ = std::move(args);
  n->storeKwargs(std::move(kwargs));
  names_.insert(name, n);
  link(n, insertPoint);
  addUses(n);
  indexAdd(n);
  return n;
}

void Graph::erase(Node* n) {
  assert(n->graph_ == this && !n->erased_);
  assert(n->users_.empty() && "erasing a node that still has users");
  dropUses(n);
  indexRemove(n);
  names_.erase(n->name_, n);
  unlink(n);
  n->args_.clear();
  n->kwargs_.reset();
  n->erased_ = true;
}

void Graph::replaceAllUsesWith(Node* from, Node* to) {
  replaceUsesIf(from, to, [](Node*) { return true; });
}

void Graph::replaceUsesIf(Node* from, Node* to, const std::function<bool(Node*)>& pred) {
  if (from == to)
    return;
  std::vector<Node*> users = from->uniqueUsers();
  for (Node* u : users) {
    if (!pred(u))
      continue;
    size_t moved = 0;
    auto rewrite = [&](Node*& ref) {
      if (ref == from) {
        ref = to;
        ++moved;
      }
    };
    for (Argument& a : u->args_)
      a.forEachNode(rewrite);
    if (u->kwargs_)
      for (KwArg& k : *u->kwargs_)
        k.value.forEachNode(rewrite);
    for (size_t i = 0; i < moved; ++i) {
      removeOneUse(from, u);
      to->users_.push_back(u);
    }
    if (moved)
      ++u->edits_;
  }
}

void Graph::setArgs(Node* n, std::vector<Argument> args) {
  dropUses(n);
  n->args_ = std::move(args);
  ++n->edits_;
  addUses(n);
}

void Graph::setKwargs(Node* n, std::vector<KwArg> kwargs) {
  dropUses(n);
  n->storeKwargs(std::move(kwargs));
  ++n->edits_;
  addUses(n);
}

void Graph::setArg(Node* n, size_t index, Argument value) {
  dropUses(n);
  if (index >= n->args_.size())
    n->args_.resize(index + 1);
  n->args_[index] = std::move(value);
  ++n->edits_;
  addUses(n);
}

void Graph::setTarget(Node* n, Symbol target) {
  indexRemove(n);
  n->target_ = target;
  ++n->edits_;
  indexAdd(n);
}

Symbol Graph::rename(Node* n, std::string_view name) {
  if (n->name_.str() == name)
    return n->name_;
  names_.erase(n->name_, n);
  n->name_ = uniqueSymbol(name);
  names_.insert(n->name_, n);
  return n->name_;
}

void Graph::moveBefore(Node* n, Node* pos) {
  assert(n != pos);
  unlink(n);
  link(n, pos);
}

void Graph::moveAfter(Node* n, Node* pos) {
  assert(n != pos);
  unlink(n);
  link(n, pos->next_);
}

std::vector<Node*> Graph::findNodes(OpKind op, Symbol target) const {
  std::vector<Node*> out;
  if (indexedByOpAlone(op)) {
    if (const std::vector<Node*>* nodes = index_.find(indexKeyOf(op, target))) {
      if (target.isNull())
        out = *nodes;
      else
        std::copy_if(nodes->begin(), nodes->end(), std::back_inserter(out),
                     [&](const Node* n) { return n->target_ == target; });
    }
  } else if (!target.isNull()) {
    if (const std::vector<Node*>* nodes = index_.find(indexKey(op, target)))
      out = *nodes;
  } else {
    index_.forEach([&](const void*, const std::vector<Node*>& nodes) {
      if (!nodes.empty() && nodes.front()->op_ == op)
        out.insert(out.end(), nodes.begin(), nodes.end());
    });
  }
  auto inOrder = [](const Node* a, const Node* b) { return a->order_ < b->order_; };
  if (!std::is_sorted(out.begin(), out.end(), inOrder))
    std::sort(out.begin(), out.end(), inOrder);
  return out;
}

Node* Graph::outputNode() const {
  for (Node* n = tail_; n; n = n->prev_)
    if (n->op_ == OpKind::Output)
      return n;
  return nullptr;
}

} // namespace piecewise
