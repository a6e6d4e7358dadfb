//===- ValueGrammar.cpp - What the shared value grammar makes -------------===//
//
// The non-template half of ValueGrammar.h: reading a device from the
// arguments of `device(...)`.
//
//===----------------------------------------------------------------------===//

#include "ValueGrammar.h"

namespace piecewise::text {

std::optional<std::string> deviceFromCall(const std::vector<Argument>& args,
                                          const std::vector<KwArg>& kwargs, std::string& why) {
  std::optional<std::string> type;
  std::optional<int64_t> index;
  bool indexGiven = false;
  auto take = [&](const Argument& a, bool isIndex) {
    if (isIndex) {
      if (indexGiven || (!a.isNone() && !a.isInt()))
        return false;
      indexGiven = true;
      if (a.isInt())
        index = a.getInt();
      return true;
    }
    if (type || a.kind() != Argument::Kind::String)
      return false;
    type = std::string(a.getSymbol().str());
    return true;
  };
  bool ok = args.size() <= 2 && (args.empty() || take(args[0], false)) &&
            (args.size() < 2 || take(args[1], true));
  for (const KwArg& k : kwargs) {
    if (k.name.str() == "type")
      ok = ok && take(k.value, false);
    else if (k.name.str() == "index")
      ok = ok && take(k.value, true);
    else
      ok = false;
  }
  why.clear();
  if (!ok || !type || type->empty())
    return std::nullopt;
  return deviceFromParts(*type, index, why);
}

} // namespace piecewise::text
