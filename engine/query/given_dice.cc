#include "query/given_dice.h"

#include <algorithm>

#include <fmt/format.h>

#include "query/seeded_roll.h"

namespace rulecraft::query {

GivenDice::GivenDice(const AnswerContext& context, const model::Query& query, std::string key,
                     const nlohmann::json& given)
    : context_(context), query_(query), key_(std::move(key)) {
  if (!given.is_array()) return;
  for (const nlohmann::json& value : given) {
    if (value.is_number_integer()) given_.push_back(value.get<int64_t>());
  }
}

int64_t GivenDice::Roll(int64_t sides, int turn, std::string& source) {
  if (next_ < given_.size()) {
    source = "given";
    return given_[next_++];
  }
  source = "seeded";
  return static_cast<int64_t>(SeededRoll(context_.scenario.seed, fmt::format("{}:{}:{}", query_.id, key_, turn),
                                         static_cast<uint64_t>(std::max<int64_t>(1, sides)))) +
         1;
}

}  // namespace rulecraft::query
