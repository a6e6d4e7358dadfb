//===- HtmlReport.cpp - A self-contained HTML view of a plan --------------===//

#include "piecewise/codegen/HtmlReport.h"

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/partition/PieceExplain.h"
#include "piecewise/partition/SplitModuleBuilder.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace piecewise {

namespace {

#include "HtmlReportTemplate.inc"

using Json = nlohmann::ordered_json;

constexpr std::string_view kDataMarker = "__PIECEWISE_REPORT_DATA__";

/// The template, joined from its chunks.
std::string reportTemplate() {
  std::string text;
  for (const char* chunk : kEmbeddedChunks)
    text += chunk;
  return text;
}

/// `A`..`Z`, `AA`, `AB`, ...: the letter of the k-th compiled hash group.
std::string groupLetters(size_t k) {
  std::string s;
  for (size_t n = k + 1; n > 0; n = (n - 1) / 26)
    s.insert(s.begin(), static_cast<char>('A' + (n - 1) % 26));
  return s;
}

/// Cuts `code` after at most `limit` bytes, at a line end, with a note.
void truncateCode(std::string& code, size_t limit) {
  if (code.size() <= limit)
    return;
  size_t cut = code.rfind('\n', limit);
  cut = cut == std::string::npos ? limit : cut + 1;
  size_t lines =
      static_cast<size_t>(std::count(code.begin() + static_cast<ptrdiff_t>(cut), code.end(), '\n'));
  code.resize(cut);
  code += fmt::format("# ... {} more lines not shown: the report embeds at most {} KiB of code "
                      "per piece (`piecewise split -o` writes it all)\n",
                      lines, limit / 1024);
}

/// Splits `name` at its first run of decimal digits: `layers_12_mlp_weight`
/// is template `layers_#_mlp_weight` and number 12. Names without such a run
/// (or with a leading zero, or a number too long for a JavaScript double) are
/// their own template, without `#`.
std::pair<std::string, std::optional<int64_t>> nameTemplate(std::string_view name) {
  size_t b = name.find_first_of("0123456789");
  if (b == std::string_view::npos)
    return {std::string(name), std::nullopt};
  size_t e = name.find_first_not_of("0123456789", b);
  if (e == std::string_view::npos)
    e = name.size();
  if ((name[b] == '0' && e - b > 1) || e - b > 15)
    return {std::string(name), std::nullopt};
  int64_t number = 0;
  for (size_t i = b; i < e; ++i)
    number = number * 10 + (name[i] - '0');
  return {std::string(name.substr(0, b)) + "#" + std::string(name.substr(e)), number};
}

/// Every value crossing a piece boundary, once, referenced by index. Names are
/// stored as a template and a number (`getitem_#`, 12), the number as the
/// difference from the previous number of the same template: the values of a
/// thousand identical layers then cost a few bytes each.
class ValueTable {
public:
  ValueTable(const NodeNumbering& num, const OpRegistry* registry)
      : num_(num), registry_(registry), index_(num.size(), -1) {}

  int64_t indexOf(const Node* n) {
    uint32_t i = num_.lookup(n);
    int32_t& slot = index_[i];
    if (slot < 0) {
      slot = static_cast<int32_t>(kinds_.size());
      auto [text, number] = nameTemplate(n->name().str());
      auto [it, inserted] =
          templateIndex_.try_emplace(std::move(text), static_cast<int64_t>(templates_.size()));
      if (inserted) {
        templates_.push_back(it->first);
        lastNumber_.push_back(0);
      }
      templateOf_.push_back(it->second);
      if (number) {
        int64_t& last = lastNumber_[static_cast<size_t>(it->second)];
        numbers_.push_back(*number - last);
        last = *number;
      }
      kinds_.push_back(static_cast<int>(classifyValue(*n, registry_)));
    }
    return slot;
  }

  Json toJson() const {
    Json j;
    j["template"] = templates_;
    j["t"] = templateOf_;
    j["n"] = numbers_;
    j["kind"] = kinds_;
    return j;
  }

private:
  const NodeNumbering& num_;
  const OpRegistry* registry_;
  std::vector<int32_t> index_;
  std::unordered_map<std::string, int64_t> templateIndex_;
  std::vector<std::string> templates_;
  std::vector<int64_t> lastNumber_;
  std::vector<int64_t> templateOf_;
  std::vector<int64_t> numbers_;
  std::vector<int> kinds_;
};

Json valueKindNames() {
  Json kinds = Json::array();
  for (int k = 0; k <= static_cast<int>(ValueKind::Size); ++k)
    kinds.push_back(std::string(valueKindName(static_cast<ValueKind>(k))));
  return kinds;
}

/// The hash groups: pieces of the same kind and structural hash, numbered in
/// order of first appearance. The splitting pieces form one group, `S`,
/// whatever their hashes: they run eagerly and are never compiled, and their
/// hashes differ by the layer name the attention op takes
/// (`'model.layers.3.self_attn.attn'`), so that grouping them by hash would
/// only hide the pattern of the compiled pieces between them.
struct Groups {
  std::vector<uint32_t> groupOf;      ///< per piece
  std::vector<size_t> first;          ///< per group: its first piece
  std::vector<size_t> count;          ///< per group: how many pieces
  std::vector<size_t> distinctHashes; ///< per group: 1, except for `S`
};

Groups groupPieces(const PartitionPlan& plan) {
  Groups g;
  std::map<std::pair<uint64_t, PieceKind>, uint32_t> byKey;
  std::map<uint64_t, size_t> splittingHashes;
  g.groupOf.reserve(plan.size());
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& p = plan.pieces()[pi];
    uint64_t key = p.isSplitting() ? 0 : p.hash;
    if (p.isSplitting())
      ++splittingHashes[p.hash];
    auto [it, inserted] = byKey.try_emplace({key, p.kind}, static_cast<uint32_t>(g.first.size()));
    if (inserted) {
      g.first.push_back(pi);
      g.count.push_back(0);
      g.distinctHashes.push_back(1);
    }
    ++g.count[it->second];
    g.groupOf.push_back(it->second);
  }
  for (size_t gi = 0; gi < g.first.size(); ++gi)
    if (plan.pieces()[g.first[gi]].isSplitting())
      g.distinctHashes[gi] = splittingHashes.size();
  return g;
}

Json groupsJson(const PartitionPlan& plan, const Groups& groups, const HtmlReportOptions& options) {
  const size_t n = groups.first.size();
  Json labels = Json::array(), hashes = Json::array(), kinds = Json::array(),
       counts = Json::array(), firsts = Json::array(), nodes = Json::array(), codes = Json::array(),
       distinct = Json::array();
  SplitModuleOptions moduleOptions;
  moduleOptions.sourceModule = options.sourceModule;
  SplitModuleBuilder builder(plan, moduleOptions);
  size_t letters = 0, codeBytes = 0;
  for (size_t gi = 0; gi < n; ++gi) {
    const Piece& p = plan.pieces()[groups.first[gi]];
    labels.push_back(p.isSplitting() ? std::string("S") : groupLetters(letters++));
    hashes.push_back(p.hashString());
    distinct.push_back(groups.distinctHashes[gi]);
    kinds.push_back(static_cast<int>(p.kind));
    counts.push_back(groups.count[gi]);
    firsts.push_back(groups.first[gi]);
    nodes.push_back(p.nodes.size());
    if (codeBytes >= options.maxCodeBytes || p.nodes.size() > options.maxCodeNodesPerGroup) {
      codes.push_back(nullptr);
      continue;
    }
    std::unique_ptr<Module> module = builder.buildPiece(groups.first[gi]);
    std::string code = printCodeForm(*module);
    truncateCode(code, options.maxCodeBytesPerGroup);
    codeBytes += code.size();
    codes.push_back(std::move(code));
  }
  Json j;
  j["label"] = std::move(labels);
  j["hash"] = std::move(hashes);
  j["kind"] = std::move(kinds);
  j["count"] = std::move(counts);
  j["first"] = std::move(firsts);
  j["nodes"] = std::move(nodes);
  j["distinctHashes"] = std::move(distinct);
  j["code"] = std::move(codes);
  return j;
}

/// Input flags in the `in` column: (value index - the previous entry's value
/// index) * 4 + these.
constexpr int64_t kInputFreed = 1;
constexpr int64_t kInputAliasOnly = 2;

struct PieceColumns {
  Json json;
  size_t freedInputs = 0;
  size_t aliasOnlyInputs = 0;
};

PieceColumns piecesJson(const PlanPipelineResult& r, const Groups& groups, ValueTable& values,
                        std::vector<std::string>& reasons, std::vector<std::string>& symbols) {
  const PartitionPlan& plan = *r.plan;
  const std::vector<PartitionSignature>& sigs = r.lifetimes->signatures();
  std::unordered_map<std::string, int64_t> reasonIndex{{"", 0}};
  reasons.assign(1, "");
  std::unordered_map<std::string, int64_t> symbolIndex;
  // Monotonic columns are written as differences from the previous entry
  // (ids, positions, value indices), counts instead of offsets: small numbers.
  std::vector<int64_t> ids, kinds, group, reason, cg, begin, count;
  std::vector<int64_t> inCount, in, outCount, out, symCount, sym;
  int64_t lastId = 0, lastBegin = 0, lastIn = 0, lastOut = 0;
  PieceColumns cols;
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& p = plan.pieces()[pi];
    const PartitionSignature& s = sigs[pi];
    ids.push_back(p.id - lastId);
    lastId = p.id;
    kinds.push_back(static_cast<int64_t>(p.kind));
    group.push_back(groups.groupOf[pi]);
    const std::string& why = p.reason.empty() ? s.reason : p.reason;
    auto [rit, newReason] = reasonIndex.try_emplace(why, static_cast<int64_t>(reasons.size()));
    if (newReason)
      reasons.push_back(why);
    reason.push_back(rit->second);
    cg.push_back(s.cudagraphable ? 1 : 0);
    begin.push_back(static_cast<int64_t>(s.begin) - lastBegin);
    lastBegin = s.begin;
    count.push_back(p.nodes.size());
    for (const SignatureInput& x : s.inputs) {
      int64_t flags = (x.deallocate ? kInputFreed : 0) | (x.read ? 0 : kInputAliasOnly);
      cols.freedInputs += x.deallocate;
      cols.aliasOnlyInputs += !x.read;
      int64_t v = values.indexOf(x.value);
      in.push_back((v - lastIn) * 4 + flags);
      lastIn = v;
    }
    inCount.push_back(static_cast<int64_t>(s.inputs.size()));
    for (const Node* o : s.outputs) {
      int64_t v = values.indexOf(o);
      out.push_back(v - lastOut);
      lastOut = v;
    }
    outCount.push_back(static_cast<int64_t>(s.outputs.size()));
    for (const std::string& x : s.symbolInputs) {
      auto [sit, newSymbol] = symbolIndex.try_emplace(x, static_cast<int64_t>(symbols.size()));
      if (newSymbol)
        symbols.push_back(x);
      sym.push_back(sit->second);
    }
    symCount.push_back(static_cast<int64_t>(s.symbolInputs.size()));
  }
  Json& j = cols.json;
  j["idDelta"] = std::move(ids);
  j["kind"] = std::move(kinds);
  j["group"] = std::move(group);
  j["reason"] = std::move(reason);
  j["cudagraphable"] = std::move(cg);
  j["beginDelta"] = std::move(begin);
  j["nodes"] = std::move(count);
  j["inCount"] = std::move(inCount);
  j["inDelta"] = std::move(in);
  j["outCount"] = std::move(outCount);
  j["outDelta"] = std::move(out);
  j["symCount"] = std::move(symCount);
  j["sym"] = std::move(sym);
  return cols;
}

Json memoryJson(const LifetimePlan& lifetimes, const HtmlReportOptions& options) {
  LifetimePlan::MemoryProfile profile = lifetimes.memoryProfile();
  const size_t end = lifetimes.endPosition();
  const size_t points = std::max<size_t>(1, options.maxMemoryPoints);
  const size_t step = std::max<size_t>(1, (end + points - 1) / points);
  std::vector<int64_t> withFrees, withoutFrees;
  for (size_t b = 0; b < end; b += step) {
    size_t e = std::min(end, b + step);
    withFrees.push_back(*std::max_element(profile.withFrees.begin() + static_cast<ptrdiff_t>(b),
                                          profile.withFrees.begin() + static_cast<ptrdiff_t>(e)));
    withoutFrees.push_back(profile.withoutFrees[e - 1]); // never decreases
  }
  Json j;
  j["positions"] = end;
  j["step"] = step;
  j["withFrees"] = std::move(withFrees);
  j["withoutFrees"] = std::move(withoutFrees);
  j["unknownSizes"] = profile.peak.unknownSizes;
  Json peak;
  peak["withFrees"] = profile.peak.withFrees;
  peak["withoutFrees"] = profile.peak.withoutFrees;
  if (profile.peakPosition < end) {
    uint32_t number = lifetimes.order()[profile.peakPosition];
    const PartitionPlan& plan = lifetimes.plan();
    peak["position"] = profile.peakPosition;
    peak["node"] = std::string(plan.numbering().node(number)->name().str());
    peak["piece"] = plan.pieceIndexAt(number);
  }
  j["peak"] = std::move(peak);
  return j;
}

/// `json` as text that may stand inside a <script> element: every `<` escaped.
std::string scriptSafe(const Json& json) {
  std::string text = json.dump();
  std::string out;
  out.reserve(text.size() + text.size() / 64);
  for (char c : text) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

/// Why pieces at the same place differ (PieceExplain.h): one record per
/// difference, pieces by index.
Json explainJson(const PartitionPlan& plan) {
  Json out = Json::array();
  for (const PieceGroup& g : explainPieces(plan).groups) {
    for (const PieceDifference& d : g.differences) {
      Json r;
      r["place"] = g.place;
      r["category"] = d.category;
      r["reference"] = d.reference;
      r["other"] = d.other;
      r["referenceSharing"] = d.referenceSharing.size();
      r["otherSharing"] = d.otherSharing.size();
      r["message"] = d.message;
      out.push_back(std::move(r));
    }
  }
  return out;
}

} // namespace

std::string renderHtmlReport(PlanPipelineResult& result, const OpRegistry* registry,
                             const HtmlReportOptions& options) {
  PartitionPlan& plan = *result.plan;
  if (!plan.hasHashes())
    plan.computeHashes();
  const LifetimePlan& lifetimes = *result.lifetimes;
  const Graph& graph = plan.graph();

  Groups groups = groupPieces(plan);
  ValueTable values(plan.numbering(), registry);
  std::vector<std::string> reasons, symbols;
  PieceColumns pieces = piecesJson(result, groups, values, reasons, symbols);

  size_t placeholders = 0, unsafe = 0, compiledGroups = 0;
  for (const Node* n : graph)
    placeholders += n->isPlaceholder();
  for (const Piece& p : plan.pieces())
    unsafe += p.kind == PieceKind::CudagraphUnsafe;
  for (size_t first : groups.first)
    compiledGroups += !plan.pieces()[first].isSplitting();

  // Top-level keys one per line: the page is greppable and FileCheck-able.
  std::vector<std::pair<std::string, Json>> data;
  Json header;
  header["title"] = options.title;
  header["plan"] = result.splitting ? "splitting-ops" : "cudagraph";
  header["splittingOps"] = options.splittingOps;
  header["unsafeOps"] = options.unsafeOps;
  header["mainDevice"] = result.stats.mainDevice;
  header["reordered"] = result.stats.reordered;
  data.emplace_back("header", std::move(header));
  Json summary;
  summary["nodes"] = graph.size();
  summary["placeholders"] = placeholders;
  summary["pieces"] = plan.size();
  summary["splitting"] = plan.numSplitting();
  summary["unsafe"] = unsafe;
  summary["groups"] = groups.first.size();
  summary["compiledGroups"] = compiledGroups;
  summary["freedInputs"] = pieces.freedInputs;
  summary["aliasOnlyInputs"] = pieces.aliasOnlyInputs;
  data.emplace_back("summary", std::move(summary));
  data.emplace_back("valueKinds", valueKindNames());
  data.emplace_back("pieceKinds",
                    Json::array({std::string(pieceKindName(PieceKind::Compiled)),
                                 std::string(pieceKindName(PieceKind::Splitting)),
                                 std::string(pieceKindName(PieceKind::CudagraphUnsafe))}));
  data.emplace_back("reasons", reasons);
  data.emplace_back("symbols", symbols);
  data.emplace_back("groups", groupsJson(plan, groups, options));
  data.emplace_back("pieces", std::move(pieces.json));
  data.emplace_back("values", values.toJson());
  data.emplace_back("memory", memoryJson(lifetimes, options));
  // Per piece: the capture-safety messages of its findings (empty: none).
  Json capture = Json::array();
  if (options.capture) {
    std::vector<std::vector<std::string>> perPiece(plan.size());
    for (auto& [piece, line] : captureFindingLines(*options.capture, plan))
      perPiece[piece].push_back(std::move(line));
    for (size_t p = 0; p < plan.size(); ++p)
      if (!perPiece[p].empty()) {
        Json e;
        e["piece"] = p;
        e["reads"] = std::move(perPiece[p]);
        capture.push_back(std::move(e));
      }
  }
  data.emplace_back("capture", std::move(capture));
  data.emplace_back("explain", explainJson(plan));

  std::string json = "{";
  for (size_t i = 0; i < data.size(); ++i) {
    json += i ? ",\n" : "\n";
    json += Json(data[i].first).dump();
    json += ": ";
    json += scriptSafe(data[i].second);
  }
  json += "\n}";

  std::string page = reportTemplate();
  size_t at = page.find(kDataMarker);
  if (at != std::string::npos)
    page.replace(at, kDataMarker.size(), json);
  return page;
}

} // namespace piecewise
