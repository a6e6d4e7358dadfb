//===- Node.cpp - One FX node ---------------------------------------------===//
//
// A node's arguments, keyword arguments, meta and inputs (Node.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/Node.h"

#include "piecewise/ir/Graph.h"

#include <algorithm>
#include <array>

namespace piecewise {

// A million nodes are a million times this: grow it knowingly (Node.h, Layout).
static_assert(sizeof(void*) != 8 || sizeof(Node) <= 176, "Node grew past 176 bytes");

namespace {
constexpr std::array<std::string_view, 6> kOpNames = {"placeholder", "get_attr",    "call_function",
                                                      "call_method", "call_module", "output"};
} // namespace

std::string_view opKindName(OpKind k) {
  return kOpNames[static_cast<size_t>(k)];
}

std::optional<OpKind> parseOpKind(std::string_view s) {
  for (size_t i = 0; i < kOpNames.size(); ++i)
    if (kOpNames[i] == s)
      return static_cast<OpKind>(i);
  return std::nullopt;
}

const std::vector<KwArg>& Node::noKwArgs() {
  static const std::vector<KwArg> none;
  return none;
}

const Argument* Node::kwarg(std::string_view name) const {
  for (const KwArg& k : kwargs())
    if (k.name.str() == name)
      return &k.value;
  return nullptr;
}

std::vector<Node*> Node::uniqueUsers() const {
  std::vector<Node*> out = users_.vec();
  std::sort(out.begin(), out.end(), [](Node* a, Node* b) { return a->order_ < b->order_; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<Node*> Node::inputs() const {
  std::vector<Node*> out;
  forEachInput([&](Node* n) {
    if (std::find(out.begin(), out.end(), n) == out.end())
      out.push_back(n);
  });
  return out;
}

bool Node::isGetItem() const {
  return op_ == OpKind::CallFunction && target_.str() == "operator.getitem";
}

bool Node::isTorchOp() const {
  return op_ == OpKind::CallFunction && target_.str().find("::") != std::string_view::npos;
}

bool Node::hasCallReadingNodes() const {
  for (const Argument& a : args_)
    if (a.hasCallReadingNodes())
      return true;
  for (const KwArg& k : kwargs())
    if (k.value.hasCallReadingNodes())
      return true;
  return false;
}

} // namespace piecewise
