//===- SplitModuleBuilder.h - A partition plan as a module tree -*- C++ -*-===//
//
// What torch.fx's split_module builds, from a PartitionPlan:
//
//   class GraphModule(torch.nn.Module):
//       def forward(self, x: "f32[s0, 64]", s0: "Sym(s0)"):
//           submod_0 = self.submod_0(x, s0)
//           add: "f32[s0, 64]" = submod_0[0]
//           submod_1 = self.submod_1(add)
//           ...
//           return (relu,)
//
//       class submod_0(torch.nn.Module):
//           def forward(self, x: "f32[s0, 64]", s0: "Sym(s0)"):
//               add: "f32[s0, 64]" = torch.ops.aten.add.Tensor(x, 1)
//               return (add,)
//       ...
//
//  - the stitching graph keeps the original placeholders (names, meta,
//    defaults), calls each piece in order with its inputs (call_module
//    `submod_<id>`), unpacks every returned tuple with getitems named after
//    the original values (carrying their meta), and returns what the
//    original graph returned;
//  - each piece is a child module `submod_<id>` whose graph has one
//    placeholder per input (the input's name and meta), copies of the
//    piece's nodes (names, targets, args, kwargs, meta), and an output that
//    returns a tuple, also with one or no value.
// Names are kept, so the printed module reads like the original, and every
// graph of the tree shares the original graph's string interner. Children of
// the source module that a piece calls are copied into that piece's module;
// children read by get_attr (the branches of `torch.cond`, the body of
// `wrap`, a flex-attention score_mod: higher-order ops take submodules as
// values) are copied into the stitching module, which reads them and passes
// them to the pieces, as it does every get_attr value.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/partition/PartitionPlan.h"

#include <memory>
#include <string>
#include <vector>

namespace piecewise {

struct SplitModuleOptions {
  /// The class name of the stitching module.
  std::string className = "GraphModule";
  /// The module the plan's graph belongs to. When set, a piece holding a
  /// call_module node (`self.layers.0(x)`) gets a copy of the child module it
  /// calls (`layers`), and the stitching module a copy of each child a
  /// get_attr reads (`self.cond_true_0`), so every module is complete.
  const Module* sourceModule = nullptr;
};

/// Builds the split module one part at a time: the stitching module, then
/// each piece's module, for callers that consume a part as soon as it is made
/// (the CLI prints each piece and frees it, so a split of a million nodes
/// never holds the whole split module). Adopting every piece into the
/// stitching module, in order, gives buildSplitModule()'s result.
class SplitModuleBuilder {
public:
  /// Pre: plan.isFinalized(); the plan's graph is unchanged since and
  /// outlives the builder.
  SplitModuleBuilder(const PartitionPlan& plan, SplitModuleOptions options = {});
  /// The stitching module, without children.
  std::unique_ptr<Module> buildStitching();
  /// The module of plan.pieces()[index], class name `submod_<id>`.
  std::unique_ptr<Module> buildPiece(size_t index);

private:
  const PartitionPlan& plan_;
  SplitModuleOptions options_;
  /// The value standing for each original node (by number) in the stitching
  /// graph, and in the piece graph being built.
  std::vector<Node*> topOf_;
  std::vector<Node*> localOf_;
};

/// Builds the split module for `plan`. Pre: plan.isFinalized(); the plan's
/// graph is unchanged since. Post: the result verifies whenever the original
/// graph does, and computes the same outputs when run.
std::unique_ptr<Module> buildSplitModule(const PartitionPlan& plan,
                                         const SplitModuleOptions& options = {});

} // namespace piecewise
