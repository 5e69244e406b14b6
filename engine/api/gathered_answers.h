// A scenario's answers gathered into one document, for the callers that want them all at once
// (Session::RunScenario without a sink, OpenScenario::Run, the service's /v1/run).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "rulecraft/rulecraft.h"

namespace rulecraft::api {

// Gathers what an AnswerSink is handed as `{"scenario", "ruleset", "results": […]}`.
class GatheredAnswers : public AnswerSink {
 public:
  void Loaded(const std::string& scenario, const std::string& ruleset) override {
    document_ = {{"scenario", scenario}, {"ruleset", ruleset}, {"results", nlohmann::json::array()}};
  }
  void Result(nlohmann::json result) override { document_["results"].push_back(std::move(result)); }
  // The document gathered (null when nothing was loaded).
  nlohmann::json Take() { return std::move(document_); }

 private:
  nlohmann::json document_;
};

}  // namespace rulecraft::api
