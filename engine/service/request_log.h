// One line on stderr per request: who asked, what, the status, the size and the time taken.
#pragma once

#include <httplib.h>

namespace rulecraft::service {

// Notes when the request being handled on this thread started (httplib's pre-routing step).
void MarkRequestStart();

// Writes `rulecraft serve: 127.0.0.1 POST /v1/run 200 1234 bytes 3.1 ms` to stderr in one write,
// so lines of requests answered at once never mix.
void LogRequest(const httplib::Request& request, const httplib::Response& response);

}  // namespace rulecraft::service
