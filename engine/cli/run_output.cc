#include "cli/run_output.h"

#include "cli/diagnostics_text.h"
#include "cli/json_document.h"
#include "cli/query_failures.h"
#include "cli/text_output.h"

namespace rulecraft::cli {

RunPrinter::RunPrinter(std::ostream& out, std::ostream& err, bool json, bool explain, Diagnostics& diagnostics,
                       const SourceSet& sources)
    : out_(out), err_(err), json_format_(json), explain_(explain), diagnostics_(diagnostics), sources_(sources) {}

void RunPrinter::Loaded(const std::string& scenario, const std::string& ruleset) {
  if (!json_format_) {
    out_ << RenderRunHeading(scenario, ruleset);
    return;
  }
  // As every command writes its JSON document: the diagnostics on stderr first (main.cc, Finish).
  ReportDiagnostics(err_, diagnostics_, sources_);
  // The document without its results (json_document.h), written in key order around them: the
  // fields that sort before "results" now, the others (`after_results_`) once they are written.
  after_results_ = MakeJsonDocument({{"ruleset", ruleset}, {"scenario", scenario}}, diagnostics_, sources_);
  json_.emplace(out_);
  auto& fields = after_results_.get_ref<nlohmann::json::object_t&>();
  auto results = fields.lower_bound("results");
  for (auto field = fields.begin(); field != results; ++field) json_->Field(field->first, field->second);
  fields.erase(fields.begin(), results);
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
    for (const auto& [key, value] : after_results_.items()) json_->Field(key, value);
    json_->Close();
  }
  out_.flush();
  err_ << Render(failures_, sources_);
  if (failures_.ErrorCount() > 0) {
    err_ << failures_.ErrorCount() << (failures_.ErrorCount() == 1 ? " query failed\n" : " queries failed\n");
  }
}

}  // namespace rulecraft::cli
