//===- PlanJson.h - The JSON reports of split and partition -----*- C++ -*-===//
//
// `piecewise split --json` and `piecewise partition --json`: one writer, one
// layout and one vocabulary for a PartitionPlan, whichever partitioner made
// it (docs/cli.md, "Glossary"):
//
//   {"items": [                          split: one vLLM SplitItem per piece
//     {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false,
//      "inputs": [{"name": "x", "kind": "tensor"}], "outputs": [...],
//      "targets": [...], "hash": "...", "piece_kind": "compiled",
//      "num_nodes": 3, "reason": ""},
//     ...
//   ], "num_items": 3, "num_splitting": 1, "num_unique": 2}
//
//   {"plan": "cudagraph", "main_device": "cuda:0", "reordered": false,
//    "partitions": [                     partition: one Inductor partition per piece
//     {"name": "partition_0", "id": 0, "cudagraphable": true, "reason": "",
//      "num_nodes": 1, "inputs": [{"name": "x", "kind": "tensor",
//      "deallocate": true, "read": true}], "outputs": ["a"],
//      "symbol_inputs": ["s0"], "piece_kind": "compiled"},
//     ...
//   ], "num_partitions": 3, "num_cudagraphable": 2}
//
// Both: one piece per line (greppable, diffable), the counts on the last
// line, Python's json.dumps separators; every piece record has `piece_kind`
// (compiled, splitting, cudagraph-unsafe), `num_nodes` and `reason`, and
// every input record `name` and `kind` (a value kind: tensor, symint, ...).
// The other keys are the names each consumer already uses: vLLM's SplitItem
// fields for `split`, Inductor's partition words for `partition`.
//
// `split --json --explain`'s "explain" member and `piecewise.explain()`'s
// `differences` are one more writer here: one record per PieceDifference
// (PieceExplain.h), with the same keys in both.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/partition/PieceExplain.h"
#include "piecewise/schema/OpRegistry.h"

#include <string>

namespace piecewise {

/// `split --json`. Pre: plan.isFinalized() and plan.hasHashes(). `registry`
/// (may be null) tells the kind of values without meta.
std::string renderSplitJson(const PartitionPlan& plan, const OpRegistry* registry);

/// `partition --json`: the plan of `result` with its signatures.
std::string renderPartitionJson(const PlanPipelineResult& result, const OpRegistry* registry);

/// The differences of `explanation` as a JSON array, one object per
/// difference: place, category, where, reference, other, reference_pieces,
/// other_pieces, reference_node, other_node (null when absent),
/// reference_value, other_value, message. The CLI's `split --json --explain`
/// and the Python binding's `_core.explain` both write it.
std::string renderExplanationJson(const PartitionPlan& plan, const PieceExplanation& explanation);

} // namespace piecewise
