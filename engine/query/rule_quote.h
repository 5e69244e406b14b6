// The rules text a rule quotes in the comment written above it.
#pragma once

#include <string>

#include "rulecraft/source.h"

namespace rulecraft::query {

// The first quotation ("…", with the gloss in parentheses right after it, if any) of the
// comment block directly above the line `span` starts on, each part cut to a line's length; empty
// when the comment quotes nothing or the file is not among `sources`. Safe to call from threads.
std::string RuleQuote(const SourceSpan& span, const SourceSet& sources);

}  // namespace rulecraft::query
