// Calling a creature's exception scripts at the hook points (docs/lua.md): the read-only views
// of the mover, its step, the squares, the map and the ruleset's tables, and what a script's
// answer does to the DSL's result.
//
// The engine calls a hook with the situation and the DSL's own result; the script returns a
// new result or nil to keep it. The mover's scripts run first, in the order of its traits,
// then (for a step into an occupied square, or ending there) the occupant's scripts; each sees
// the result of the one before. Once a call fails, the runner stops calling scripts and keeps
// the failure for the query to report.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hooks/sandbox.h"
#include "hooks/sandbox_pool.h"
#include "hooks/script.h"
#include "hooks/views.h"
#include "ruleset/ruleset.h"

namespace rulecraft::hooks {

// A creature as scripts see it (`mover`).
struct CreatureFacts {
  std::string id;
  std::string side;
  std::string size;   // a row of `sizes`
  std::string race;   // a row of `speeds`, or empty
  std::string armor;  // a row of `armor`
  std::string shape;
  std::vector<std::string> conditions;
  std::vector<std::string> traits;
  std::string attitude;  // a row of `attitudes`, or empty (hostile)
  std::map<std::string, double> speeds_ft;
  int squares = 1;  // side of its space, in squares
  int x = 0;        // its top-left square (`at`)
  int y = 0;
  std::string facing;  // north, east, south, west, …, or empty
};

// One square as scripts see it: its terrain and who stands there, relative to the mover.
struct SquareFacts {
  int key = -1;  // the square's class in the mover's grid view: views are built once per key
  int terrain = 0;  // a row of `terrain`
  bool occupied = false;
  bool ally = false;
  double size_difference = 0;
  bool hostile = false;  // the occupant is an opponent of the mover
  const std::vector<std::string>* names = nullptr;  // the occupant's conditions and traits
};

// An attack as scripts see it (`attack`): the attacker's and defender's views, its kind and
// what the engine found.
struct AttackFacts {
  const CreatureFacts* attacker = nullptr;
  const CreatureFacts* defender = nullptr;
  bool melee = true;
  bool flanking = false;
  bool adjacent = false;
  bool reach_weapon = false;
  std::string cover;        // a row of `cover`, or empty
  std::string concealment;  // a row of `concealment`, or empty
};

// One square's step of the mover's space.
struct StepFacts {
  SquareFacts to;
  SquareFacts side_a;
  SquareFacts side_b;
  bool diagonal = false;
  int diagonal_number = 0;
  double narrowed_to = 0;        // feet the mover's space is narrowed to while squeezing, 0 whole
  int barrier = -1;              // terrain row of a barrier between squares it crosses or passes, -1 none
  bool crosses_barrier = false;  // it crosses that barrier (else a diagonal passes its end)
};

// The ruleset's own answers to "what if this square were of another terrain" (the views'
// on_terrain helpers). The movement layer answers with the DSL rules only, no scripts.
class Oracle {
 public:
  virtual ~Oracle() = default;
  // may_enter then step_cost of the step with its `to` square on terrain row `terrain`;
  // nullopt when may_enter forbids it.
  virtual std::optional<double> StepOnTerrain(const StepFacts& step, int terrain) = 0;
  // may_end of the square on terrain row `terrain`.
  virtual bool EndOnTerrain(const SquareFacts& square, int terrain) = 0;
  // Where on the map a step of these squares is, "(3,4) → (4,5)", for an error's message; ""
  // when it cannot say.
  virtual std::string DescribeStep(const StepFacts& step) = 0;
  // Where a square of this kind is, "(4,5)", or "".
  virtual std::string DescribeSquare(const SquareFacts& square) = 0;
};

// A result a script changed, for explanations.
struct Change {
  const Script* script = nullptr;
  HookPoint point = HookPoint::kStepCost;
  double before = 0;
  double after = 0;
};

class Runner {
 public:
  Runner(const ruleset::Ruleset& rules, const Limits& limits);
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // The creature whose query this is, and its scripts (those of its traits that have one).
  void SetMover(const CreatureFacts& mover, std::vector<const Script*> scripts);
  // The movement mode (a row of `movement_modes`).
  void SetMode(int mode);
  // The map's size, for the `map` view.
  void SetMap(int32_t width, int32_t height);
  void SetOracle(Oracle* oracle) { oracle_ = oracle; }
  // Drops the cached view of the square with this key (its facts are about to change: one
  // creature of a shared square after another).
  void ForgetSquare(int key);
  // While set, every change a script makes is appended here.
  void SetLog(std::vector<Change>* log) { log_ = log; }

  // Whether a mover's script defines the hook point.
  bool MoverDefines(HookPoint point) const { return (mover_points_ >> static_cast<int>(point) & 1u) != 0; }
  static bool AnyDefines(const std::vector<const Script*>& scripts, HookPoint point);
  // Whether one of the scripts failed to load (a query about its creature then fails).
  static bool AnyBroken(const std::vector<const Script*>& scripts);

  // The hook points: each takes the DSL's result and returns the scripts' result. `occupant`
  // holds the scripts of the creature in the square entered, or with `zone`, the scripts whose
  // zone the square is in (their zone_ hooks run instead of occupant_ ones).
  double Speed(double land_ft);
  double StepCost(const StepFacts& step, const std::vector<const Script*>& occupant, double cost, bool zone = false);
  bool MayEnter(const StepFacts& step, const std::vector<const Script*>& occupant, bool allowed, bool zone = false);
  bool MayEnd(const SquareFacts& square, const std::vector<const Script*>& occupant, bool allowed, bool zone = false);
  // Whether this runner's creature may be placed on a square (its scripts' `may_occupy`).
  bool MayOccupy(const SquareFacts& square, bool allowed);
  // Combat hook points of this runner's creature (SetMover): as attacker, `threatens` and
  // `attack_bonus`; as defender, `ac_bonus`.
  bool Threatens(int dx, int dy, bool reach_weapon, bool threatens);
  double AttackBonus(const AttackFacts& attack, double bonus);
  double AcBonus(const AttackFacts& attack, double bonus);
  // As defender, `cover`: the row of table `cover` the rules chose, by name; the scripts' row.
  std::string Cover(const AttackFacts& attack, const std::string& cover);
  // The squares of `self`'s zone for the mover's moves: the script's `zone(self, mover)`, a list
  // of {x, y}. Empty when it defines none or fails (then failed() and failure() say why).
  std::vector<std::pair<int, int>> Zone(const CreatureFacts& self, const Script& script);

  // How many script calls the runner has made (for benchmarks).
  int64_t calls() const { return sandbox_.calls(); }
  // Shares the query's budget with every hook call of this runner (docs/lua.md, "Limits").
  void SetQueryBudget(QueryBudget* budget) { sandbox_.SetQueryBudget(budget); }

  bool failed() const { return failed_; }
  // The failure as a diagnostic (file = the script, span = its line) and as "path:line: …".
  const Diagnostic& failure() const { return failure_; }
  const std::string& failure_text() const { return failure_text_; }
  int failure_line() const { return failure_line_; }

  // For the views' C functions.
  void PushRow(const std::string& table, int row);
  void PushTable(const std::string& table);
  void PushSquare(const SquareFacts& square);
  std::optional<double> StepOnTerrain(int terrain, std::string& error);
  std::optional<bool> EndOnTerrain(int key, int terrain, std::string& error);
  const ruleset::Ruleset& rules() const { return rules_; }

 private:
  // Runs `point` of every script in order over `value`; pushes the arguments with `push`.
  template <typename PushArgs>
  double Run(HookPoint point, const std::vector<const Script*>& scripts, double value, bool boolean,
             PushArgs push);
  void PushStep(const StepFacts& step);
  // Pushes the read-only view of a creature (`mover`, a zone's `self`).
  void PushCreature(const CreatureFacts& creature);
  void PushAttack(const AttackFacts& attack);
  // Runs a modifier hook of this creature's scripts with the attack view.
  double RunAttackHook(HookPoint point, const AttackFacts& attack, double bonus);
  // Runs a step hook of the mover's scripts, then its occupant twin of the scripts of the
  // creature in the square entered; `boolean` for may_enter-like hooks.
  double RunStepHooks(HookPoint mover_point, HookPoint occupant_point, const StepFacts& step,
                      const std::vector<const Script*>& occupant, double value, bool boolean);
  void BuildRules();
  void Fail(const Diagnostic& diagnostic, const std::string& text, int line);
  // Records the sandbox's failure of a call of `point`, its message opening with the hook and
  // what the engine was evaluating ("in step_cost, while pricing the step (3,4) → (4,5) for
  // creature 'spider': …").
  void FailCall(HookPoint point);
  // What the engine was evaluating when `point` was called, for FailCall.
  std::string Context(HookPoint point);
  // Give the table on top of the stack the strict metatable (hooks/strict_view.h) of a view
  // kind, of a row of `table`, or of the table of rows `table`.
  void StrictView(View view);
  void StrictRow(const std::string& table);
  void StrictRows(const std::string& table);
  // Pushes the cached metatable `key` and returns true; or pushes the cache and the key and
  // returns false, for the caller to push a new metatable and call StoreMeta.
  bool PushCachedMeta(const std::string& key);
  // Caches the metatable on top under the key below it and sets it on the table below those.
  void StoreMeta();

  const ruleset::Ruleset& rules_;
  SandboxLease lease_;  // the state, borrowed from the thread's pool for this runner's life
  Sandbox& sandbox_;
  std::vector<const Script*> mover_scripts_;
  uint32_t mover_points_ = 0;
  int mover_ref_ = -1;
  int mode_ref_ = -1;
  int rows_ref_ = -1;     // cache: table name → {row index → view}
  int tables_ref_ = -1;   // cache: table name → view
  int squares_ref_ = -1;  // cache: square key → view
  int metas_ref_ = -1;    // cache: "view N", "row T", "rows T" → strict metatable
  std::map<int, SquareFacts> squares_;
  int next_key_ = -1;  // keys for squares given none (counting down)
  const StepFacts* current_step_ = nullptr;
  // What a failing call was about, for Context.
  std::string mover_id_;
  const SquareFacts* current_square_ = nullptr;
  const AttackFacts* current_attack_ = nullptr;
  const CreatureFacts* zone_self_ = nullptr;
  int threat_dx_ = 0;
  int threat_dy_ = 0;
  Oracle* oracle_ = nullptr;
  std::vector<Change>* log_ = nullptr;
  bool failed_ = false;
  Diagnostic failure_;
  std::string failure_text_;
  int failure_line_ = 0;
};

}  // namespace rulecraft::hooks
