//===- CodeFormNames.cpp - What the names of a code-form graph mean -------===//
//
// The out-of-line half of CodeFormNames.h: prefetching the next name,
// annotations and canonical targets through their caches.
//
//===----------------------------------------------------------------------===//

#include "CodeFormNames.h"

#include "piecewise/ir/Target.h"
#include "piecewise/support/CharClass.h"
#include "piecewise/text/Parser.h"

namespace piecewise::text {

void CodeFormNames::startGraph() {
  globalHeads_.clear();
  annotationCache_.clear();
  forgetRecent();
}

void CodeFormNames::prefetchNextName(const char* p, const char* end) {
  while (p < end && (*p == ' ' || *p == ',' || *p == '*' || *p == '\n'))
    ++p;
  const char* b = p;
  while (p < end && ascii::isIdentChar(*p))
    ++p;
  if (p == b)
    return;
  prefetchedName_ = std::string_view(b, static_cast<size_t>(p - b));
  prefetchedHash_ = cx_.graph->strings().prefetch(prefetchedName_);
}

bool CodeFormNames::readAnnotation(Token ann, Graph& g, Meta& meta) {
  std::string_view lit = ann.text();
  std::string_view value;
  size_t valueAt = 1;
  bool cacheable = (lit[0] == '"' || lit[0] == '\'') && lit.find('\\') == std::string_view::npos;
  if (cacheable) {
    value = lit.substr(1, lit.size() - 2); // no escapes: the text is the value
    if (auto it = annotationCache_.find(value); it != annotationCache_.end()) {
      meta = it->second;
      return true;
    }
  } else {
    size_t badAt = 0;
    const char* why = nullptr;
    if (!PyLexer::decodeString(lit, scratch_, badAt, why)) {
      cx_.error(ann.begin + badAt, why);
      return false;
    }
    value = scratch_;
    valueAt = lit.find_first_of("'\"") + 1;
  }
  if (failed(parseAnnotation(value, cx_.locOf(ann.begin + valueAt), g, meta, cx_.diag()))) {
    cx_.fail();
    return false;
  }
  // The interned names a Meta holds belong to `g`: a nested class's graph has its own.
  if (cacheable && &g == cx_.graph && annotationCache_.size() < 65536)
    annotationCache_.emplace(value, meta);
  return true;
}

Symbol CodeFormNames::canonicalTargetOf(std::string_view dotted) {
  Graph& g = *cx_.graph;
  Symbol raw = g.intern(dotted);
  if (const Symbol* c = canonicalTargets_.find(raw.data()))
    return *c;
  Symbol c = g.intern(canonicalTarget(dotted));
  canonicalTargets_.insert(raw.data(), c);
  return c;
}

} // namespace piecewise::text
