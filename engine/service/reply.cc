#include "service/reply.h"

#include <sstream>
#include <utility>

#include "cli/json_document.h"
#include "cli/json_output.h"

namespace rulecraft::service {

Reply Refusal(int status, const std::string& code, const std::string& message) {
  Diagnostics diagnostics;
  diagnostics.Error(code, {}, message);
  return {status, cli::MakeJsonDocument(nlohmann::json::object(), diagnostics, SourceSet{}), {}, {}};
}

Reply Finish(int status, nlohmann::json answer, Diagnostics& diagnostics, const SourceSet& sources) {
  diagnostics.SortByPosition();
  return {status, cli::MakeJsonDocument(std::move(answer), diagnostics, sources), {}, {}};
}

void Send(const Reply& reply, httplib::Response& response) {
  response.status = reply.status;
  if (!reply.content_type.empty()) {
    response.set_content(reply.body, reply.content_type);
    return;
  }
  std::ostringstream text;  // written as the command writes it, so the bytes are the same
  cli::WriteJson(text, reply.document);
  response.set_content(text.str(), "application/json");
}

}  // namespace rulecraft::service
