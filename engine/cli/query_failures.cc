#include "cli/query_failures.h"

#include <string>

#include <fmt/format.h>

namespace rulecraft::cli {

void AddQueryFailure(const nlohmann::json& result, const SourceSet& sources, Diagnostics& failures) {
  if (result.value("status", "") != "error" || !result.contains("diagnostic")) return;
  const nlohmann::json& diagnostic = result["diagnostic"];
  if (!diagnostic.value("file", nlohmann::json()).is_string() || !diagnostic.value("line", nlohmann::json()).is_number_integer()) {
    return;
  }
  const SourceFile* file = sources.Find(diagnostic["file"].get<std::string>());
  const int64_t line = diagnostic["line"].get<int64_t>();
  if (file == nullptr || line < 1 || line > file->LineCount()) return;
  std::string_view text = file->Line(static_cast<uint32_t>(line));
  size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) first = 0;
  size_t last = text.find_last_not_of(" \t\r");
  size_t length = last == std::string_view::npos || last < first ? 1 : last - first + 1;
  uint32_t begin = file->OffsetOf(static_cast<uint32_t>(line), static_cast<uint32_t>(first + 1));
  // A rules failure names its expression's columns: the caret goes under that expression.
  const nlohmann::json col = diagnostic.value("col", nlohmann::json());
  const nlohmann::json end_col = diagnostic.value("end_col", nlohmann::json());
  if (col.is_number_integer() && end_col.is_number_integer() && col.get<int64_t>() >= 1 &&
      end_col.get<int64_t>() > col.get<int64_t>() && end_col.get<int64_t>() <= static_cast<int64_t>(text.size()) + 1) {
    begin = file->OffsetOf(static_cast<uint32_t>(line), static_cast<uint32_t>(col.get<int64_t>()));
    length = static_cast<size_t>(end_col.get<int64_t>() - col.get<int64_t>());
  }
  failures.Error(diagnostic.value("code", std::string("query-failed")),
                 {file->path(), begin, begin + static_cast<uint32_t>(length)},
                 fmt::format("query '{}' ({}) failed: {}", result.value("id", std::string()),
                             result.value("kind", std::string()), diagnostic.value("message", std::string())));
}

}  // namespace rulecraft::cli
