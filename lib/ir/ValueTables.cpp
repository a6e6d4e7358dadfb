//===- ValueTables.cpp - The named torch and Python values ----------------===//
//
// The tables of device types, layouts, memory formats and operators (ValueTables.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/ValueTables.h"

#include <array>

namespace piecewise {

namespace {

// torch 2.13: `torch.device('x')` fails with "Expected one of cpu, cuda, ipu,
// xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan,
// mps, meta, hpu, mtia, privateuseone device type at start of device string";
// each of those is accepted. (A renamed privateuse1 backend, such as `npu`
// once torch_npu is imported, exists only in that process and is not here.)
constexpr std::array<std::string_view, 20> kDeviceTypes = {
    "cpu",  "cuda", "ipu", "xpu",  "mkldnn", "opengl", "opencl", "ideep", "hip",  "ve",
    "fpga", "maia", "xla", "lazy", "vulkan", "mps",    "meta",   "hpu",   "mtia", "privateuseone"};

// torch.layout objects under `torch.`.
constexpr std::array<std::string_view, 8> kLayouts = {"strided",    "sparse_coo", "sparse_csr",
                                                      "sparse_csc", "sparse_bsr", "sparse_bsc",
                                                      "_mkldnn",    "jagged"};

// torch.memory_format objects under `torch.`.
constexpr std::array<std::string_view, 4> kMemoryFormats = {"contiguous_format", "preserve_format",
                                                            "channels_last", "channels_last_3d"};

using S = OperatorSyntax;
constexpr PythonOperator kOperators[] = {
    {"add", "+", S::Binary},
    {"sub", "-", S::Binary},
    {"mul", "*", S::Binary},
    {"truediv", "/", S::Binary},
    {"floordiv", "//", S::Binary},
    {"mod", "%", S::Binary},
    {"pow", "**", S::Binary},
    {"matmul", "@", S::Binary},
    {"and_", "&", S::Binary},
    {"or_", "|", S::Binary},
    {"xor", "^", S::Binary},
    {"lshift", "<<", S::Binary},
    {"rshift", ">>", S::Binary},
    {"eq", "==", S::Binary},
    {"ne", "!=", S::Binary},
    {"lt", "<", S::Binary},
    {"le", "<=", S::Binary},
    {"gt", ">", S::Binary},
    {"ge", ">=", S::Binary},
    {"neg", "-", S::Unary},
    {"invert", "~", S::Unary},
    {"not_", "not", S::Unary},
    {"pos", "+", S::Unary},
    {"getitem", "", S::Index},
    {"iadd", "+", S::Inplace},
    {"isub", "-", S::Inplace},
    {"imul", "*", S::Inplace},
    {"itruediv", "/", S::Inplace},
    {"ifloordiv", "//", S::Inplace},
    {"imod", "%", S::Inplace},
    {"ipow", "**", S::Inplace},
    {"imatmul", "@", S::Inplace},
    {"iand", "&", S::Inplace},
    {"ior", "|", S::Inplace},
    {"ixor", "^", S::Inplace},
    {"ilshift", "<<", S::Inplace},
    {"irshift", ">>", S::Inplace},
    {"concat", "", S::Call},
    {"contains", "", S::Call},
    {"delitem", "", S::Call},
    {"iconcat", "", S::Call},
    {"index", "", S::Call},
    {"inv", "", S::Call},
    {"is_", "", S::Call},
    {"is_not", "", S::Call},
    {"setitem", "", S::Call},
    {"truth", "", S::Call},
    {"countOf", "", S::Call},
    {"indexOf", "", S::Call},
    {"length_hint", "", S::Call},
};

template <size_t N> bool contains(const std::array<std::string_view, N>& a, std::string_view s) {
  for (std::string_view x : a)
    if (x == s)
      return true;
  return false;
}

} // namespace

std::span<const std::string_view> deviceTypes() {
  return kDeviceTypes;
}

bool isDeviceType(std::string_view type) {
  return contains(kDeviceTypes, type);
}

std::optional<DeviceSpelling> parseDeviceSpelling(std::string_view s) {
  size_t colon = s.find(':');
  std::string_view type = s.substr(0, colon);
  if (!isDeviceType(type))
    return std::nullopt;
  if (colon == std::string_view::npos)
    return DeviceSpelling{type, std::nullopt};
  std::string_view digits = s.substr(colon + 1);
  // str(torch.device) writes the index in decimal; c10 keeps it in an int8
  // today, so nine digits are far more than any index.
  if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits[0] == '0'))
    return std::nullopt;
  int64_t index = 0;
  for (char c : digits) {
    if (c < '0' || c > '9')
      return std::nullopt;
    index = index * 10 + (c - '0');
  }
  return DeviceSpelling{type, index};
}

bool isLayoutName(std::string_view name) {
  return contains(kLayouts, name);
}

std::string_view canonicalMemoryFormat(std::string_view name) {
  if (name == "legacy_contiguous_format")
    return "contiguous_format";
  for (std::string_view f : kMemoryFormats)
    if (f == name)
      return f;
  return {};
}

std::span<const PythonOperator> pythonOperators() {
  return kOperators;
}

const PythonOperator* findPythonOperator(std::string_view name) {
  for (const PythonOperator& op : kOperators)
    if (op.name == name)
      return &op;
  return nullptr;
}

const PythonOperator* findOperatorBySymbol(std::string_view symbol, OperatorSyntax syntax) {
  for (const PythonOperator& op : kOperators)
    if (op.syntax == syntax && op.symbol == symbol)
      return &op;
  return nullptr;
}

} // namespace piecewise
