// Writing `rulecraft run`'s answers as they come: each result is written, then let go, before
// the next query is answered, so a run of many large answers (reaches with their overlays) never
// holds them all.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/json_output.h"
#include "rulecraft/rulecraft.h"

namespace rulecraft::cli {

// Writes a run as `rulecraft run` shows it: on `out` the JSON document (json_document.h), the
// diagnostics on `err` before it; or, as text, a heading and a block per result, the diagnostics
// after them.
class RunPrinter : public AnswerSink {
 public:
  // `diagnostics` and `sources` are the run's; `explain` shows each result's `explain` in text.
  RunPrinter(std::ostream& out, std::ostream& err, bool json, bool explain, Diagnostics& diagnostics,
             const SourceSet& sources);

  void Loaded(const std::string& scenario, const std::string& ruleset) override;
  void Result(nlohmann::json result) override;

  // Ends the document, then shows on `err` each query that failed at a script's or rule's line.
  void Finish();

 private:
  std::ostream& out_;
  std::ostream& err_;
  bool json_format_;
  bool explain_;
  Diagnostics& diagnostics_;
  const SourceSet& sources_;
  std::optional<JsonObjectWriter> json_;  // the document, once begun, with --format json
  nlohmann::json after_results_;  // the document's fields that sort after "results"
  Diagnostics failures_;  // the queries that failed at a line (query_failures.h)
};

}  // namespace rulecraft::cli
