//===- DecoderGen.cpp - Synthetic decoder graphs --------------------------===//
//
// See DecoderGen.h for the graph's shape. The text is written straight into one
// reserved string (no IR, no printer) so that generating a million nodes is
// dominated by memory bandwidth.
//
//===----------------------------------------------------------------------===//

#include "DecoderGen.h"

#include <fmt/format.h>

#include <charconv>
#include <initializer_list>
#include <iterator>
#include <string_view>
#include <unordered_map>

namespace piecewise::cli {

namespace {

/// Model dimensions. Small on purpose: the graph must run in torch on a CPU.
constexpr int kHidden = 64;
constexpr int kHeads = 4;
constexpr int kHeadDim = 16;
constexpr int kQkv = 3 * kHeads * kHeadDim; // q, k, v of equal width (no GQA)
constexpr int kIntermediate = 128;
constexpr int kVocab = 128;
constexpr int kConcreteTokens = 16;
static_assert(kHeads * kHeadDim == kHidden);

/// An FX-style node name: `base` for the first, `base_1`, `base_2`, ... after.
struct Name {
  std::string_view base;
  uint32_t index = 0; ///< 0: the bare base
};

/// Hands out FX-style unique names per base. Bases that shadow Python builtins
/// (`slice`, `pow`) start at `_1`, as FX does.
class Namer {
public:
  Name next(std::string_view base, bool shadowsBuiltin = false) {
    uint32_t& n = counts_[base];
    Name name{base, n};
    if (shadowsBuiltin && n == 0)
      name.index = n = 1;
    ++n;
    return name;
  }

private:
  std::unordered_map<std::string_view, uint32_t> counts_;
};

/// One operand of a call: a node name or literal text.
struct Operand {
  Operand(Name n) : name(n) {}
  Operand(const char* t) : text(t) {}
  Operand(std::string_view t) : text(t) {}
  Operand(const std::string& t) : text(t) {}
  Name name;
  std::string_view text;
};

/// Appends statements to one reserved string.
class Writer {
public:
  explicit Writer(std::string& out) : out_(out) {}

  void raw(std::string_view s) { out_.append(s); }
  void integer(int64_t v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof(buf), v);
    out_.append(buf, r.ptr);
  }
  void name(Name n) {
    out_.append(n.base);
    if (n.index) {
      out_.push_back('_');
      integer(n.index);
    }
  }
  void operand(const Operand& o) {
    if (!o.text.empty())
      out_.append(o.text);
    else
      name(o.name);
  }

  /// `        name: "ann" = callee(a, b, ...)`; no annotation when `ann` is empty.
  void call(Name result, std::string_view ann, std::string_view callee,
            std::initializer_list<Operand> operands) {
    lhs(result, ann);
    out_.append(callee);
    out_.push_back('(');
    bool first = true;
    for (const Operand& o : operands) {
      if (!first)
        out_.append(", ");
      first = false;
      operand(o);
    }
    out_.append(")\n");
  }

  /// `        name: "ann" = source[index]`
  void getitem(Name result, std::string_view ann, Name source, int index) {
    lhs(result, ann);
    name(source);
    out_.push_back('[');
    integer(index);
    out_.append("]\n");
  }

private:
  void lhs(Name result, std::string_view ann) {
    out_.append("        ");
    name(result);
    if (!ann.empty()) {
      out_.append(": \"");
      out_.append(ann);
      out_.push_back('"');
    }
    out_.append(" = ");
  }

  std::string& out_;
};

/// The annotation strings of every value the generator writes, for one token count.
struct Annotations {
  explicit Annotations(std::string_view tokens) {
    auto make = [&](std::string_view dtype, std::string_view rest) {
      return fmt::format("{}[{}{}", dtype, tokens, rest);
    };
    ids = make("i64", "][1]cuda:0");
    hidden = make("bf16", fmt::format(", {}][{}, 1]cuda:0", kHidden, kHidden));
    hiddenF32 = make("f32", fmt::format(", {}][{}, 1]cuda:0", kHidden, kHidden));
    varF32 = make("f32", ", 1][1, 1]cuda:0");
    qkv = make("bf16", fmt::format(", {}][{}, 1]cuda:0", kQkv, kQkv));
    qkvPart = make("bf16", fmt::format(", {}][{}, 1]cuda:0", kHidden, kQkv));
    gateUp = make("bf16", fmt::format(", {}][{}, 1]cuda:0", 2 * kIntermediate, 2 * kIntermediate));
    gateUpPart = make("bf16", fmt::format(", {}][{}, 1]cuda:0", kIntermediate, 2 * kIntermediate));
    inter = make("bf16", fmt::format(", {}][{}, 1]cuda:0", kIntermediate, kIntermediate));
    emptyShape = fmt::format("[{}, {}]", tokens, kHidden);
  }
  std::string ids, hidden, hiddenF32, varF32, qkv, qkvPart, gateUp, gateUpPart, inter, emptyShape;

  // Weights and their transposes do not depend on the token count.
  static constexpr std::string_view embedW = "bf16[128, 64][64, 1]cuda:0";
  static constexpr std::string_view normW = "bf16[64][1]cuda:0";
  static constexpr std::string_view qkvW = "bf16[192, 64][64, 1]cuda:0";
  static constexpr std::string_view qkvWT = "bf16[64, 192][1, 64]cuda:0";
  static constexpr std::string_view oW = "bf16[64, 64][64, 1]cuda:0";
  static constexpr std::string_view oWT = "bf16[64, 64][1, 64]cuda:0";
  static constexpr std::string_view gateUpW = "bf16[256, 64][64, 1]cuda:0";
  static constexpr std::string_view gateUpWT = "bf16[64, 256][1, 64]cuda:0";
  static constexpr std::string_view downW = "bf16[64, 128][128, 1]cuda:0";
  static constexpr std::string_view downWT = "bf16[128, 64][1, 128]cuda:0";
};
static_assert(kQkv == 192 && kIntermediate == 128 && kVocab == 128 && kHidden == 64,
              "the weight annotations above spell these dimensions");

/// The per-layer weight placeholders, in signature order.
constexpr std::string_view kLayerWeights[] = {
    "input_layernorm_weight",          "qkv_proj_weight",     "o_proj_weight",
    "post_attention_layernorm_weight", "gate_up_proj_weight", "down_proj_weight"};
constexpr std::string_view kLayerWeightAnns[] = {Annotations::normW,   Annotations::qkvW,
                                                 Annotations::oW,      Annotations::normW,
                                                 Annotations::gateUpW, Annotations::downW};

class DecoderWriter {
public:
  DecoderWriter(std::string& out, const GenOptions& options)
      : w_(out), options_(options),
        ann_(options.dynamic ? std::string("s0") : std::to_string(kConcreteTokens)) {}

  void run();

private:
  /// RMSNorm of `x` with weight placeholder `weight`, in aten; returns the result.
  Name rmsNorm(Name x, Operand weight);
  Name layer(int64_t i, Name hidden);
  /// `layers_{i}_{what}` as an operand (the text lives in scratch storage).
  Operand layerWeight(int64_t i, size_t which);

  Writer w_;
  const GenOptions& options_;
  Annotations ann_;
  Namer names_;
  std::string scratch_[6];
};

void DecoderWriter::run() {
  w_.raw("class GraphModule(torch.nn.Module):\n    def forward(self, ");
  if (options_.dynamic)
    w_.raw("s0: \"Sym(s0)\", ");
  w_.raw("input_ids: \"");
  w_.raw(ann_.ids);
  w_.raw("\", positions: \"");
  w_.raw(ann_.ids);
  w_.raw("\", embed_tokens_weight: \"");
  w_.raw(Annotations::embedW);
  w_.raw("\"");
  for (int64_t i = 0; i < options_.layers; ++i) {
    for (size_t k = 0; k < std::size(kLayerWeights); ++k) {
      w_.raw(", layers_");
      w_.integer(i);
      w_.raw("_");
      w_.raw(kLayerWeights[k]);
      w_.raw(": \"");
      w_.raw(kLayerWeightAnns[k]);
      w_.raw("\"");
    }
  }
  w_.raw(", norm_weight: \"");
  w_.raw(Annotations::normW);
  w_.raw("\"):\n");

  Name h = names_.next("embedding");
  w_.call(h, ann_.hidden, "torch.ops.aten.embedding.default", {"embed_tokens_weight", "input_ids"});
  for (int64_t i = 0; i < options_.layers; ++i)
    h = layer(i, h);
  Name out = rmsNorm(h, "norm_weight");
  w_.raw("        return (");
  w_.name(out);
  w_.raw(",)\n");
}

Name DecoderWriter::rmsNorm(Name x, Operand weight) {
  Name f32 = names_.next("_to_copy");
  w_.call(f32, ann_.hiddenF32, "torch.ops.aten._to_copy.default", {x, "dtype = torch.float32"});
  Name sq = names_.next("pow", /*shadowsBuiltin=*/true);
  w_.call(sq, ann_.hiddenF32, "torch.ops.aten.pow.Tensor_Scalar", {f32, "2"});
  Name mean = names_.next("mean");
  w_.call(mean, ann_.varF32, "torch.ops.aten.mean.dim", {sq, "[-1]", "True"});
  Name eps = names_.next("add");
  w_.call(eps, ann_.varF32, "torch.ops.aten.add.Tensor", {mean, "1e-06"});
  Name inv = names_.next("rsqrt");
  w_.call(inv, ann_.varF32, "torch.ops.aten.rsqrt.default", {eps});
  Name scaled = names_.next("mul");
  w_.call(scaled, ann_.hiddenF32, "torch.ops.aten.mul.Tensor", {f32, inv});
  Name back = names_.next("_to_copy");
  w_.call(back, ann_.hidden, "torch.ops.aten._to_copy.default", {scaled, "dtype = torch.bfloat16"});
  Name out = names_.next("mul");
  w_.call(out, ann_.hidden, "torch.ops.aten.mul.Tensor", {back, weight});
  return out;
}

Operand DecoderWriter::layerWeight(int64_t i, size_t which) {
  std::string& s = scratch_[which];
  s.clear();
  s += "layers_";
  s += std::to_string(i);
  s += '_';
  s += kLayerWeights[which];
  return Operand(std::string_view(s));
}

Name DecoderWriter::layer(int64_t i, Name hidden) {
  Name normed = rmsNorm(hidden, layerWeight(i, 0));

  // Fused qkv projection.
  Name qkvT = names_.next("t");
  w_.call(qkvT, Annotations::qkvWT, "torch.ops.aten.t.default", {layerWeight(i, 1)});
  Name qkv = names_.next("mm");
  w_.call(qkv, ann_.qkv, "torch.ops.aten.mm.default", {normed, qkvT});

  // q, k, v: three slices on even layers, split_with_sizes + getitems on odd ones.
  Name parts[3];
  if (i % 2 == 0) {
    static constexpr std::string_view bounds[3][2] = {{"0", "64"}, {"64", "128"}, {"128", "192"}};
    for (int k = 0; k < 3; ++k) {
      parts[k] = names_.next("slice", /*shadowsBuiltin=*/true);
      w_.call(parts[k], ann_.qkvPart, "torch.ops.aten.slice.Tensor",
              {qkv, "-1", bounds[k][0], bounds[k][1]});
    }
  } else {
    Name split = names_.next("split_with_sizes");
    w_.call(split, {}, "torch.ops.aten.split_with_sizes.default", {qkv, "[64, 64, 64]", "-1"});
    for (int k = 0; k < 3; ++k) {
      parts[k] = names_.next("getitem");
      w_.getitem(parts[k], ann_.qkvPart, split, k);
    }
  }

  // Attention writes into a fresh buffer.
  Name buf = names_.next("empty");
  w_.call(buf, ann_.hidden, "torch.ops.aten.empty.memory_format",
          {ann_.emptyShape, "dtype = torch.bfloat16", "device = device(type='cuda', index=0)",
           "pin_memory = False"});
  Name attn = names_.next("unified_attention_with_output");
  std::string layerName = "'model.layers." + std::to_string(i) + ".self_attn.attn'";
  w_.call(attn, {}, "torch.ops.vllm.unified_attention_with_output.default",
          {parts[0], parts[1], parts[2], buf, std::string_view(layerName)});

  // Output projection and the first residual.
  Name oT = names_.next("t");
  w_.call(oT, Annotations::oWT, "torch.ops.aten.t.default", {layerWeight(i, 2)});
  Name o = names_.next("mm");
  w_.call(o, ann_.hidden, "torch.ops.aten.mm.default", {buf, oT});
  Name resid = names_.next("add");
  w_.call(resid, ann_.hidden, "torch.ops.aten.add.Tensor", {o, hidden});

  // MLP: gate/up, SiLU(gate) * up, down, second residual.
  Name post = rmsNorm(resid, layerWeight(i, 3));
  Name guT = names_.next("t");
  w_.call(guT, Annotations::gateUpWT, "torch.ops.aten.t.default", {layerWeight(i, 4)});
  Name gu = names_.next("mm");
  w_.call(gu, ann_.gateUp, "torch.ops.aten.mm.default", {post, guT});
  Name gate = names_.next("slice", /*shadowsBuiltin=*/true);
  w_.call(gate, ann_.gateUpPart, "torch.ops.aten.slice.Tensor", {gu, "-1", "0", "128"});
  Name up = names_.next("slice", /*shadowsBuiltin=*/true);
  w_.call(up, ann_.gateUpPart, "torch.ops.aten.slice.Tensor", {gu, "-1", "128", "256"});
  Name act = names_.next("silu");
  w_.call(act, ann_.inter, "torch.ops.aten.silu.default", {gate});
  Name prod = names_.next("mul");
  w_.call(prod, ann_.inter, "torch.ops.aten.mul.Tensor", {act, up});
  Name downT = names_.next("t");
  w_.call(downT, Annotations::downWT, "torch.ops.aten.t.default", {layerWeight(i, 5)});
  Name down = names_.next("mm");
  w_.call(down, ann_.hidden, "torch.ops.aten.mm.default", {prod, downT});
  Name next = names_.next("add");
  w_.call(next, ann_.hidden, "torch.ops.aten.add.Tensor", {down, resid});
  return next;
}

} // namespace

std::string generateDecoderGraph(const GenOptions& options) {
  std::string out;
  // About 100 bytes a node, 36 nodes a layer, plus ~330 signature bytes a layer.
  out.reserve(4096 + static_cast<size_t>(options.layers) * 4200);
  DecoderWriter(out, options).run();
  return out;
}

} // namespace piecewise::cli
