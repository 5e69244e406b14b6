#include "query/opposed_check.h"

#include <string>

namespace rulecraft::query {

OpposedResult RollOpposed(GivenDice& first, double first_bonus, GivenDice& second, double second_bonus,
                          const TieRule& tie, const char* const (&names)[2], int max_rolls) {
  OpposedResult result;
  for (int attempt = 1; attempt <= max_rolls; ++attempt) {
    std::string first_source, second_source;
    int64_t first_roll = first.Roll(20, attempt, first_source);
    int64_t second_roll = second.Roll(20, attempt, second_source);
    double first_total = static_cast<double>(first_roll) + first_bonus;
    double second_total = static_cast<double>(second_roll) + second_bonus;
    bool tied = first_total == second_total;
    result.rolls.push_back({{names[0], {{"roll", first_roll}, {"bonus", Number(first_bonus)},
                                        {"total", Number(first_total)}, {"rolled", first_source}}},
                            {names[1], {{"roll", second_roll}, {"bonus", Number(second_bonus)},
                                        {"total", Number(second_total)}, {"rolled", second_source}}},
                            {"tie", tied}});
    if (!tied) {
      result.winner = first_total > second_total ? OpposedWinner::kFirst : OpposedWinner::kSecond;
      return result;
    }
    result.winner = tie();
    if (result.winner != OpposedWinner::kUndecided) return result;
  }
  return result;
}

}  // namespace rulecraft::query
