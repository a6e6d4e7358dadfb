//===- PlanJson.cpp - The JSON reports of split and partition -------------===//

#include "piecewise/codegen/PlanJson.h"

#include "piecewise/analysis/ValueKind.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace piecewise {

namespace {

using Json = nlohmann::ordered_json;

/// `value` as Python's json.dumps writes it by default: on one line, with
/// ", " and ": " separators.
void appendCompact(std::string& out, const Json& value) {
  if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.items()) {
      if (!first)
        out += ", ";
      first = false;
      out += Json(key).dump();
      out += ": ";
      appendCompact(out, item);
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    for (size_t i = 0; i < value.size(); ++i) {
      if (i)
        out += ", ";
      appendCompact(out, value[i]);
    }
    out += ']';
  } else {
    out += value.dump();
  }
}

/// The one layout of both reports: `{<head fields>, "<list>": [` then one
/// record per line, then `], <count fields>}`.
class ReportWriter {
public:
  ReportWriter(const Json& head, std::string_view listKey) {
    out_ += '{';
    for (const auto& [key, value] : head.items()) {
      appendCompact(out_, Json(key));
      out_ += ": ";
      appendCompact(out_, value);
      out_ += ", ";
    }
    appendCompact(out_, Json(std::string(listKey)));
    out_ += ": [";
  }

  void record(const Json& piece) {
    out_ += first_ ? "\n  " : ",\n  ";
    first_ = false;
    appendCompact(out_, piece);
  }

  std::string finish(const Json& counts) {
    out_ += "\n]";
    for (const auto& [key, value] : counts.items()) {
      out_ += ", ";
      appendCompact(out_, Json(key));
      out_ += ": ";
      appendCompact(out_, value);
    }
    out_ += "}\n";
    return std::move(out_);
  }

private:
  std::string out_;
  bool first_ = true;
};

/// `{"name", "kind"}` of a value crossing a piece boundary.
Json valueRecord(const Node& value, const OpRegistry* registry) {
  Json v;
  v["name"] = std::string(value.name().str());
  v["kind"] = std::string(valueKindName(classifyValue(value, registry)));
  return v;
}

/// The fields every piece record has, in both reports.
void addPieceFields(Json& record, const Piece& piece, std::string_view reason) {
  record["piece_kind"] = std::string(pieceKindName(piece.kind));
  record["num_nodes"] = piece.nodes.size();
  record["reason"] = std::string(reason);
}

bool isCallNode(const Node& n) {
  return n.op() == OpKind::CallFunction || n.op() == OpKind::CallMethod ||
         n.op() == OpKind::CallModule;
}

} // namespace

std::string renderSplitJson(const PartitionPlan& plan, const OpRegistry* registry) {
  ReportWriter writer(Json::object(), "items");
  for (const Piece& p : plan.pieces()) {
    // vLLM's SplitItem fields first.
    Json item;
    item["submod_name"] = p.name();
    item["graph_id"] = p.id;
    item["is_splitting_graph"] = p.isSplitting();
    Json inputs = Json::array(), outputs = Json::array();
    for (const Node* v : p.inputs)
      inputs.push_back(valueRecord(*v, registry));
    for (const Node* v : p.outputs)
      outputs.push_back(valueRecord(*v, registry));
    item["inputs"] = std::move(inputs);
    item["outputs"] = std::move(outputs);
    Json targets = Json::array();
    for (const Node* n : p.nodes)
      if (isCallNode(*n))
        targets.push_back(std::string(n->target().str()));
    item["targets"] = std::move(targets);
    item["hash"] = p.hashString();
    addPieceFields(item, p, p.reason);
    writer.record(item);
  }
  Json counts;
  counts["num_items"] = plan.size();
  counts["num_splitting"] = plan.numSplitting();
  counts["num_unique"] = plan.numUnique();
  return writer.finish(counts);
}

std::string renderPartitionJson(const PlanPipelineResult& r, const OpRegistry* registry) {
  Json head;
  head["plan"] = r.splitting ? "splitting-ops" : "cudagraph";
  if (!r.splitting) {
    head["main_device"] = r.stats.mainDevice;
    head["reordered"] = r.stats.reordered;
  }
  ReportWriter writer(head, "partitions");
  size_t captured = 0;
  const auto& sigs = r.lifetimes->signatures();
  for (size_t pi = 0; pi < sigs.size(); ++pi) {
    const PartitionSignature& s = sigs[pi];
    const Piece& piece = r.plan->pieces()[pi];
    captured += s.cudagraphable;
    // Inductor's words first.
    Json p;
    p["name"] = fmt::format("partition_{}", piece.id);
    p["id"] = piece.id;
    p["cudagraphable"] = s.cudagraphable;
    p["reason"] = s.reason;
    p["num_nodes"] = piece.nodes.size();
    Json inputs = Json::array();
    for (const SignatureInput& in : s.inputs) {
      Json x = valueRecord(*in.value, registry);
      x["deallocate"] = in.deallocate;
      x["read"] = in.read;
      inputs.push_back(std::move(x));
    }
    p["inputs"] = std::move(inputs);
    Json outputs = Json::array();
    for (const Node* o : s.outputs)
      outputs.push_back(std::string(o->name().str()));
    p["outputs"] = std::move(outputs);
    p["symbol_inputs"] = s.symbolInputs;
    addPieceFields(p, piece, s.reason);
    writer.record(p);
  }
  Json counts;
  counts["num_partitions"] = sigs.size();
  counts["num_cudagraphable"] = captured;
  return writer.finish(counts);
}

std::string renderExplanationJson(const PartitionPlan& plan, const PieceExplanation& explanation) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  auto names = [&](const std::vector<size_t>& v) {
    nlohmann::ordered_json a = nlohmann::ordered_json::array();
    for (size_t i : v)
      a.push_back(plan.pieces()[i].name());
    return a;
  };
  auto node = [](const Node* n) {
    return n ? nlohmann::ordered_json(std::string(n->name().str())) : nlohmann::ordered_json();
  };
  for (const PieceGroup& g : explanation.groups) {
    for (const PieceDifference& d : g.differences) {
      nlohmann::ordered_json r;
      r["place"] = g.place;
      r["category"] = d.category;
      r["where"] = d.where;
      r["reference"] = plan.pieces()[d.reference].name();
      r["other"] = plan.pieces()[d.other].name();
      r["reference_pieces"] = names(d.referenceSharing);
      r["other_pieces"] = names(d.otherSharing);
      r["reference_node"] = node(d.referenceNode);
      r["other_node"] = node(d.otherNode);
      r["reference_value"] = d.referenceValue;
      r["other_value"] = d.otherValue;
      r["message"] = d.message;
      out.push_back(std::move(r));
    }
  }
  return out.dump();
}

} // namespace piecewise
