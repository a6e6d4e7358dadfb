//===- AnalysisPrinter.cpp - What the analysis believes, as text ----------===//

#include "piecewise/analysis/AnalysisPrinter.h"

#include "piecewise/analysis/Effects.h"
#include "piecewise/analysis/PeakMemory.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace piecewise {

namespace {

/// `call_method add_`, `call_function aten::add.Tensor`, `placeholder`.
std::string describe(const Node& n) {
  switch (n.op()) {
  case OpKind::Placeholder:
  case OpKind::Output:
    return std::string(opKindName(n.op()));
  default:
    return fmt::format("{} {}", opKindName(n.op()), n.target().str());
  }
}

/// `(a, b)`: the distinct names, in first-seen order.
std::string nameList(const std::vector<const Node*>& nodes) {
  std::string out = "(";
  std::vector<const Node*> seen;
  for (const Node* n : nodes) {
    if (std::find(seen.begin(), seen.end(), n) != seen.end())
      continue;
    if (!seen.empty())
      out += ", ";
    seen.push_back(n);
    out += n->name().str();
  }
  return out + ")";
}

std::string printEffects(const Graph& graph, EffectAnalysis& effects) {
  std::string out;
  for (const Node* n : graph) {
    if (n->isOutput())
      continue;
    const NodeEffects& e = effects.of(*n);
    std::vector<std::string> flags;
    if (e.removable)
      flags.push_back("removable");
    if (e.cseCandidate)
      flags.push_back("cse");
    std::vector<const Node*> written, aliased;
    effects.forEachWritten(*n, [&](const Node* w) { written.push_back(w); });
    effects.forEachAliased(*n, [&](const Node* a) { aliased.push_back(a); });
    if (e.writes != WriteKind::None)
      flags.push_back("writes" + nameList(written));
    if (e.aliases != AliasKind::Fresh && !aliased.empty())
      flags.push_back("aliases" + nameList(aliased));
    if (e.metadataReads != MetadataReadKind::None) {
      // The inputs it uses for their sizes, strides, dtype or device only (rule 7).
      std::vector<const Node*> data, metadataOnly;
      effects.forEachDataRead(*n, [&](const Node* r) { data.push_back(r); });
      n->forEachInput([&](const Node* in) {
        if (std::find(data.begin(), data.end(), in) == data.end())
          metadataOnly.push_back(in);
      });
      if (!metadataOnly.empty())
        flags.push_back("metadata-only" + nameList(metadataOnly));
    }
    if (e.keepsOrder)
      flags.push_back("keeps-order");
    if (e.freshElements)
      flags.push_back("fresh-elements");
    if (e.opaque)
      flags.push_back("opaque");
    std::string joined;
    for (const std::string& f : flags)
      joined += (joined.empty() ? "" : " ") + f;
    out += fmt::format("%{} = {} : {}\n", n->name().str(), describe(*n),
                       joined.empty() ? std::string("-") : joined);
  }
  return out;
}

std::string printStorages(const StorageAnalysis& storages) {
  const NodeNumbering& num = storages.numbering();
  std::vector<std::vector<const Node*>> members(storages.numStorages());
  for (uint32_t i = 0; i < num.size(); ++i)
    if (!num.node(i)->isOutput() && storages.isTensorLike(i))
      members[storages.storageOf(i)].push_back(num.node(i));
  std::string out;
  for (size_t s = 0; s < members.size(); ++s) {
    if (members[s].empty())
      continue;
    std::string names;
    for (const Node* n : members[s])
      names += fmt::format("{}{}", names.empty() ? "" : ", ", n->name().str());
    out += fmt::format("storage {}: {}{}\n", s, names,
                       storages.isStorageWritten(static_cast<uint32_t>(s)) ? " [written]" : "");
  }
  return out;
}

/// Placeholders, then every other node but the output, in graph order.
std::vector<uint32_t> graphOrder(const NodeNumbering& num) {
  std::vector<uint32_t> order;
  order.reserve(num.size());
  for (uint32_t i = 0; i < num.size(); ++i)
    if (num.node(i)->isPlaceholder())
      order.push_back(i);
  for (uint32_t i = 0; i < num.size(); ++i)
    if (!num.node(i)->isPlaceholder() && !num.node(i)->isOutput())
      order.push_back(i);
  return order;
}

std::string printLiveness(const Liveness& lv) {
  const NodeNumbering& num = lv.numbering();
  std::string out;
  for (uint32_t p = 0; p < lv.endPosition(); ++p) {
    uint32_t i = lv.order()[p];
    uint32_t d = lv.death(i);
    out += fmt::format("%{}: position {}, dies {}", num.node(i)->name().str(), p,
                       d == lv.endPosition() ? std::string("never") : std::to_string(d));
    std::vector<const Node*> dying;
    lv.forEachDyingAt(p, [&](uint32_t j) { dying.push_back(num.node(j)); });
    if (!dying.empty())
      out += ", frees" + nameList(dying);
    out += "\n";
  }
  return out;
}

std::string printPeak(const Liveness& lv) {
  const NodeNumbering& num = lv.numbering();
  MemoryProfile profile = memoryProfile(lv);
  std::string out;
  for (uint32_t p = 0; p < lv.endPosition(); ++p)
    out += fmt::format("%{}: position {}, live {}, allocated {}\n",
                       num.node(lv.order()[p])->name().str(), p, profile.withFrees[p],
                       profile.withoutFrees[p]);
  std::string at = profile.peakPosition < lv.endPosition()
                       ? fmt::format(" at %{} (position {})",
                                     num.node(lv.order()[profile.peakPosition])->name().str(),
                                     profile.peakPosition)
                       : std::string();
  out +=
      fmt::format("peak: {} bytes with frees{}, {} without; {} values of unknown size\n",
                  profile.peak.withFrees, at, profile.peak.withoutFrees, profile.peak.unknownSizes);
  return out;
}

} // namespace

std::optional<AnalysisView> parseAnalysisView(std::string_view name) {
  if (name == "effects")
    return AnalysisView::Effects;
  if (name == "storages")
    return AnalysisView::Storages;
  if (name == "liveness")
    return AnalysisView::Liveness;
  if (name == "peak")
    return AnalysisView::Peak;
  return std::nullopt;
}

std::string printAnalysis(const Graph& graph, const OpRegistry* registry, AnalysisView view) {
  EffectAnalysis effects(registry);
  if (view == AnalysisView::Effects)
    return printEffects(graph, effects);
  NodeNumbering num(graph);
  StorageAnalysis storages(num, effects);
  if (view == AnalysisView::Storages)
    return printStorages(storages);
  Liveness lv(storages, graphOrder(num));
  if (view == AnalysisView::Liveness)
    return printLiveness(lv);
  return printPeak(lv);
}

} // namespace piecewise
