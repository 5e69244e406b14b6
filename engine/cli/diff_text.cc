// `rulecraft diff`'s text output (RenderDiffText, cli/ruleset_diff.h).
#include <sstream>

#include "cli/ruleset_diff.h"

namespace rulecraft::cli {
namespace {

using nlohmann::json;

// `file:line` of a place, or `?` when it has none.
std::string At(const json& place) {
  if (!place.is_object() || !place.contains("file") || place["file"].is_null()) return "?";
  std::string out = place["file"].get<std::string>();
  if (place.contains("line") && !place["line"].is_null()) out += ":" + std::to_string(place["line"].get<int>());
  return out;
}

// A rule's text, each line after `prefix`.
void WriteRuleText(std::ostream& out, const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) out << prefix << line << "\n";
}

std::string Cell(const json& value) { return value.is_null() ? "(none)" : value.get<std::string>(); }

std::string Title(const json& side) {
  return side["name"].get<std::string>() + " (" + side["folder"].get<std::string>() + ")";
}

}  // namespace

std::string RenderDiffText(const json& document) {
  std::ostringstream out;
  if (!document.contains("settings")) return {};
  out << "--- " << Title(document["a"]) << "\n+++ " << Title(document["b"]) << "\n";
  size_t count = 0;
  if (!document["settings"].empty()) {
    out << "\nsettings:\n";
    for (const json& setting : document["settings"]) {
      out << "  ~ " << setting["name"].get<std::string>() << ": " << setting["a"].get<std::string>() << " → "
          << setting["b"].get<std::string>() << "\n";
      ++count;
    }
  }
  const json& rules = document["rules"];
  if (!rules["changed"].empty() || !rules["added"].empty() || !rules["removed"].empty()) {
    out << "\nrules:\n";
    for (const json& rule : rules["changed"]) {
      out << "  ~ " << rule["name"].get<std::string>() << "\n";
      out << "    - " << At(rule["a"]) << "\n";
      WriteRuleText(out, rule["a"]["text"].get<std::string>(), "      - ");
      out << "    + " << At(rule["b"]) << "\n";
      WriteRuleText(out, rule["b"]["text"].get<std::string>(), "      + ");
      ++count;
    }
    for (const json& rule : rules["added"]) {
      out << "  + " << rule["name"].get<std::string>() << "  " << At(rule) << "\n";
      WriteRuleText(out, rule["text"].get<std::string>(), "      + ");
      ++count;
    }
    for (const json& rule : rules["removed"]) {
      out << "  - " << rule["name"].get<std::string>() << "  " << At(rule) << "\n";
      ++count;
    }
  }
  if (!document["tables"].empty()) out << "\ntables:\n";
  for (const json& table : document["tables"]) {
    std::string status = table["status"].get<std::string>();
    std::string name = table["name"].get<std::string>();
    if (status != "changed") {
      out << (status == "added" ? "  + " : "  - ") << name << "  " << table["file"].get<std::string>() << " ("
          << table["rows"].size() << " rows)\n";
      ++count;
      continue;
    }
    out << "  ~ " << name << "\n";
    for (const char* key : {"columns_added", "columns_removed"}) {
      for (const json& column : table[key]) {
        out << (key[8] == 'a' ? "    + column " : "    - column ") << column["name"].get<std::string>()
            << " (default " << column["default"].get<std::string>() << ")  " << At(column) << "\n";
        ++count;
      }
    }
    for (const json& note : table["footnotes"]) {
      std::string id = std::to_string(note["id"].get<int64_t>());
      if (note["a"].is_null()) {
        out << "    + footnote " << id << "  " << At(note["b_at"]) << "\n        " << Cell(note["b"]) << "\n";
      } else if (note["b"].is_null()) {
        out << "    - footnote " << id << "  " << At(note["a_at"]) << "\n";
      } else {
        out << "    ~ footnote " << id << "  " << At(note["a_at"]) << " → " << At(note["b_at"]) << "\n        "
            << Cell(note["a"]) << " → " << Cell(note["b"]) << "\n";
      }
      ++count;
    }
    if (!table["row_order"].is_null()) {
      auto names = [](const json& list) {
        std::string joined;
        for (const json& entry : list) joined += (joined.empty() ? "" : ", ") + entry.get<std::string>();
        return joined;
      };
      out << "    ~ row order\n        - " << names(table["row_order"]["a"]) << "\n        + "
          << names(table["row_order"]["b"]) << "\n";
      ++count;
    }
    for (const json& row : table["rows_changed"]) {
      out << "    ~ row " << row["name"].get<std::string>() << "  " << At(row["a"]) << " → " << At(row["b"]) << "\n";
      for (const json& cell : row["cells"]) {
        out << "        " << cell["column"].get<std::string>() << ": " << Cell(cell["a"]) << " → " << Cell(cell["b"])
            << "\n";
      }
      ++count;
    }
    for (const json& row : table["rows_added"]) {
      out << "    + row " << row["name"].get<std::string>() << "  " << At(row) << "\n";
      ++count;
    }
    for (const json& row : table["rows_removed"]) {
      out << "    - row " << row["name"].get<std::string>() << "  " << At(row) << "\n";
      ++count;
    }
  }
  if (count == 0) {
    out << "\nno differences\n";
  } else {
    out << "\n" << count << (count == 1 ? " difference\n" : " differences\n");
  }
  return out.str();
}

}  // namespace rulecraft::cli
