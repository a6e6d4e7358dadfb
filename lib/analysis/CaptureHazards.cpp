//===- CaptureHazards.cpp - What a CUDA graph capture cannot contain ------===//
//
// The classification of CaptureHazards.h: ops by target and arguments, then
// values by meta.
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/CaptureHazards.h"

#include "piecewise/ir/Target.h"
#include "piecewise/schema/ArgumentResolution.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace piecewise {

std::string_view captureHazardKindName(CaptureHazardKind kind) {
  switch (kind) {
  case CaptureHazardKind::HostSync:
    return "host-sync";
  case CaptureHazardKind::DataDependentShape:
    return "data-dependent-shape";
  case CaptureHazardKind::DeviceToHost:
    return "device-to-host";
  case CaptureHazardKind::DeviceCopy:
    return "device-copy";
  case CaptureHazardKind::Upload:
    return "upload";
  case CaptureHazardKind::CpuWork:
    return "cpu-work";
  }
  return "host-sync";
}

bool failsCapture(CaptureHazardKind kind) {
  return kind == CaptureHazardKind::HostSync || kind == CaptureHazardKind::DataDependentShape ||
         kind == CaptureHazardKind::DeviceToHost;
}

namespace {

bool contains(std::initializer_list<std::string_view> names, std::string_view s) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

bool isCpuDevice(Symbol d) {
  return !d.isNull() && d.str().starts_with("cpu");
}

/// An accelerator: a known device that is neither the host nor `meta`.
bool isAccelerator(Symbol d) {
  return !d.isNull() && !isCpuDevice(d) && d.str() != "meta";
}

/// The device of a node's tensor value, or a null Symbol.
Symbol deviceOf(const Node* n) {
  if (const TensorMeta* t = n->meta().tensor())
    return t->device;
  return Symbol();
}

/// The first node argument's device (the input of a copy).
Symbol firstInputDevice(const Node& n) {
  for (const Argument& a : n.args())
    if (a.isNode())
      return deviceOf(a.getNode());
  return Symbol();
}

/// A device type ignoring the index: `cuda` for `cuda:0`.
std::string_view deviceType(Symbol d) {
  std::string_view s = d.str();
  return s.substr(0, s.find(':'));
}

bool devicesDiffer(Symbol a, Symbol b) {
  if (a.isNull() || b.isNull())
    return false;
  if (a == b)
    return false;
  // `cuda` and `cuda:0` are the same device for this purpose.
  if (deviceType(a) == deviceType(b) &&
      (a.str().find(':') == std::string_view::npos || b.str().find(':') == std::string_view::npos))
    return false;
  return true;
}

/// A device given as an argument: a `device(...)` value or a string (`"cpu"`).
Symbol deviceArgument(const Argument& a) {
  if (a.kind() == Argument::Kind::Device || a.kind() == Argument::Kind::String)
    return a.getSymbol();
  return Symbol();
}

/// The device a call names: its `device` keyword, else its first device
/// (or string) positional argument after the first; null when none.
Symbol namedDevice(const Node& n) {
  if (const Argument* d = n.kwarg("device"))
    return deviceArgument(*d);
  for (size_t i = 1; i < n.args().size(); ++i)
    if (Symbol d = deviceArgument(n.args()[i]); !d.isNull())
      return d;
  return Symbol();
}

bool isBoolDType(DType d) {
  return d == DType::Bool || d == DType::UInt8;
}

/// True when `a` is, or holds, a node whose value is a boolean (or byte) tensor: a mask.
bool holdsMask(const Argument& a) {
  bool found = false;
  a.forEachNode([&](const Node* n) {
    const TensorMeta* t = n->meta().tensor();
    found = found || (t && isBoolDType(t->dtype));
  });
  return found;
}

/// True when `a` is a node whose meta says it is a tensor.
bool isTensorNode(const Argument* a) {
  return a && a->isNode() && a->getNode()->meta().tensor();
}

/// `rand` for `aten::rand.generator`.
std::string_view baseName(std::string_view canonical) {
  std::string_view packet = opPacket(canonical);
  size_t p = packet.find("::");
  return p == std::string_view::npos ? packet : packet.substr(p + 2);
}

/// Ops whose output sizes depend on the data, by base name (aten ops, Tensor
/// methods, torch functions).
bool isDataDependentName(std::string_view base) {
  return base.starts_with("unique") || base.starts_with("_unique") ||
         contains({"nonzero", "nonzero_numpy", "argwhere", "masked_select"}, base);
}

/// aten ops that read a tensor's value on the host.
bool isHostSyncOp(std::string_view base) {
  return contains({"_local_scalar_dense", "item", "is_nonzero", "equal", "allclose"}, base);
}

std::string nameOfFirstArg(const Node& n) {
  return n.args().empty() || !n.args()[0].isNode()
             ? std::string("?")
             : std::string(n.args()[0].getNode()->name().str());
}

CaptureHazard hazard(CaptureHazardKind kind, std::string reason, bool certain = true) {
  CaptureHazard h;
  h.kind = kind;
  h.certain = certain;
  h.reason = std::move(reason);
  return h;
}

bool isUnbacked(std::string_view symbol) {
  return SymExpr::isUnbackedSymbolName(symbol);
}

/// A write through a boolean mask (`index_put` with a `b8` index, `x[mask] =
/// v`) of `value`: torch turns the mask into indices on the host (a sync)
/// unless the value is one element on the host, which it writes with
/// `masked_fill_` instead. A value of one element whose device is unknown (a
/// lifted Python scalar, most often) or a Python number: maybe.
std::optional<CaptureHazard> maskedWrite(const Node& n, const Argument* value, std::string reason) {
  const TensorMeta* t = value && value->isNode() ? value->getNode()->meta().tensor() : nullptr;
  if (value && !value->isNode())
    return std::nullopt; // a Python number: masked_fill_
  if (!t)
    return hazard(CaptureHazardKind::HostSync, std::move(reason), /*certain=*/false);
  bool one = true;
  for (const SymExpr& d : t->sizes)
    one = one && d.isConstant() && d.value() == 1;
  if (one && isCpuDevice(t->device))
    return std::nullopt;
  if (one && t->device.isNull())
    return hazard(CaptureHazardKind::HostSync, std::move(reason), /*certain=*/false);
  (void)n;
  return hazard(CaptureHazardKind::HostSync, std::move(reason));
}

bool isCpuTensor(const Node* n) {
  const TensorMeta* t = n->meta().tensor();
  return t && isCpuDevice(t->device) && t->rank() > 0;
}

} // namespace

CaptureHazards::CaptureHazards(const Graph& graph, const OpRegistry* registry)
    : registry_(registry) {
  // The main device: the accelerator device most tensor values live on (the
  // first one seen wins a tie). Graphs use one or two devices: a small list.
  std::vector<std::pair<Symbol, size_t>> counts;
  for (const Node* n : graph) {
    Symbol d = deviceOf(n);
    if (!isAccelerator(d))
      continue;
    auto it = std::find_if(counts.begin(), counts.end(),
                           [&](const std::pair<Symbol, size_t>& c) { return c.first == d; });
    if (it == counts.end())
      counts.emplace_back(d, 1);
    else
      ++it->second;
  }
  size_t best = 0;
  for (const auto& [d, c] : counts) {
    if (c > best) {
      best = c;
      mainDevice_ = d;
    }
  }
}

CaptureHazardKind CaptureHazards::copyKind(Symbol from, Symbol to) const {
  if (isCpuDevice(to) && isAccelerator(from))
    return CaptureHazardKind::DeviceToHost;
  if (isCpuDevice(from) && !mainDevice_.isNull() && to == mainDevice_)
    return CaptureHazardKind::Upload;
  return CaptureHazardKind::DeviceCopy;
}

std::optional<CaptureHazard> CaptureHazards::ofMethod(const Node& n) const {
  std::string_view t = n.target().str();
  Symbol out = deviceOf(&n);
  Symbol in = firstInputDevice(n);
  // A copy to the host of a tensor whose device is unknown, in a graph on an
  // accelerator: probably from the device.
  auto toHost = [&](std::string reason) {
    if (isAccelerator(in))
      return hazard(CaptureHazardKind::DeviceToHost, std::move(reason));
    if (in.isNull() && !mainDevice_.isNull())
      return hazard(CaptureHazardKind::DeviceToHost, std::move(reason), /*certain=*/false);
    return hazard(CaptureHazardKind::DeviceCopy, std::move(reason));
  };
  bool upload = isCpuDevice(in) && !mainDevice_.isNull() &&
                (t == "cuda" || (t == "to" && out == mainDevice_));
  if (t == "cpu" || t == "cuda") {
    std::string reason = fmt::format("device copy: .{}() of '{}'", t, nameOfFirstArg(n));
    if (upload)
      return hazard(CaptureHazardKind::Upload, std::move(reason));
    if (t == "cpu")
      return toHost(std::move(reason));
    return hazard(CaptureHazardKind::DeviceCopy, std::move(reason));
  }
  if (t == "to") {
    if (upload)
      return hazard(CaptureHazardKind::Upload, "device copy: .to(device)");
    bool hasDevice = n.kwarg("device") != nullptr;
    for (size_t i = 1; i < n.args().size(); ++i)
      hasDevice |= !deviceArgument(n.args()[i]).isNull();
    if (hasDevice || devicesDiffer(out, in)) {
      Symbol dest = namedDevice(n);
      if (dest.isNull())
        dest = out;
      if (isCpuDevice(dest))
        return toHost("device copy: .to(device)");
      return hazard(CaptureHazardKind::DeviceCopy, "device copy: .to(device)");
    }
    return std::nullopt;
  }
  if (t == "numpy")
    return toHost(fmt::format("device copy: .numpy() of '{}'", nameOfFirstArg(n)));
  if (t == "item" || t == "tolist")
    return hazard(CaptureHazardKind::HostSync, fmt::format("data-dependent output: .{}()", t));
  if (isDataDependentName(t))
    return hazard(CaptureHazardKind::DataDependentShape,
                  fmt::format("data-dependent output: .{}()", t));
  if (t == "repeat_interleave" && n.args().size() > 1 && isTensorNode(&n.args()[1]) &&
      (!n.kwarg("output_size") || n.kwarg("output_size")->isNone()))
    return hazard(CaptureHazardKind::DataDependentShape,
                  "data-dependent output: .repeat_interleave() without output_size");
  return std::nullopt;
}

std::optional<CaptureHazard> CaptureHazards::ofOpTarget(const Node& n) const {
  std::string_view t = n.target().str();
  std::string_view packet = opPacket(t);
  std::string_view base = baseName(t);
  if (packet == "aten::_to_copy" || packet == "aten::to" || packet == "aten::copy_" ||
      packet == "aten::copy") {
    bool copyInto = packet == "aten::copy_" || packet == "aten::copy";
    Symbol in = firstInputDevice(n);
    Symbol from = in;
    Symbol to = deviceOf(&n);
    if (copyInto) {
      // copy_(self, src): the data moves from src's device to self's.
      from =
          n.args().size() >= 2 && n.args()[1].isNode() ? deviceOf(n.args()[1].getNode()) : Symbol();
      to = in;
    } else if (to.isNull()) {
      to = namedDevice(n);
    }
    if (devicesDiffer(from, to))
      return hazard(copyKind(from, to),
                    fmt::format("device copy: {} from {} to {}", t, from.str(), to.str()));
  }
  if (isDataDependentName(base) || (packet == "aten::where" && opOverload(t) == "default"))
    return hazard(CaptureHazardKind::DataDependentShape,
                  fmt::format("data-dependent output: {}", t));
  if (isHostSyncOp(base))
    return hazard(CaptureHazardKind::HostSync, fmt::format("data-dependent output: {}", t));
  if (packet == "aten::index" && n.args().size() > 1 && holdsMask(n.args()[1]))
    return hazard(CaptureHazardKind::DataDependentShape,
                  fmt::format("data-dependent output: {} with a boolean mask", t));
  if ((packet == "aten::index_put" || packet == "aten::index_put_" ||
       packet == "aten::_index_put_impl_") &&
      n.args().size() > 1 && holdsMask(n.args()[1]))
    return maskedWrite(n, n.args().size() > 2 ? &n.args()[2] : n.kwarg("values"),
                       fmt::format("host sync: {} with a boolean mask", t));
  if (packet == "aten::repeat_interleave" &&
      (opOverload(t) == "Tensor" || opOverload(t) == "self_Tensor")) {
    const Argument* size = n.kwarg("output_size");
    if (const FunctionSchema* s = registry_ ? registry_->lookup(t) : nullptr)
      for (size_t i = 0; i < s->arguments.size(); ++i)
        if (s->arguments[i].name == "output_size")
          size = givenArgument(n, *s, i);
    if (!size || size->isNone())
      return hazard(CaptureHazardKind::DataDependentShape,
                    fmt::format("data-dependent output: {} without output_size", t));
  }
  return std::nullopt;
}

std::optional<CaptureHazard> CaptureHazards::ofCallable(const Node& n) const {
  std::string_view t = n.target().str();
  if (t == "operator.getitem" && n.args().size() > 1 && holdsMask(n.args()[1]))
    return hazard(
        CaptureHazardKind::DataDependentShape,
        fmt::format("data-dependent output: boolean-mask index of '{}'", nameOfFirstArg(n)));
  if (t == "operator.setitem" && n.args().size() > 2 && holdsMask(n.args()[1]))
    return maskedWrite(n, &n.args()[2],
                       fmt::format("host sync: boolean-mask write into '{}'", nameOfFirstArg(n)));
  if (!t.starts_with("torch."))
    return std::nullopt;
  std::string_view base = t.substr(t.rfind('.') + 1);
  if (isDataDependentName(base) || (base == "where" && n.args().size() == 1 && n.kwargs().empty()))
    return hazard(CaptureHazardKind::DataDependentShape,
                  fmt::format("data-dependent output: {}", t));
  if (base == "repeat_interleave") {
    // torch.repeat_interleave(input, repeats) or torch.repeat_interleave(repeats).
    const Argument* repeats = n.args().size() > 1 ? &n.args()[1] : n.kwarg("repeats");
    if (!repeats && n.args().size() == 1)
      repeats = &n.args()[0];
    const Argument* size = n.kwarg("output_size");
    if (isTensorNode(repeats) && (!size || size->isNone()))
      return hazard(CaptureHazardKind::DataDependentShape,
                    fmt::format("data-dependent output: {} without output_size", t));
  }
  return std::nullopt;
}

std::optional<CaptureHazard> CaptureHazards::ofOp(const Node& n) const {
  switch (n.op()) {
  case OpKind::CallMethod:
    return ofMethod(n);
  case OpKind::CallFunction:
    return isOpTarget(n.target().str()) ? ofOpTarget(n) : ofCallable(n);
  default:
    return std::nullopt;
  }
}

std::optional<CaptureHazard> CaptureHazards::ofValue(const Node& n) const {
  if (n.op() != OpKind::CallFunction && n.op() != OpKind::CallMethod &&
      n.op() != OpKind::CallModule)
    return std::nullopt;
  std::vector<std::string_view> unbacked;
  n.meta().forEachSymbol([&](std::string_view name) {
    if (isUnbacked(name))
      unbacked.push_back(name);
  });
  if (!unbacked.empty()) {
    CaptureHazard h = hazard(CaptureHazardKind::DataDependentShape,
                             "data-dependent output: meta mentions an unbacked symbol");
    size_t found = 0;
    n.forEachInput([&](const Node* in) {
      in->meta().forEachSymbol([&](std::string_view name) {
        for (std::string_view& u : unbacked)
          if (!u.empty() && u == name) {
            u = {};
            ++found;
          }
      });
    });
    // An element of a value whose op is reported itself (`unique(x)[0]`).
    if (n.isGetItem() && !n.args().empty() && n.args()[0].isNode())
      if (std::optional<CaptureHazard> op = ofOp(*n.args()[0].getNode()))
        found = op->kind == CaptureHazardKind::DataDependentShape ? unbacked.size() : found;
    h.inherited = found == unbacked.size();
    return h;
  }
  if (!mainDevice_.isNull()) {
    if (isCpuTensor(&n))
      return hazard(CaptureHazardKind::CpuWork, "cpu tensor: value on cpu");
    bool cpuInput = false;
    n.forEachInput([&](const Node* in) { cpuInput = cpuInput || isCpuTensor(in); });
    if (cpuInput)
      return hazard(CaptureHazardKind::CpuWork, "cpu tensor: input on cpu");
  }
  return std::nullopt;
}

std::optional<CaptureHazard> CaptureHazards::of(const Node& n) const {
  if (std::optional<CaptureHazard> h = ofOp(n))
    return h;
  return ofValue(n);
}

} // namespace piecewise
