// The JSON writer of `--format json` (cli/json_output.h) writes every scalar as
// nlohmann::json::dump writes it: strings quoted and escaped (invalid UTF-8 replaced), null,
// booleans and numbers, whatever bytes a string holds and wherever they stand in it.
#include "cli/json_output.h"

#include <algorithm>
#include <cstdint>
#include <random>
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

// The reference the writer is held to: nlohmann::json::dump(2) with the writer's one rule
// added, written as simply as it can be: an array of scalars whose strings are short together
// (at most 60 bytes, four a string counted for its quotes and comma) stays on one line.
std::string Reference(const nlohmann::json& value, size_t indent = 0) {
  auto scalar = [](const nlohmann::json& item) {
    return item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  std::string inner(indent + 2, ' '), outer(indent, ' ');
  if (value.is_object()) {
    if (value.empty()) return "{}";
    std::string text = "{";
    for (auto field = value.items().begin(); field != value.items().end(); ++field) {
      text += (field == value.items().begin() ? "\n" : ",\n") + inner + scalar(nlohmann::json(field.key())) + ": " +
              Reference(field.value(), indent + 2);
    }
    return text + "\n" + outer + "}";
  }
  if (!value.is_array()) return scalar(value);
  if (value.empty()) return "[]";
  bool one_line = true;
  size_t strings = 0;
  for (const nlohmann::json& element : value) {
    if (element.is_structured()) one_line = false;
    if (element.is_string()) strings += element.get<std::string>().size() + 4;
  }
  if (one_line && strings <= 60) {
    std::string text = "[";
    for (const nlohmann::json& element : value) text += (text.size() > 1 ? ", " : "") + scalar(element);
    return text + "]";
  }
  std::string text = "[";
  for (size_t i = 0; i < value.size(); ++i) text += (i == 0 ? "\n" : ",\n") + inner + Reference(value[i], indent + 2);
  return text + "\n" + outer + "]";
}

TEST(JsonOutput, TheReferenceIsDumpWithShortArraysOnOneLine) {
  nlohmann::json value = {{"a", {{{"b", nlohmann::json::array()}, {"c", nlohmann::json::object()}}}},
                          {"d", "e"}, {"f", {{"g", {{{"h", 1}}, 2}}}}};
  EXPECT_EQ(Reference(value), value.dump(2));
  EXPECT_EQ(Reference({1, nullptr, "x"}), "[1, null, \"x\"]");
}

TEST(JsonOutput, EveryByteAtEveryPlaceOfStringsUpToFortyBytesIsWrittenAsDumpWritesIt) {
  for (size_t size = 1; size <= 40; ++size) {
    for (int byte = 0; byte < 256; ++byte) {
      for (size_t at = 0; at < size; ++at) {
        std::string text(size, 'a' + static_cast<char>(size % 26));
        text[at] = static_cast<char>(byte);
        ASSERT_EQ(Written(text), Dumped(text)) << "byte " << byte << " at " << at << " of " << size;
      }
    }
  }
  EXPECT_EQ(Written(std::string()), Dumped(std::string()));
}

// A text of `size` bytes made of `random`: mostly printable ASCII, one byte in eight any byte.
std::string Text(std::mt19937& random, size_t size) {
  std::string text(size, 'x');
  for (char& byte : text) byte = static_cast<char>(random() % 8 == 0 ? random() % 256 : ' ' + random() % 95);
  return text;
}

// A value made of `random`: nested objects and arrays, strings of any bytes (mostly plain),
// integers, negative numbers, doubles, null and booleans.
nlohmann::json Generated(std::mt19937& random, int depth) {
  auto below = [&](uint32_t bound) { return static_cast<uint32_t>(random() % bound); };
  switch (below(depth > 0 ? 9 : 6)) {
    case 0: return nullptr;
    case 1: return below(2) == 1;
    case 2: return static_cast<int64_t>(random()) - (int64_t{1} << 31) * static_cast<int64_t>(below(3));
    case 3: return static_cast<double>(static_cast<int32_t>(random())) / (1 + below(1000));
    case 4: return uint64_t{random()} << 32 | random();
    case 5: return Text(random, below(70));
    case 6: case 7: {
      nlohmann::json array = nlohmann::json::array();
      for (uint32_t i = below(6); i > 0; --i) array.push_back(Generated(random, depth - 1));
      return array;
    }
    default: {
      nlohmann::json object = nlohmann::json::object();
      for (uint32_t i = below(5); i > 0; --i) {
        std::string key = below(4) == 0 ? Text(random, below(20)) : std::string(1 + below(20), 'k');
        object[key] = Generated(random, depth - 1);
      }
      return object;
    }
  }
}

TEST(JsonOutput, GeneratedValuesAreWrittenAsTheReferenceWritesThem) {
  std::mt19937 random(15);
  for (int i = 0; i < 3000; ++i) {
    nlohmann::json value = Generated(random, 4);
    ASSERT_EQ(Written(value), Reference(value) + "\n") << value.dump();
  }
}

TEST(JsonOutput, TextsPastTheBufferAreWrittenWhole) {
  std::string long_text(200000, 'z');
  long_text[150000] = '\n';
  nlohmann::json value = {{"long", long_text}, {"rows", std::vector<std::string>(300, std::string(300, '.'))}};
  EXPECT_EQ(Written(value), Reference(value) + "\n");
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

// `object` written a field at a time by JsonObjectWriter: each array of which some element is an
// object or an array (or that is empty) element by element, as a run's results are.
std::string WrittenByField(const nlohmann::json& object) {
  std::ostringstream out;
  JsonObjectWriter writer(out);
  for (const auto& [key, value] : object.items()) {
    bool nested = value.is_array() && (value.empty() || std::any_of(value.begin(), value.end(), [](const auto& element) {
                                         return element.is_structured();
                                       }));
    if (!nested) {
      writer.Field(key, value);
      continue;
    }
    writer.OpenArray(key);
    for (const nlohmann::json& element : value) writer.Element(element);
    writer.CloseArray();
  }
  writer.Close();
  return out.str();
}

TEST(JsonObjectWriter, AnObjectWrittenFieldByFieldIsWhatWriteJsonWrites) {
  nlohmann::json results = {{"diagnostics", nlohmann::json::array()},
                            {"results", {{{"id", "r"}, {"squares", {{{"x", 1}}}}}, {{"id", "s"}}}},
                            {"ruleset", "dnd35"}};
  EXPECT_EQ(WrittenByField(results), Written(results));
  EXPECT_EQ(WrittenByField(nlohmann::json::object()), "{}\n");
  std::mt19937 random(27);
  for (int i = 0; i < 3000; ++i) {
    nlohmann::json value = {{"fields", Generated(random, 4)}, {"list", Generated(random, 4)}};
    nlohmann::json object = Generated(random, 4);
    if (object.is_object()) value = object;
    ASSERT_EQ(WrittenByField(value), Written(value)) << value.dump();
  }
}

TEST(JsonObjectWriter, ClosesTheObjectWhenDroppedUnclosed) {
  std::ostringstream out;
  {
    JsonObjectWriter writer(out);
    writer.Field("a", 1);
  }
  EXPECT_EQ(out.str(), "{\n  \"a\": 1\n}\n");
}

}  // namespace
}  // namespace rulecraft::cli
