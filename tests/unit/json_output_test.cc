// The JSON writer of `--format json` (cli/json_output.h) writes every scalar as
// nlohmann::json::dump writes it: strings quoted and escaped (invalid UTF-8 replaced), null,
// booleans and numbers, whatever bytes a string holds and wherever they stand in it.
#include "cli/json_output.h"

#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace rulecraft::cli {
namespace {

std::string Written(const nlohmann::json& value) {
  std::ostringstream out;
  WriteJson(out, value);
  return out.str();
}

std::string Dumped(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

TEST(JsonOutput, EveryByteAtEveryPlaceOfAStringIsWrittenAsDumpWritesIt) {
  for (int byte = 0; byte < 256; ++byte) {
    for (size_t at = 0; at < 19; ++at) {
      std::string text(19, '.');
      text[at] = static_cast<char>(byte);
      ASSERT_EQ(Written(text), Dumped(text)) << "byte " << byte << " at " << at;
    }
  }
  for (const std::string text : {"", "a", "plain text of more than sixteen bytes", "tab\there", "quote \" here",
                                 "back\\slash", "\x7f", "caf\xc3\xa9", "bad \xff utf-8", "\xe2\x82"}) {
    EXPECT_EQ(Written(text), Dumped(text)) << text;
  }
}

TEST(JsonOutput, NullBooleansAndNumbersAreWrittenAsDumpWritesThem) {
  for (const nlohmann::json& value : {nlohmann::json(nullptr), nlohmann::json(true), nlohmann::json(false),
                                      nlohmann::json(0), nlohmann::json(-12), nlohmann::json(1.5),
                                      nlohmann::json(0.1), nlohmann::json(1e300)}) {
    EXPECT_EQ(Written(value), Dumped(value)) << value.dump();
  }
  EXPECT_EQ(Written(nlohmann::json::array({nullptr, true, 3, "x"})), "[null, true, 3, \"x\"]\n");
}

TEST(JsonOutput, ShortArraysStayOnOneLineLongStringsGoOnePerLine) {
  nlohmann::json value = {{"row", {1, nullptr, 2}}, {"overlay", {std::string(40, '.'), std::string(40, '1')}}};
  EXPECT_EQ(Written(value), "{\n  \"overlay\": [\n    \"" + std::string(40, '.') + "\",\n    \"" +
                                std::string(40, '1') + "\"\n  ],\n  \"row\": [1, null, 2]\n}\n");
}

TEST(JsonOutput, NestedObjectsAndArraysIndentByTwo) {
  nlohmann::json value = {{"b", nlohmann::json::object()},
                          {"a", nlohmann::json::array()},
                          {"list", {{{"at", {1, 2}}, {"k\"ey", true}}, {3, {4}}}}};
  EXPECT_EQ(Written(value),
            "{\n"
            "  \"a\": [],\n"
            "  \"b\": {},\n"
            "  \"list\": [\n"
            "    {\n"
            "      \"at\": [1, 2],\n"
            "      \"k\\\"ey\": true\n"
            "    },\n"
            "    [\n"
            "      3,\n"
            "      [4]\n"
            "    ]\n"
            "  ]\n"
            "}\n");
  EXPECT_EQ(nlohmann::json::parse(Written(value)), value);
}

}  // namespace
}  // namespace rulecraft::cli
