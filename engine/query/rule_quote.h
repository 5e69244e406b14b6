// The rules text a rule quotes in the comment written above it.
#pragma once

#include <string>

#include "rulecraft/source.h"

namespace rulecraft::query {

// The first quotation ("…", with the gloss in parentheses right after it, if any) of the
// comment block directly above the line `span` starts on, each part cut to a line's length; empty
// when the comment quotes nothing or the file is not among `sources`. With `text` ("001"), the
// first quotation after that text's number is preferred (a shared module's rule quoting 000 and
// 001). Safe to call from threads.
std::string RuleQuote(const SourceSpan& span, const SourceSet& sources, const std::string& text = {});

}  // namespace rulecraft::query
