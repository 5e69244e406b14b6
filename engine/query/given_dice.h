// Die results a query may give in order (`rolls: [12, 7]`), then the scenario's seeded dice
// (seeded_roll.h), so that an answer repeats: travel checks hour by hour, chase checks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "query/answer.h"

namespace rulecraft::query {

// The dice of one list of results: `given` first, then seeded dice keyed by the query's id,
// the list's `key` and the turn (hour, round, check) they are rolled for.
class GivenDice {
 public:
  // `given` is a JSON list of whole numbers, or anything else for none.
  GivenDice(const AnswerContext& context, const model::Query& query, std::string key, const nlohmann::json& given);
  // The next result of a die of `sides`, for `turn`; `source` says "given" or "seeded".
  int64_t Roll(int64_t sides, int turn, std::string& source);

 private:
  const AnswerContext& context_;
  const model::Query& query_;
  std::string key_;
  std::vector<int64_t> given_;
  size_t next_ = 0;
};

}  // namespace rulecraft::query
