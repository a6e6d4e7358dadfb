//===- CodeFormNames.h - What the names of a code-form graph mean -*- C++ -*-===//
//
// Name resolution for the code-form parser, with every cache it keeps and the
// one switch for prefetching. The parser asks it what a name is (a node of
// the current graph, a name whose statement failed, the head of a global
// read earlier), what an annotation means, and what a dotted callee's
// canonical target is; all the answers are the same with every cache empty,
// the caches only make a million-node dump fast:
//
//  - recent names: most references name a node defined a few statements
//    before, so a small direct-mapped table (by the name's hash, which each
//    entry keeps so that a miss does not load the entry's cold node) answers
//    them without touching the graph's large name table;
//  - the predicted input: a reference the recent table misses is most often a
//    graph input read for the first time (a layer's weight), and Dynamo lifts
//    inputs in the order the model first reads them, so the input after the
//    last one read is tried before the name table, with its node and name
//    already loaded;
//  - prefetching: a definition's interner slot is a cache miss in a table of
//    tens of megabytes; the parser starts loading the slot of the next
//    statement's (or the next `def` parameter's) name while it reads the
//    current one, and reuses the hash it computed then. prefetching() is the
//    one switch for all of it: on once the interner outgrows the cache;
//  - annotations: a dump repeats a few hundred shapes over a million nodes;
//    each escape-free annotation is parsed once per graph;
//  - canonical targets: a graph names few distinct callees, each respelled
//    once (`torch.ops.aten.mm.default` -> `aten::mm.default`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CodeFormContext.h"
#include "PyLexer.h"

#include "piecewise/ir/Graph.h"
#include "piecewise/support/Hashing.h"
#include "piecewise/support/PointerMap.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace piecewise::text {

class CodeFormNames {
public:
  explicit CodeFormNames(CodeFormContext& cx)
      : cx_(cx), bigInput_(cx.buffer().numLines() >= kPrefetchAbove) {}

  /// Starts the names of a new graph (`cx.graph`): the per-graph caches are emptied.
  void startGraph();

  //===--- Nodes ----------------------------------------------------------===//

  /// The node called `name` in the current graph, or null.
  Node* findNode(std::string_view name) {
    uint64_t h = hashBytes(name);
    Recent& slot = recent_[h & (kRecent - 1)];
    if (slot.node && slot.hash == h && slot.node->name().str() == name)
      return slot.node;
    Node* n = nextInput_ && nextInput_->name().str() == name ? nextInput_ : cx_.graph->lookup(name);
    if (n) {
      slot = Recent{h, n};
      if (n->isPlaceholder())
        expectNextInput(n->next());
    }
    return n;
  }
  /// Records a node just defined (or renamed) as recent.
  void remember(Node* n) { remember(n, hashBytes(n->name().str())); }
  /// Pre: `hash` == hashBytes(n->name().str()).
  void remember(Node* n, uint64_t hash) { recent_[hash & (kRecent - 1)] = Recent{hash, n}; }
  /// Forgets every recent node and the predicted input (after nodes were erased).
  void forgetRecent() {
    std::fill(std::begin(recent_), std::end(recent_), Recent{});
    expectNextInput(nullptr);
  }

  /// A statement for `name` failed: later references to it stay quiet.
  void poison(std::string_view name) { poisoned_.insert(std::string(name)); }
  bool isPoisoned(std::string_view name) const {
    return !poisoned_.empty() && poisoned_.count(std::string(name));
  }

  /// Notes the first name of a dotted callable or global the graph reads
  /// (`foo` of `foo.bar(x)`) where it is first read: a node defined later
  /// under that name would have been read there instead.
  void noteGlobalHead(std::string_view dotted, const char* at) {
    std::string_view head = dotted.substr(0, dotted.find('.'));
    if (head != "torch")
      globalHeads_.try_emplace(head, cx_.locOf(at));
  }
  /// Where `name` was first read as a global, or null.
  const Location* globalHeadOf(std::string_view name) const {
    auto it = globalHeads_.find(name);
    return it == globalHeads_.end() ? nullptr : &it->second;
  }

  /// `name: "ann"` declarations without a value (pytree-flattened inputs).
  void declare(std::string_view name, Meta meta) { declared_[std::string(name)] = std::move(meta); }
  const Meta* declared(std::string_view name) const {
    auto it = declared_.find(std::string(name));
    return it == declared_.end() ? nullptr : &it->second;
  }

  //===--- Prefetching ----------------------------------------------------===//

  /// The one prefetch switch: whether the interner's table of this parse is
  /// (or, by the number of lines, will be) too big for the cache, so that
  /// loading a slot ahead pays for the instructions it costs.
  bool prefetching() const { return bigInput_ || cx_.graph->strings().size() >= kPrefetchAbove; }
  /// Starts loading the interner slot of the name that begins at `p` (after
  /// blanks, commas, `*` and line ends: the next statement's node name, or the
  /// next `def` parameter). A hint only: text that is no name costs a wasted
  /// prefetch.
  void prefetchNextName(const char* p, const char* end);
  /// The interner hash of `name` (in the buffer), reusing prefetchNextName's.
  uint64_t hashOf(std::string_view name) const {
    return wasPrefetched(name) ? prefetchedHash_ : hashBytes(name);
  }
  /// The same, and starts loading `name`'s interner slot unless prefetchNextName did.
  uint64_t prefetchDefinition(std::string_view name) const {
    return wasPrefetched(name) ? prefetchedHash_ : cx_.graph->strings().prefetch(name);
  }
  /// Once a statement after the prediction its node is in cache: starts
  /// loading the predicted input's name.
  void loadNextInputName() {
    if (nextInput_ && !nextInputNameLoading_) {
      __builtin_prefetch(nextInput_->name().data());
      nextInputNameLoading_ = true;
    }
  }

  //===--- Annotations and targets ----------------------------------------===//

  /// Reads the quoted annotation `ann` into `meta` for graph `g`: its string
  /// value (escapes decoded, as for any string) parsed by parseAnnotation.
  /// Reports and returns false on a bad one.
  bool readAnnotation(Token ann, Graph& g, Meta& meta);
  /// The canonical target for a dotted callee.
  Symbol canonicalTargetOf(std::string_view dotted);

private:
  /// Below this many interned strings the interner's table (16 bytes a slot)
  /// stays in cache.
  static constexpr size_t kPrefetchAbove = 65536;

  void expectNextInput(Node* n) {
    nextInput_ = n && n->isPlaceholder() ? n : nullptr;
    nextInputNameLoading_ = false;
    if (nextInput_)
      __builtin_prefetch(nextInput_);
  }
  /// Whether `name` (in the buffer) is the one prefetchNextName hashed last.
  bool wasPrefetched(std::string_view name) const {
    return name.data() == prefetchedName_.data() && name.size() == prefetchedName_.size();
  }

  /// Hashes text with the interner's hash (std::hash reads a byte at a time).
  struct TextHash {
    size_t operator()(std::string_view s) const noexcept { return hashBytes(s); }
  };

  CodeFormContext& cx_;

  static constexpr size_t kRecent = 4096;
  struct Recent {
    uint64_t hash = 0;
    Node* node = nullptr;
  };
  Recent recent_[kRecent] = {};
  /// The input predicted to be read next (see findNode), or null.
  Node* nextInput_ = nullptr;
  bool nextInputNameLoading_ = false;

  /// The input has enough lines for the interner to outgrow the cache.
  bool bigInput_ = false;
  /// The name prefetchNextName last prefetched (in the buffer) and its hash.
  std::string_view prefetchedName_;
  uint64_t prefetchedHash_ = 0;

  std::unordered_set<std::string> poisoned_;
  std::unordered_map<std::string_view, Location, TextHash> globalHeads_;
  std::unordered_map<std::string, Meta> declared_;
  PointerMap<Symbol> canonicalTargets_;
  /// Annotations already read, by their text in the source buffer (escape-free ones only).
  std::unordered_map<std::string_view, Meta, TextHash> annotationCache_;
  std::string scratch_;
};

} // namespace piecewise::text
