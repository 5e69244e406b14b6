#include "cli/run_output.h"

#include "cli/diagnostics_json.h"
#include "cli/diagnostics_text.h"
#include "cli/json_document.h"
#include "cli/query_failures.h"
#include "cli/text_output.h"

namespace rulecraft::cli {

RunPrinter::RunPrinter(std::ostream& out, std::ostream& err, bool json, bool explain, Diagnostics& diagnostics,
                       const SourceSet& sources)
    : out_(out), err_(err), json_format_(json), explain_(explain), diagnostics_(diagnostics), sources_(sources) {}

void RunPrinter::Loaded(const std::string& scenario, const std::string& ruleset) {
  scenario_ = scenario, ruleset_ = ruleset;
  if (!json_format_) {
    out_ << RenderRunHeading(scenario, ruleset);
    return;
  }
  // As every command writes its JSON document: the diagnostics on stderr first (main.cc, Finish).
  ReportDiagnostics(err_, diagnostics_, sources_);
  // The document's fields in key order (json_document.h): those that sort before "results" now.
  json_.emplace(out_);
  json_->Field("diagnostics", DiagnosticsToJson(diagnostics_, sources_));
  if (diagnostics_.Dropped() > 0) json_->Field("diagnostics_not_shown", diagnostics_.Dropped());
  json_->OpenArray("results");
}

void RunPrinter::Result(nlohmann::json result) {
  AddQueryFailure(result, sources_, failures_);
  if (json_) {
    json_->Element(result);
  } else {
    out_ << RenderResultText(result, explain_);
  }
}

void RunPrinter::Finish() {
  // Text shows the diagnostics after the answers, as every command in text does.
  if (!json_format_) ReportDiagnostics(err_, diagnostics_, sources_);
  if (json_) {
    json_->CloseArray();
    json_->Field("ruleset", ruleset_);
    json_->Field("scenario", scenario_);
    json_->Field("schema_version", kSchemaVersion);
    json_->Close();
  }
  out_.flush();
  err_ << Render(failures_, sources_);
  if (failures_.ErrorCount() > 0) {
    err_ << failures_.ErrorCount() << (failures_.ErrorCount() == 1 ? " query failed\n" : " queries failed\n");
  }
}

}  // namespace rulecraft::cli
