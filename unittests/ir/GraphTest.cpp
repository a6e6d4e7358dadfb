// The Graph mutation API and its invariants: exact use lists, unique names,
// O(1) order queries, the (op, target) index, and the name table shared
// between graphs through one interner.

#include "piecewise/ir/Graph.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

using namespace piecewise;

namespace {

Argument ref(Node* n) {
  return Argument::node(n);
}

/// Checks every structural invariant the Graph promises after any edit:
/// the list links are consistent, order numbers increase along the list,
/// every live node is found by its name, and use lists are exact (one entry
/// per reference from a live node, none from erased nodes).
void expectInvariants(const Graph& g) {
  std::vector<Node*> nodes;
  Node* prev = nullptr;
  for (Node* n : g) {
    EXPECT_FALSE(n->isErased()) << n->name().str();
    EXPECT_EQ(n->prev(), prev) << n->name().str();
    EXPECT_EQ(n->graph(), &g);
    EXPECT_EQ(g.lookup(n->name()), n) << n->name().str();
    EXPECT_EQ(g.lookup(n->name().str()), n) << n->name().str();
    if (prev) {
      EXPECT_TRUE(g.isBefore(prev, n)) << prev->name().str() << " / " << n->name().str();
    }
    nodes.push_back(n);
    prev = n;
  }
  EXPECT_EQ(g.back(), prev);
  EXPECT_EQ(g.size(), nodes.size());
  // Expected uses, recomputed from the arguments.
  for (Node* n : nodes) {
    std::vector<Node*> expected;
    for (Node* u : nodes)
      u->forEachInput([&](const Node* in) {
        if (in == n)
          expected.push_back(u);
      });
    std::vector<Node*> actual = n->users().vec();
    std::sort(expected.begin(), expected.end());
    std::sort(actual.begin(), actual.end());
    EXPECT_EQ(actual, expected) << "use list of " << n->name().str();
  }
  // Names are unique.
  std::vector<const char*> names;
  for (Node* n : nodes)
    names.push_back(n->name().data());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
}

struct Diamond {
  // x -> a = f(x), b = g(x, x), c = h(a, b) -> output(c)
  Graph g{nullptr};
  Node* x;
  Node* a;
  Node* b;
  Node* c;
  Node* out;
  Symbol add;
  Symbol mul;
  Diamond() {
    add = g.intern("aten::add.Tensor");
    mul = g.intern("aten::mul.Tensor");
    x = g.createNode(OpKind::Placeholder, "x", g.intern("x"), {}, {});
    a = g.createNode(OpKind::CallFunction, "a", add, {ref(x), Argument::integer(1)}, {});
    b = g.createNode(OpKind::CallFunction, "b", mul, {ref(x), ref(x)}, {});
    c = g.createNode(OpKind::CallFunction, "c", add, {ref(a), ref(b)}, {});
    out =
        g.createNode(OpKind::Output, "output", g.intern("output"), {Argument::tuple({ref(c)})}, {});
  }
};

std::vector<std::string> order(const Graph& g) {
  std::vector<std::string> out;
  for (Node* n : g)
    out.emplace_back(n->name().str());
  return out;
}

} // namespace

TEST(GraphTest, CreateRecordsUsesInReferenceOrder) {
  Diamond d;
  expectInvariants(d.g);
  EXPECT_EQ(order(d.g), (std::vector<std::string>{"x", "a", "b", "c", "output"}));
  // b uses x twice: two entries.
  EXPECT_EQ(d.x->users().vec(), (std::vector<Node*>{d.a, d.b, d.b}));
  EXPECT_EQ(d.x->uniqueUsers(), (std::vector<Node*>{d.a, d.b}));
  EXPECT_EQ(d.c->inputs(), (std::vector<Node*>{d.a, d.b}));
  EXPECT_EQ(d.g.outputNode(), d.out);
  EXPECT_EQ(d.g.front(), d.x);
}

TEST(GraphTest, KwargsCountAsUses) {
  Graph g(nullptr);
  Node* x = g.createNode(OpKind::Placeholder, "x", g.intern("x"), {}, {});
  Node* y = g.createNode(OpKind::CallFunction, "y", g.intern("aten::sum.dim_IntList"), {ref(x)},
                         {KwArg{g.intern("out"), Argument::list({ref(x)})}});
  EXPECT_EQ(x->users().vec(), (std::vector<Node*>{y, y}));
  ASSERT_NE(y->kwarg("out"), nullptr);
  g.setKwargs(y, {});
  EXPECT_EQ(x->users().vec(), (std::vector<Node*>{y}));
  expectInvariants(g);
}

TEST(GraphTest, CreateUniquifiesNamesLikeFx) {
  Graph g(nullptr);
  Symbol t = g.intern("aten::relu.default");
  Node* a = g.createNode(OpKind::CallFunction, "relu", t, {}, {});
  Node* b = g.createNode(OpKind::CallFunction, "relu", t, {}, {});
  Node* c = g.createNode(OpKind::CallFunction, g.intern("relu"), t, {}, {});
  EXPECT_EQ(a->name().str(), "relu");
  EXPECT_EQ(b->name().str(), "relu_1");
  EXPECT_EQ(c->name().str(), "relu_2");
  EXPECT_EQ(g.uniqueName("relu"), "relu_3");
  EXPECT_EQ(g.uniqueName("fresh"), "fresh");
  expectInvariants(g);
}

TEST(GraphTest, InsertBeforeKeepsOrderQueriesExact) {
  Diamond d;
  // Many insertions at one point exhaust the order gaps and force a renumbering.
  Node* at = d.c;
  for (int i = 0; i < 200; ++i)
    at = d.g.createNode(OpKind::CallFunction, "ins", d.mul, {ref(d.a)}, {}, at);
  expectInvariants(d.g);
  EXPECT_EQ(d.g.size(), 205u);
  EXPECT_TRUE(d.g.isBefore(d.b, at));
  EXPECT_TRUE(d.g.isBefore(at, d.c));
  EXPECT_EQ(d.a->users().size(), 201u);
}

TEST(GraphTest, EraseDropsUsesAndName) {
  Diamond d;
  d.g.setArgs(d.out, {Argument::tuple({ref(d.a)})});
  d.g.erase(d.c);
  EXPECT_TRUE(d.c->isErased());
  EXPECT_EQ(d.g.lookup("c"), nullptr);
  EXPECT_TRUE(d.b->users().empty());
  EXPECT_EQ(d.a->users().vec(), (std::vector<Node*>{d.out}));
  d.g.erase(d.b);
  EXPECT_EQ(d.x->users().vec(), (std::vector<Node*>{d.a}));
  expectInvariants(d.g);
  // The name is free again.
  Node* c2 = d.g.createNode(OpKind::CallFunction, "c", d.add, {ref(d.a)}, {}, d.out);
  EXPECT_EQ(c2->name().str(), "c");
  expectInvariants(d.g);
}

TEST(GraphTest, ReplaceAllUsesMovesEveryReference) {
  Diamond d;
  Node* y = d.g.createNode(OpKind::Placeholder, "y", d.g.intern("y"), {}, {}, d.a);
  d.g.replaceAllUsesWith(d.x, y);
  EXPECT_TRUE(d.x->users().empty());
  EXPECT_EQ(y->users().vec(), (std::vector<Node*>{d.a, d.b, d.b}));
  EXPECT_EQ(d.b->args()[0].getNode(), y);
  EXPECT_EQ(d.b->args()[1].getNode(), y);
  expectInvariants(d.g);
  d.g.replaceAllUsesWith(y, y); // no-op
  EXPECT_EQ(y->users().size(), 3u);
}

TEST(GraphTest, ReplaceUsesIfOnlyInSelectedUsers) {
  Diamond d;
  Node* y = d.g.createNode(OpKind::Placeholder, "y", d.g.intern("y"), {}, {}, d.a);
  d.g.replaceUsesIf(d.x, y, [&](Node* u) { return u == d.b; });
  EXPECT_EQ(d.x->users().vec(), (std::vector<Node*>{d.a}));
  EXPECT_EQ(y->users().vec(), (std::vector<Node*>{d.b, d.b}));
  expectInvariants(d.g);
}

TEST(GraphTest, SetArgAndSetArgsKeepUsesExact) {
  Diamond d;
  d.g.setArg(d.c, 1, ref(d.a));
  EXPECT_TRUE(d.b->users().empty());
  EXPECT_EQ(d.a->users().vec(), (std::vector<Node*>{d.c, d.c}));
  // Setting past the end grows the argument list.
  d.g.setArg(d.c, 3, ref(d.x));
  EXPECT_EQ(d.c->args().size(), 4u);
  EXPECT_TRUE(d.c->args()[2].isNone());
  d.g.setArgs(d.c, {});
  EXPECT_TRUE(d.a->users().empty());
  EXPECT_EQ(d.x->users().vec(), (std::vector<Node*>{d.a, d.b, d.b}));
  expectInvariants(d.g);
}

TEST(GraphTest, SetTargetUpdatesTheIndex) {
  Diamond d;
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction, d.add), (std::vector<Node*>{d.a, d.c}));
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction, d.mul), (std::vector<Node*>{d.b}));
  d.g.setTarget(d.a, d.mul);
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction, d.add), (std::vector<Node*>{d.c}));
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction, d.mul), (std::vector<Node*>{d.a, d.b}));
  // The index is by op as well: a call_method with the same target is apart.
  Node* m = d.g.createNode(OpKind::CallMethod, "m", d.mul, {ref(d.x)}, {}, d.out);
  EXPECT_EQ(d.g.findNodes(OpKind::CallMethod, d.mul), (std::vector<Node*>{m}));
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction).size(), 3u);
  EXPECT_EQ(d.g.placeholders(), (std::vector<Node*>{d.x}));
  // Placeholders are found by target too, and in graph order after moves.
  Node* y = d.g.createNode(OpKind::Placeholder, "y", d.g.intern("y"), {}, {}, d.x);
  EXPECT_EQ(d.g.findNodes(OpKind::Placeholder, d.g.intern("x")), (std::vector<Node*>{d.x}));
  EXPECT_EQ(d.g.findNodes(OpKind::Placeholder, d.g.intern("y")), (std::vector<Node*>{y}));
  EXPECT_EQ(d.g.placeholders(), (std::vector<Node*>{y, d.x}));
  EXPECT_EQ(d.g.findNodes(OpKind::Output), (std::vector<Node*>{d.out}));
  d.g.erase(y);
  EXPECT_EQ(d.g.placeholders(), (std::vector<Node*>{d.x}));
  d.g.erase(m);
  EXPECT_TRUE(d.g.findNodes(OpKind::CallMethod, d.mul).empty());
}

TEST(GraphTest, EditCountCountsEveryRewriteOfTargetArgsOrKwargs) {
  Diamond d;
  EXPECT_EQ(d.c->editCount(), 0u);
  d.g.setArg(d.c, 1, ref(d.a));
  EXPECT_EQ(d.c->editCount(), 1u);
  d.g.setArgs(d.c, {ref(d.a), ref(d.b)});
  d.g.setKwargs(d.c, {});
  d.g.setTarget(d.c, d.mul);
  EXPECT_EQ(d.c->editCount(), 4u);
  // A use rewritten by a replacement edits the user, not the others.
  uint32_t before = d.a->editCount();
  d.g.replaceAllUsesWith(d.b, d.a);
  EXPECT_EQ(d.c->editCount(), 5u);
  EXPECT_EQ(d.a->editCount(), before);
  // Moves and renames are no edits.
  d.g.rename(d.c, "renamed");
  EXPECT_EQ(d.c->editCount(), 5u);
}

TEST(GraphTest, FindNodesFollowsMoves) {
  Diamond d;
  d.g.moveBefore(d.c, d.a); // not valid FX (c uses a), but the index follows order
  EXPECT_EQ(d.g.findNodes(OpKind::CallFunction, d.add), (std::vector<Node*>{d.c, d.a}));
}

TEST(GraphTest, MoveBeforeAndAfter) {
  Diamond d;
  d.g.moveAfter(d.a, d.b);
  EXPECT_EQ(order(d.g), (std::vector<std::string>{"x", "b", "a", "c", "output"}));
  EXPECT_TRUE(d.g.isBefore(d.b, d.a));
  d.g.moveBefore(d.a, d.x);
  EXPECT_EQ(order(d.g), (std::vector<std::string>{"a", "x", "b", "c", "output"}));
  EXPECT_EQ(d.g.front(), d.a);
  d.g.moveAfter(d.a, d.out);
  EXPECT_EQ(d.g.back(), d.a);
  expectInvariants(d.g);
}

TEST(GraphTest, RenameUniquifiesAndFreesTheOldName) {
  Diamond d;
  EXPECT_EQ(d.g.rename(d.a, "b").str(), "b_1");
  EXPECT_EQ(d.g.lookup("a"), nullptr);
  EXPECT_EQ(d.g.lookup("b_1"), d.a);
  EXPECT_EQ(d.g.rename(d.b, "a").str(), "a");
  EXPECT_EQ(d.g.rename(d.b, "a").str(), "a"); // to its own name: unchanged
  expectInvariants(d.g);
}

TEST(GraphTest, GraphsSharingAnInternerKeepSeparateNames) {
  // The split module's pieces reuse the names of the graph they came from.
  auto strings = std::make_shared<StringInterner>();
  Symbol t = strings->intern("aten::relu.default");
  auto g1 = std::make_unique<Graph>(strings);
  auto g2 = std::make_unique<Graph>(strings);
  Node* a1 = g1->createNode(OpKind::CallFunction, "a", t, {}, {});
  Node* a2 = g2->createNode(OpKind::CallFunction, "a", t, {}, {});
  EXPECT_EQ(a2->name().str(), "a"); // a name taken in another graph is free here
  EXPECT_EQ(g1->lookup("a"), a1);
  EXPECT_EQ(g2->lookup("a"), a2);
  EXPECT_EQ(g2->lookup("b"), nullptr);

  // Erasing the first graph's node leaves the second one's.
  g1->erase(a1);
  EXPECT_EQ(g1->lookup("a"), nullptr);
  EXPECT_EQ(g2->lookup("a"), a2);
  Node* a1b = g1->createNode(OpKind::CallFunction, "a", t, {}, {});
  EXPECT_EQ(a1b->name().str(), "a");
  EXPECT_EQ(g1->lookup("a"), a1b);
  EXPECT_EQ(g2->lookup("a"), a2);

  // Renames move a node between names in one graph only.
  g2->rename(a2, "z");
  EXPECT_EQ(g2->lookup("a"), nullptr);
  EXPECT_EQ(g1->lookup("a"), a1b);
  EXPECT_EQ(g1->lookup("z"), nullptr);
  EXPECT_EQ(g2->lookup("z"), a2);

  // Destroying a graph leaves no trace in the others.
  Node* z1 = g1->createNode(OpKind::CallFunction, "z", t, {}, {});
  g2.reset();
  EXPECT_EQ(g1->lookup("z"), z1);
  auto g3 = std::make_unique<Graph>(strings);
  EXPECT_EQ(g3->lookup("z"), nullptr);
  EXPECT_EQ(g3->lookup("a"), nullptr);
  Node* z3 = g3->createNode(OpKind::CallFunction, "z", t, {}, {});
  EXPECT_EQ(z3->name().str(), "z");
  g1.reset();
  EXPECT_EQ(g3->lookup("z"), z3);
  EXPECT_EQ(g3->lookup("a"), nullptr);
  expectInvariants(*g3);
}

TEST(GraphTest, ManyGraphsWithTheSameNames) {
  auto strings = std::make_shared<StringInterner>();
  Symbol t = strings->intern("aten::relu.default");
  std::vector<std::unique_ptr<Graph>> graphs;
  for (int i = 0; i < 20; ++i) {
    graphs.push_back(std::make_unique<Graph>(strings));
    Node* prev = graphs.back()->createNode(OpKind::Placeholder, "x", strings->intern("x"), {}, {});
    for (int k = 0; k < 50; ++k)
      prev = graphs.back()->createNode(OpKind::CallFunction, "relu", t, {ref(prev)}, {});
  }
  // Drop every other graph, then check the survivors.
  for (size_t i = 0; i < graphs.size(); i += 2)
    graphs[i].reset();
  for (auto& g : graphs) {
    if (!g)
      continue;
    EXPECT_EQ(g->size(), 51u);
    EXPECT_EQ(g->lookup("relu_49")->graph(), g.get());
    expectInvariants(*g);
  }
}

TEST(GraphTest, LookupOfUnknownStringsDoesNotIntern) {
  Graph g(nullptr);
  size_t before = g.strings().size();
  EXPECT_EQ(g.lookup("never_seen"), nullptr);
  EXPECT_EQ(g.strings().size(), before);
}

TEST(GraphTest, GraphsPastTheBigChunksKeepEveryNode) {
  // Nodes live in chunks of 16 to 1024 nodes, then (from the 17th chunk, past 11,248
  // nodes) of 8192 nodes whose pages are faulted in ahead. Sizes around both edges and
  // a 30,000-node graph: every node stays where it was created, is found by its name,
  // keeps its order and uses, through erasures and insertions in the middle.
  for (size_t count : {11247u, 11248u, 11249u, 19440u, 19441u, 30000u}) {
    Graph g(nullptr);
    Symbol relu = g.intern("aten::relu.default");
    Node* x = g.createNode(OpKind::Placeholder, "x", g.intern("x"), {}, {});
    std::vector<Node*> nodes;
    for (size_t i = 1; i < count; ++i)
      nodes.push_back(g.createNode(OpKind::CallFunction, "relu", relu, {ref(x)}, {}));
    ASSERT_EQ(g.size(), count);
    // Erase every third node; insert a node before every fifth survivor.
    size_t erased = 0, inserted = 0;
    for (size_t i = 0; i < nodes.size(); i += 3, ++erased)
      g.erase(nodes[i]);
    for (size_t i = 1; i < nodes.size(); i += 5) {
      if (i % 3 == 0)
        continue;
      g.createNode(OpKind::CallFunction, "ins", relu, {ref(nodes[i])}, {}, nodes[i]);
      ++inserted;
    }
    EXPECT_EQ(g.size(), count - erased + inserted) << count;
    EXPECT_EQ(x->users().size(), nodes.size() - erased) << count;
    size_t seen = 0;
    Node* prev = nullptr;
    for (Node* n : g) {
      ASSERT_FALSE(n->isErased());
      ASSERT_EQ(g.lookup(n->name()), n) << n->name().str();
      if (prev) {
        ASSERT_TRUE(g.isBefore(prev, n)) << n->name().str();
      }
      prev = n;
      ++seen;
    }
    EXPECT_EQ(seen, g.size());
    for (size_t i = 0; i < nodes.size(); ++i) {
      std::string name = i == 0 ? "relu" : "relu_" + std::to_string(i);
      if (i % 3 == 0) {
        EXPECT_EQ(g.lookup(name), nullptr) << name;
      } else {
        ASSERT_EQ(g.lookup(name), nodes[i]) << name;
        EXPECT_EQ(nodes[i]->users().size(), (i % 5 == 1) ? 1u : 0u) << name;
        if (i % 5 == 1) {
          EXPECT_EQ(nodes[i]->prev()->target(), relu);
        }
      }
    }
  }
}
