// The service's answers: a status code and one JSON document, shaped as the command's
// `--format json` documents are (json_document.h): whatever happened, `schema_version` and
// `diagnostics` are there.
#pragma once

#include <string>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "rulecraft/diagnostic.h"
#include "rulecraft/source.h"

namespace rulecraft::service {

// An HTTP status and the JSON document that goes with it, or, when `content_type` is set, other
// bytes (a picture, a page's file) sent as they are.
struct Reply {
  int status = 200;
  nlohmann::json document;
  std::string content_type;  // empty: the answer is `document` as JSON
  std::string body;          // the answer when content_type is set
};

// The document of a request refused before any input was read (404, 405, 413, 503): an empty
// answer with one error diagnostic that points at no file.
Reply Refusal(int status, const std::string& code, const std::string& message);

// A document as the command writes it: `answer` with `diagnostics` (sorted by position) added
// (json_document.h), their lines shown from `sources`.
Reply Finish(int status, nlohmann::json answer, Diagnostics& diagnostics, const SourceSet& sources);

// Writes `reply` into `response`: its document as `application/json`, or its body as its type.
void Send(const Reply& reply, httplib::Response& response);

}  // namespace rulecraft::service
