#include "query/rule_quote.h"

#include <map>
#include <mutex>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace rulecraft::query {
namespace {

constexpr size_t kMaxQuoteBytes = 90;   // the quotation itself, often in the seed's language
constexpr size_t kMaxGlossBytes = 160;  // the English gloss after it

std::string_view Trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

// The comment lines right above `line` (top to bottom, without '#'), joined by spaces.
std::string CommentAbove(const SourceFile& file, uint32_t line) {
  std::vector<std::string_view> lines;
  for (uint32_t above = line; above > 1; --above) {
    std::string_view text = Trimmed(file.Line(above - 1));
    if (text.empty() || text.front() != '#') break;
    text.remove_prefix(1);
    lines.push_back(Trimmed(text));
  }
  std::string joined;
  for (auto it = lines.rbegin(); it != lines.rend(); ++it)
    joined += (joined.empty() ? "" : " ") + std::string(*it);
  return joined;
}

// Cuts `text` to about `limit` bytes on a UTF-8 character boundary, marking the cut.
std::string Shortened(std::string text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return text.substr(0, cut) + "…";
}

// Where the quotes of rules text `text` begin in `comment`: just after the first place its
// number stands as a word ("001 Диагонали:", "001:"), or 0 when it stands nowhere.
size_t TextStart(const std::string& comment, const std::string& text) {
  if (text.empty()) return 0;
  for (size_t at = comment.find(text); at != std::string::npos; at = comment.find(text, at + 1)) {
    bool starts = at == 0 || comment[at - 1] == ' ' || comment[at - 1] == '(' || comment[at - 1] == ';';
    size_t end = at + text.size();
    bool ends = end == comment.size() || comment[end] == ' ' || comment[end] == ':' || comment[end] == ',';
    if (starts && ends && comment.find('"', end) != std::string::npos) return end;
  }
  return 0;
}

std::string FirstQuote(const std::string& comment, size_t from) {
  size_t open = comment.find('"', from);
  if (open == std::string::npos) return {};
  size_t close = comment.find('"', open + 1);
  if (close == std::string::npos || close == open + 1) return {};
  std::string quoted = comment.substr(open + 1, close - open - 1);
  std::string quote = "\"" + Shortened(quoted, kMaxQuoteBytes) + "\"";
  // The English gloss the rulesets write after a quote in another language: "…" (…).
  size_t after = close + 1;
  while (after < comment.size() && comment[after] == ' ') ++after;
  if (after < comment.size() && comment[after] == '(') {
    size_t end = comment.find(')', after);
    if (end != std::string::npos) {
      std::string gloss = comment.substr(after + 1, end - after - 1);
      quote += " (" + Shortened(gloss, kMaxGlossBytes) + ")";
    }
  }
  return quote;
}

}  // namespace

std::string RuleQuote(const SourceSpan& span, const SourceSet& sources, const std::string& text) {
  static std::mutex mutex;
  static std::map<std::tuple<std::string, uint32_t, std::string>, std::string> quotes;  // (file, offset, text) -> quote
  const SourceFile* file = sources.Find(span.file);
  if (file == nullptr) return {};
  std::lock_guard<std::mutex> lock(mutex);
  auto key = std::make_tuple(span.file, span.begin, text);
  if (auto found = quotes.find(key); found != quotes.end()) return found->second;
  std::string comment = CommentAbove(*file, file->Locate(span.begin).line);
  std::string quote = FirstQuote(comment, TextStart(comment, text));
  if (quotes.size() < 4096) quotes.emplace(std::move(key), quote);
  return quote;
}

}  // namespace rulecraft::query
