#include "piecewise/support/SourceBuffer.h"

#include <algorithm>
#include <cstring>

namespace piecewise {

SourceBuffer::SourceBuffer(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {
  lineStarts_.push_back(0);
  const char* b = text_.data();
  const char* e = b + text_.size();
  for (const char* p = b; p < e;) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(e - p)));
    if (!nl || nl + 1 >= e)
      break;
    lineStarts_.push_back(static_cast<size_t>(nl + 1 - b));
    p = nl + 1;
  }
}

std::string_view SourceBuffer::lineText(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return {};
  size_t begin = lineStarts_[line - 1];
  size_t end = text_.find('\n', begin);
  if (end == std::string::npos)
    end = text_.size();
  if (end > begin && text_[end - 1] == '\r')
    --end;
  return std::string_view(text_).substr(begin, end - begin);
}

uint32_t SourceBuffer::lineOf(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<uint32_t>(it - lineStarts_.begin());
}

size_t SourceBuffer::lineStart(uint32_t line) const {
  if (line == 0 || line > lineStarts_.size())
    return text_.size();
  return lineStarts_[line - 1];
}

} // namespace piecewise
