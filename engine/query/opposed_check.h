// An opposed check: each side rolls a d20 and adds its bonus; the higher total wins, and a tie
// is settled as the ruleset says (a side wins, or both roll again).
#pragma once

#include <functional>

#include <nlohmann/json.hpp>

#include "query/given_dice.h"

namespace rulecraft::query {

// Which side an opposed check went to.
enum class OpposedWinner { kFirst, kSecond, kUndecided };

// What settles a tie of the totals: kFirst, kSecond, or kUndecided to roll again.
using TieRule = std::function<OpposedWinner()>;

// The rolls of an opposed check and who won it.
struct OpposedResult {
  OpposedWinner winner = OpposedWinner::kUndecided;
  nlohmann::json rolls = nlohmann::json::array();  // [{first: {roll, bonus, total, rolled}, second: …, tie}]
};

// Rolls `first` against `second` (d20 + bonus each) until a side wins or `max_rolls` ties have
// been rolled (then kUndecided); `names` name the two sides in `rolls`.
OpposedResult RollOpposed(GivenDice& first, double first_bonus, GivenDice& second, double second_bonus,
                          const TieRule& tie, const char* const (&names)[2], int max_rolls = 20);

}  // namespace rulecraft::query
