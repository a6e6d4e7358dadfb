//===- CaptureHazards.h - What a CUDA graph capture cannot contain -*- C++ -*-===//
//
// The one rule for nodes that cannot run inside a CUDA graph capture, shared
// by the cudagraph partitioner (partition/CudagraphPartitioner.h: such nodes
// leave the captured region) and the capture-safety check
// (partition/CaptureSafety.h: such nodes inside a captured piece are
// reported). A capture records kernel launches; anything that makes the host
// wait for the device, or whose launch needs a value only the device has,
// fails at capture. Per node, from its target, its arguments and the meta of
// it and of its inputs:
//
// What the op does (CaptureHazards::ofOp):
//  - HostSync: reads a tensor's value on the host: `aten::_local_scalar_dense`,
//    `aten::item`, `aten::is_nonzero`, `aten::equal`, `aten::allclose`, the
//    methods `item` and `tolist`; a write through a boolean mask
//    (`aten::index_put` / `index_put_` / `_index_put_impl_` with a `b8` or
//    `u8` index, `x[mask] = v`): the mask is turned into indices on the host,
//    unless the value is one element on the host (or a Python number), which
//    torch writes with `masked_fill_`; a one-element value of unknown device
//    (a lifted Python scalar, most often): not certain.
//  - DataDependentShape: an output whose sizes depend on the data: `nonzero`,
//    `argwhere`, `masked_select`, `unique*` / `_unique*`, one-argument
//    `where`, indexing with a boolean mask (`aten::index.Tensor`,
//    `x[mask]`), `repeat_interleave` with tensor repeats and no `output_size`
//    (as aten ops, Tensor methods and torch functions).
//  - DeviceToHost: a copy from an accelerator to the host: `aten::_to_copy` /
//    `aten::to` / `aten::copy_` / `aten::copy` whose data moves from a device
//    to `cpu` (by meta, or the `device` argument), `.cpu()`, `.to(cpu)`,
//    `.numpy()` of a tensor on an accelerator. When the tensor's device is
//    unknown in a graph whose main device is an accelerator: not certain.
//  - DeviceCopy: another copy between devices (`.cpu()` of a host tensor,
//    between two accelerators, onto a device other than the main one).
//  - Upload: a copy from the host onto the main device. It can start a
//    captured region (Inductor's seed case): the partitioner keeps it
//    captured unless the user names the op.
// What its value says (CaptureHazards::ofValue):
//  - DataDependentShape: its meta mentions an unbacked symbol (`u0`, `zuf0`:
//    anything producing a data-dependent size or value). `inherited` when
//    every such symbol is also in an input's meta (the node passes on a size
//    another node made, as `mul(nz, 2)` after `nz = nonzero(x)`), or when it
//    takes an element of an op with a data-dependent output (`unique(x)[0]`).
//  - CpuWork: a CPU tensor (not a 0-d scalar) as its value or an input, in a
//    graph whose main device is an accelerator.
//
// The main device is the accelerator device most tensor values of the graph
// live on (none for a CPU graph or one whose dump carries no devices).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"
#include "piecewise/schema/OpRegistry.h"

#include <optional>
#include <string>
#include <string_view>

namespace piecewise {

/// Why a node cannot be part of a CUDA graph capture.
enum class CaptureHazardKind : uint8_t {
  HostSync,           ///< reads a device value on the host
  DataDependentShape, ///< its sizes (or value) depend on the data
  DeviceToHost,       ///< copies from an accelerator to the host
  DeviceCopy,         ///< another copy between devices
  Upload,             ///< copies from the host onto the main device
  CpuWork,            ///< works on CPU tensors in an accelerator graph
};

/// `host-sync`, `data-dependent-shape`, `device-to-host`, `device-copy`, `upload`, `cpu-work`.
std::string_view captureHazardKindName(CaptureHazardKind kind);

/// True for the kinds a capture fails on (HostSync, DataDependentShape,
/// DeviceToHost): what `check-capture` reports inside a captured piece.
bool failsCapture(CaptureHazardKind kind);

struct CaptureHazard {
  CaptureHazardKind kind = CaptureHazardKind::HostSync;
  /// False when the node may or may not do it (an unknown device, a Dynamo
  /// `x[mask] = v`).
  bool certain = true;
  /// ofValue only: every unbacked symbol of the meta is also in an input's.
  bool inherited = false;
  /// One phrase for plans and messages ("data-dependent output: aten::nonzero.default").
  std::string reason;
};

/// Classifies the nodes of one graph (see the header comment).
class CaptureHazards {
public:
  /// `registry` may be null (then `repeat_interleave` is read from its
  /// keyword arguments only). Both must outlive this.
  CaptureHazards(const Graph& graph, const OpRegistry* registry);

  /// What the op of call node `node` does, or nullopt.
  std::optional<CaptureHazard> ofOp(const Node& node) const;
  /// What the meta of call node `node` and of its inputs says, or nullopt.
  std::optional<CaptureHazard> ofValue(const Node& node) const;
  /// ofOp, else ofValue.
  std::optional<CaptureHazard> of(const Node& node) const;

  /// The main accelerator device (`cuda:0`), or empty.
  std::string_view mainDevice() const { return mainDevice_.str(); }

private:
  std::optional<CaptureHazard> ofMethod(const Node& node) const;
  std::optional<CaptureHazard> ofOpTarget(const Node& node) const;
  std::optional<CaptureHazard> ofCallable(const Node& node) const;
  /// The kind of a copy from `from` to `to` (devices that differ), given
  /// whether `from` is only presumed.
  CaptureHazardKind copyKind(Symbol from, Symbol to) const;

  const OpRegistry* registry_;
  Symbol mainDevice_;
};

} // namespace piecewise
