//===- SplitModuleBuilder.cpp - A partition plan as a module tree ---------===//
//
// Builds the stitching graph and one child module per piece from a plan (SplitModuleBuilder.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/SplitModuleBuilder.h"

#include <cassert>

namespace piecewise {

namespace {

/// A copy of `a` whose node references are mapped through `map` (by node number).
Argument remap(const Argument& a, const NodeNumbering& num, const std::vector<Node*>& map) {
  Argument copy = a;
  copy.forEachNode([&](Node*& ref) {
    uint32_t i = num.lookup(ref);
    assert(i != NodeNumbering::kAbsent && map[i] && "reference out of scope");
    ref = map[i];
  });
  return copy;
}

std::vector<Argument> remapAll(const std::vector<Argument>& args, const NodeNumbering& num,
                               const std::vector<Node*>& map) {
  std::vector<Argument> out;
  out.reserve(args.size());
  for (const Argument& a : args)
    out.push_back(remap(a, num, map));
  return out;
}

std::vector<KwArg> remapAll(const std::vector<KwArg>& kwargs, const NodeNumbering& num,
                            const std::vector<Node*>& map) {
  std::vector<KwArg> out;
  out.reserve(kwargs.size());
  for (const KwArg& k : kwargs)
    out.push_back(KwArg{k.name, remap(k.value, num, map)});
  return out;
}

/// Copies `src`'s graph into `dst`'s (empty) graph, and its children, recursively.
void cloneModuleInto(const Module& src, Module& dst) {
  const Graph& sg = src.graph();
  Graph& dg = dst.graph();
  dg.treeUnflattenOutput = sg.treeUnflattenOutput;
  dg.treeFlattenInputs = sg.treeFlattenInputs;
  dst.setClassName(src.className());
  NodeNumbering num(sg);
  std::vector<Node*> map(num.size(), nullptr);
  for (uint32_t i = 0; i < num.size(); ++i) {
    const Node* n = num.node(i);
    Node* c = dg.createNode(n->op(), n->name(), n->target(), remapAll(n->args(), num, map),
                            remapAll(n->kwargs(), num, map));
    c->setMeta(n->meta());
    c->setLoc(n->loc());
    c->setProvenance(n->provenance());
    map[i] = c;
  }
  for (const Module::Child& child : src.children())
    cloneModuleInto(*child.module, dst.addChild(child.name));
}

/// `layers` for `layers.0.mlp`.
std::string_view firstComponent(std::string_view path) {
  size_t dot = path.find('.');
  return dot == std::string_view::npos ? path : path.substr(0, dot);
}

} // namespace

SplitModuleBuilder::SplitModuleBuilder(const PartitionPlan& plan, SplitModuleOptions options)
    : plan_(plan), options_(std::move(options)) {
  // topOf_ and localOf_ are sized when first used: the stitching module and
  // the pieces are built one after the other, and at a million nodes each map
  // is 10 MB of the split's peak memory.
  assert(plan.isFinalized() && "build the split module from a finalized plan");
}

std::unique_ptr<Module> SplitModuleBuilder::buildStitching() {
  const Graph& graph = plan_.graph();
  topOf_.assign(plan_.numbering().size(), nullptr);
  const NodeNumbering& num = plan_.numbering();

  auto top = std::make_unique<Module>(options_.className, graph.sharedStrings());
  Graph& tg = top->graph();
  tg.treeUnflattenOutput = graph.treeUnflattenOutput;
  tg.treeFlattenInputs = graph.treeFlattenInputs;
  const Symbol getitem = tg.intern("operator.getitem");
  const Symbol outputSym = tg.intern("output");

  for (uint32_t i = 0; i < num.size(); ++i) {
    const Node* n = num.node(i);
    if (!n->isPlaceholder())
      continue;
    Node* c = tg.createNode(OpKind::Placeholder, n->name(), n->target(), n->args(), {});
    c->setMeta(n->meta());
    c->setLoc(n->loc());
    c->setProvenance(n->provenance());
    topOf_[i] = c;
  }

  for (const Piece& p : plan_.pieces()) {
    const Symbol nameSym = tg.intern(p.name());
    // get_attr constants stay in the stitching module, as split_module keeps
    // them: each is read just before the first call that takes it.
    for (const Node* in : p.inputs) {
      if (in->op() != OpKind::GetAttr || topOf_[num[in]])
        continue;
      Node* c = tg.createNode(OpKind::GetAttr, in->name(), in->target(), {}, {});
      c->setMeta(in->meta());
      c->setLoc(in->loc());
      topOf_[num[in]] = c;
      // A submodule read as a value (a higher-order op's branch: `cond_true_0 =
      // self.cond_true_0`) comes with its class, as a called one does.
      if (options_.sourceModule) {
        std::string_view path = firstComponent(in->target().str());
        const Module* src = options_.sourceModule->child(path);
        if (src && !top->child(path))
          cloneModuleInto(*src, top->addChild(path));
      }
    }
    std::vector<Argument> callArgs;
    callArgs.reserve(p.inputs.size());
    for (const Node* in : p.inputs)
      callArgs.push_back(Argument::node(topOf_[num[in]]));
    Node* call = tg.createNode(OpKind::CallModule, nameSym, nameSym, std::move(callArgs), {});
    std::vector<Meta> outMetas;
    outMetas.reserve(p.outputs.size());
    for (const Node* out : p.outputs)
      outMetas.push_back(out->meta());
    call->setMeta(Meta::list(std::move(outMetas)));
    for (size_t k = 0; k < p.outputs.size(); ++k) {
      const Node* out = p.outputs[k];
      Node* g =
          tg.createNode(OpKind::CallFunction, out->name(), getitem,
                        {Argument::node(call), Argument::integer(static_cast<int64_t>(k))}, {});
      g->setMeta(out->meta());
      g->setLoc(out->loc());
      topOf_[num[out]] = g;
    }
  }

  if (const Node* out = graph.outputNode()) {
    Node* o =
        tg.createNode(OpKind::Output, outputSym, outputSym, remapAll(out->args(), num, topOf_),
                      remapAll(out->kwargs(), num, topOf_));
    o->setMeta(out->meta());
    o->setLoc(out->loc());
  }
  std::vector<Node*>().swap(topOf_);
  return top;
}

std::unique_ptr<Module> SplitModuleBuilder::buildPiece(size_t index) {
  const Piece& p = plan_.pieces()[index];
  if (localOf_.empty())
    localOf_.assign(plan_.numbering().size(), nullptr);
  const NodeNumbering& num = plan_.numbering();
  const std::string name = p.name();
  auto child = std::make_unique<Module>(name, plan_.graph().sharedStrings());
  Graph& cg = child->graph();
  for (const Node* in : p.inputs) {
    Node* ph = cg.createNode(OpKind::Placeholder, in->name(), in->name(), {}, {});
    ph->setMeta(in->meta());
    ph->setLoc(in->loc());
    localOf_[num[in]] = ph;
  }
  for (const Node* n : p.nodes) {
    Node* c = cg.createNode(n->op(), n->name(), n->target(), remapAll(n->args(), num, localOf_),
                            remapAll(n->kwargs(), num, localOf_));
    c->setMeta(n->meta());
    c->setLoc(n->loc());
    c->setProvenance(n->provenance());
    localOf_[num[n]] = c;
  }
  if (options_.sourceModule) {
    for (const Node* n : p.nodes) {
      if (n->op() != OpKind::CallModule)
        continue;
      std::string_view path = firstComponent(n->target().str());
      const Module* src = options_.sourceModule->child(path);
      if (src && !child->child(path))
        cloneModuleInto(*src, child->addChild(path));
    }
  }
  std::vector<Argument> results;
  results.reserve(p.outputs.size());
  for (const Node* out : p.outputs)
    results.push_back(Argument::node(localOf_[num[out]]));
  std::vector<Argument> outArgs;
  outArgs.push_back(Argument::tuple(std::move(results)));
  const Symbol outputSym = cg.intern("output");
  cg.createNode(OpKind::Output, outputSym, outputSym, std::move(outArgs), {});
  return child;
}

std::unique_ptr<Module> buildSplitModule(const PartitionPlan& plan,
                                         const SplitModuleOptions& options) {
  SplitModuleBuilder builder(plan, options);
  std::unique_ptr<Module> top = builder.buildStitching();
  for (size_t i = 0; i < plan.pieces().size(); ++i) {
    std::unique_ptr<Module> piece = builder.buildPiece(i);
    std::string name = piece->className();
    top->adoptChild(std::move(name), std::move(piece));
  }
  return top;
}

} // namespace piecewise
