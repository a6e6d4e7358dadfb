//===- DecoderGen.h - Synthetic decoder graphs ------------------*- C++ -*-===//
//
// `piecewise gen` (and the in-process benchmarks) write a Llama-style decoder graph in code form at
// the aten level, as `GraphModule.print_readable()` would print it after Dynamo + make_fx: an
// embedding, N identical layers (RMSNorm written out in aten, a fused qkv matmul split into q/k/v
// by slices on even layers and by `split_with_sizes` + getitems on odd layers, a
// `vllm::unified_attention_with_output` call writing into an `empty` buffer,
// the output projection, residual adds, a gate/up matmul, SiLU * up and the
// down projection), a final norm and `return (x,)`. About 35 nodes a layer.
//
// Dimensions are small (hidden 64, 4 heads of 16, intermediate 128, vocab 128)
// so the graph can be run in torch on CPU after moving it off `cuda:0`. The
// text is produced directly into one reserved string: a million nodes take a
// fraction of a second.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <string>

namespace piecewise::cli {

struct GenOptions {
  /// Number of decoder layers (0 gives embedding + final norm only).
  int64_t layers = 2;
  /// Symbolic token count `s0` (with a leading `s0: "Sym(s0)"` placeholder)
  /// instead of the concrete 16.
  bool dynamic = false;
};

/// The generated module text in code form.
std::string generateDecoderGraph(const GenOptions& options);

} // namespace piecewise::cli
