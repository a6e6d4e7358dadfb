//===- CaptureCheckReport.cpp - check-capture's renderings ----------------===//
//
// Implements partition/CaptureCheckReport.h: the summary line and the JSON.
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/CaptureCheckReport.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace piecewise {

namespace {

using Json = nlohmann::ordered_json;

std::string nameOf(const Node* n) {
  return std::string(n->name().str());
}

/// {name, target | op, line, col}.
Json located(const Node* n) {
  Json j;
  j["name"] = nameOf(n);
  if (n->op() == OpKind::CallFunction || n->op() == OpKind::CallMethod)
    j["target"] = std::string(n->target().str());
  else
    j["op"] = std::string(opKindName(n->op()));
  if (n->loc().isKnown()) {
    j["line"] = n->loc().line;
    j["col"] = n->loc().col;
  }
  return j;
}

Json fixJson(const CaptureFixResult& fix) {
  Json copies = Json::array();
  for (const CaptureCopy& c : fix.copies) {
    Json j;
    j["value"] = nameOf(c.value);
    j["buffer"] = nameOf(c.buffer);
    j["copy"] = nameOf(c.copy);
    j["copy_back"] = c.copyBack ? Json(nameOf(c.copyBack)) : Json();
    j["bytes"] = c.bytes;
    copies.push_back(std::move(j));
  }
  Json out;
  out["copies"] = std::move(copies);
  out["bytes_per_step"] = fix.bytesPerStep;
  return out;
}

Json readsJson(const std::vector<UnstableRead>& list, const PartitionPlan& plan) {
  Json reads = Json::array();
  for (const UnstableRead& r : list) {
    Json j;
    j["segment"] = plan.pieces()[r.pieceIndex].name();
    j["value"] = nameOf(r.value);
    j["cause"] = std::string(unstableCauseName(r.cause));
    j["certain"] = r.certain;
    if (r.sizesDataDependent)
      j["sizes_data_dependent"] = true;
    j["origin"] = located(r.origin());
    j["consumer"] = located(r.consumer);
    Json chain = Json::array();
    for (const Node* n : r.chain)
      chain.push_back(nameOf(n));
    j["chain"] = std::move(chain);
    j["message"] = describeUnstableRead(r, plan);
    j["fix"] = fixForUnstableRead(r);
    reads.push_back(std::move(j));
  }
  return reads;
}

} // namespace

std::string renderCaptureSummary(const CaptureCheckResult& result, const PartitionPlan& plan) {
  size_t captured = plan.size() - plan.numSplitting();
  if (result.clean())
    return fmt::format("capture-safe: {} captured piece(s) read only stable memory "
                       "({} eager op(s))\n",
                       captured, result.eagerOps.size());
  return fmt::format("{} in {} of {} captured piece(s)\n", captureFindingCounts(result),
                     result.numPiecesWithFindings(), captured);
}

std::string renderCaptureJson(const CaptureCheckResult& result, const PartitionPlan& plan,
                              const CaptureJsonOptions& options) {
  Json out;
  out["mode"] = options.breakable ? "breakable" : "split";
  out["static_inputs"] = std::string(staticInputsName(options.staticInputs));
  out["clean"] = result.clean();
  Json segments = Json::array();
  for (size_t p = 0; p < plan.size(); ++p) {
    const Piece& piece = plan.pieces()[p];
    Json s;
    s["name"] = piece.name();
    s["kind"] = piece.kind == PieceKind::Compiled ? "captured" : "eager";
    s["nodes"] = piece.nodes.size();
    if (options.nodeNames) {
      Json names = Json::array();
      for (const Node* n : piece.nodes)
        names.push_back(nameOf(n));
      s["node_names"] = std::move(names);
    }
    if (piece.kind == PieceKind::Compiled) {
      s["unstable_reads"] = result.unstablePerPiece[p];
      s["uncapturable_ops"] = result.uncapturablePerPiece[p];
      s["baked_scalars"] = result.bakedPerPiece[p];
    } else {
      s["reason"] = piece.reason;
    }
    segments.push_back(std::move(s));
  }
  out["segments"] = std::move(segments);
  Json ops = Json::array();
  for (const EagerOp& op : result.eagerOps) {
    Json j = located(op.node);
    j["segment"] = plan.pieces()[op.pieceIndex].name();
    j["contract"] = std::string(outputContractName(op.contract));
    j["stable"] = op.stable;
    if (op.buffer)
      j["buffer"] = nameOf(op.buffer);
    ops.push_back(std::move(j));
  }
  out["eager_ops"] = std::move(ops);
  out["unstable_reads"] = readsJson(result.unstableReads, plan);
  Json uncapturable = Json::array();
  for (const UncapturableOp& op : result.uncapturableOps) {
    Json j;
    j["segment"] = plan.pieces()[op.pieceIndex].name();
    j["cause"] = std::string(unstableCauseName(op.cause));
    j["certain"] = op.certain;
    j["node"] = located(op.node);
    j["reason"] = op.reason;
    j["message"] = describeUncapturableOp(op, plan);
    j["fix"] = fixForUncapturableOp(op);
    uncapturable.push_back(std::move(j));
  }
  out["uncapturable_ops"] = std::move(uncapturable);
  out["baked_scalars"] = readsJson(result.bakedScalars, plan);
  if (options.fix)
    out["fix"] = fixJson(*options.fix);
  return out.dump(2) + "\n";
}

} // namespace piecewise
