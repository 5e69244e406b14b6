// Fuzz target: the compiled form of a ruleset (ruleset/compiled_form.h), as a kept file holds it
// after its checksum. A kept file is read back only when its checksum holds, so a damaged one
// never gets here; this target reads what a crafted or corrupted file with a good checksum would.
//
// Input: a first byte 'R', then the form's bytes themselves; or edits of the compiled form of
// tests/fixtures/mini, four bytes each (three of offset, one of the new byte); when one to three
// bytes are left over, the first says where to cut the form short (in 256ths of its size).
// A form that reads back must write, read and write again to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "fuzz_support.h"
#include "rulecraft/rulecraft.h"
#include "ruleset/compiled_form.h"
#include "ruleset/ruleset.h"

namespace {

// The compiled form of tests/fixtures/mini, as its kept file holds it.
std::string FormOfMini() {
  std::filesystem::path folder = rulecraft::fuzz::CopyOfSourceFolder("tests/fixtures/mini");
  rulecraft::SourceSet sources;
  rulecraft::Diagnostics diagnostics;
  std::optional<rulecraft::ruleset::Ruleset> ruleset =
      rulecraft::ruleset::LoadRuleset(folder.string(), sources, diagnostics);
  if (!ruleset) std::abort();  // the fixture loads in every test run
  return rulecraft::ruleset::WriteCompiledForm(*ruleset);
}

std::string FormToRead(const uint8_t* data, size_t size) {
  if (size > 0 && data[0] == 'R') return std::string(reinterpret_cast<const char*>(data) + 1, size - 1);
  static const std::string pristine = FormOfMini();
  std::string form = pristine;
  size_t at = 0;
  for (; at + 4 <= size; at += 4) {
    size_t offset = data[at] | static_cast<size_t>(data[at + 1]) << 8 | static_cast<size_t>(data[at + 2]) << 16;
    form[offset % form.size()] = static_cast<char>(data[at + 3]);
  }
  if (at < size) form.resize(form.size() * data[at] / 256);
  return form;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::optional<rulecraft::ruleset::Ruleset> read = rulecraft::ruleset::ReadCompiledForm(FormToRead(data, size));
  if (!read) return 0;
  std::string written = rulecraft::ruleset::WriteCompiledForm(*read);
  std::optional<rulecraft::ruleset::Ruleset> again = rulecraft::ruleset::ReadCompiledForm(written);
  if (!again || rulecraft::ruleset::WriteCompiledForm(*again) != written) std::abort();
  return 0;
}
