// The sandboxed Lua state hook scripts run in (docs/lua.md, "Sandbox").
//
// A query that needs hooks borrows a state from its thread's pool (hooks/sandbox_pool.h) and
// gives it back reset, so states and compiled scripts outlive queries. Only the base, table, string, math and utf8 libraries
// are open, without dofile, loadfile, load, require, collectgarbage, print, warn, rawset,
// string.dump and math.random; chunks load as text only. Every call gets a fresh global
// environment (the script's top level runs again), so nothing a call does survives it; the
// shared library tables and every view the engine passes are read-only. Each call has an
// instruction budget and a memory cap; the pattern functions (string.find, match, gmatch,
// gsub) are charged their worst case against the budget before they run, since a C call cannot
// be interrupted. A failure becomes a Diagnostic naming the script's file and line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hooks/script.h"
#include "rulecraft/diagnostic.h"

struct lua_State;
struct lua_Debug;

namespace rulecraft::hooks {

// The byte range of a 1-based line of a script's text (an empty range at the start for 0).
SourceSpan LineSpan(const std::string& path, const std::string& text, int line);

class Sandbox {
 public:
  explicit Sandbox(const Limits& limits);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // How a call ended.
  enum class Outcome {
    kOk,       // the hook ran; its first result is on the stack
    kMissing,  // the script does not define this hook
    kFailed,   // see failure()
  };

  // Calls `hook` of `script` with the `nargs` values on top of the stack (popped). The
  // script's top level runs first, in a fresh environment. On kOk one result is left on the
  // stack for the caller to read and pop.
  Outcome Call(const Script& script, const char* hook, int nargs);

  // After kOk: pops the result, as a number when it is one.
  std::optional<double> PopNumber();

  // What a script's top level defines.
  struct Definitions {
    std::vector<std::pair<std::string, int>> functions;  // global functions, with their lines
    std::optional<std::vector<std::string>> rulesets;    // its `rulesets = {…}`, when given
    std::string rulesets_problem;                        // why `rulesets` was not understood
  };
  // Runs the script's top level in a fresh environment and returns what it defines; on failure
  // returns nullopt (see failure()).
  std::optional<Definitions> Inspect(const Script& script);

  // The diagnostic of the last failed call: code lua-syntax, lua-error, lua-budget,
  // lua-memory, lua-pattern or lua-result; the span is the script line; the message has no
  // file:line prefix (FailureText adds it).
  const Diagnostic& failure() const { return failure_; }
  // "path:line: message", as a query result's message.
  const std::string& FailureText() const { return failure_text_; }
  // The script line of the last failure, or 0.
  int failure_line() const { return failure_line_; }
  // Records a failure found by the caller (a result of the wrong type) at a script line.
  void Fail(const Script& script, int line, std::string code, std::string message);

  // Shares a query's budget with every call from now on (nullptr: calls have only their own).
  void SetQueryBudget(QueryBudget* budget) { query_ = budget; }

  lua_State* state() const { return L_; }
  // How many hook calls this sandbox has made.
  int64_t calls() const { return calls_; }
  const Limits& limits() const { return limits_; }

  // Registry slots of shared read-only tables. The engine's views are built by runner.cc.
  // Pushes a read-only proxy of the table at `index` (removing nothing).
  // (Its metatable's __index is the table: the sandbox's C functions reach it that way.)
  void PushReadOnly(int index);
  // Sets a global every call sees (read-only for scripts): the value on top, popped.
  void SetShared(const char* name);

  // Forgets what a query left in the state, for the next query to borrow it (sandbox_pool.h):
  // the stack, the shared globals (SetShared), the user, the query's budget, the last failure
  // and the count of calls. Compiled scripts stay, found again by their text. False when the
  // state cannot be reused.
  bool Reset();

  // For the C functions of the sandbox.
  static Sandbox* Of(lua_State* L);
  void* user = nullptr;  // the Runner using this sandbox, for its C functions

  // The pattern guard: charges `steps` against the budget; false when they do not fit (the
  // failure is recorded and a Lua error should follow).
  bool Charge(double steps, const std::string& what);

 private:
  struct Allocator {
    size_t used = 0;
    size_t limit = SIZE_MAX;
    bool refused = false;
    Sandbox* owner = nullptr;
  };
  enum class Failure { kNone, kError, kBudget, kMemory, kPattern };

  static void* Allocate(void* ud, void* ptr, size_t osize, size_t nsize);
  static void CountHook(lua_State* L, lua_Debug* ar);
  static int MessageHandler(lua_State* L);
  static int RunHook(lua_State* L);
  // pcall and xpcall for scripts (upvalue 1: whether a message handler comes second): they
  // catch a script's errors but never the end of its instructions, time or memory, and a
  // message handler runs after the failed call, not as Lua's error function, so no handler
  // can keep a script running once it is out of budget.
  static int GuardedCall(lua_State* L);

  // The registry reference of a script's compiled chunk (compiled on first use); LUA_NOREF on
  // a syntax error (failure_ set).
  int ChunkRef(const Script& script);
  // Calls RunHook(chunk, hook, the `nargs` values on top) under the limits, leaving those
  // values; returns the pcall status, the results (or the error) above the message handler.
  int Protected(const Script& script, int chunk, const char* hook, int nargs, int nresults, bool lines);
  bool MemoryFailure(int status) const;
  // Turns a failed run into failure_ (`hook` nullptr: the top level).
  void Classify(const Script& script, int status, const char* hook);
  // `lines`: follow the script line by line (slower; only to place a memory failure).
  void Begin(const Script& script, bool lines);
  void End();
  // The current line of the innermost frame of the running script, or 0.
  int ScriptLine(int first_level);
  void SetFailure(const Script& script, std::string code, int line, std::string message);
  void Exhaust();

  lua_State* L_ = nullptr;
  Limits limits_;
  Allocator allocator_;
  std::map<const Script*, int> chunks_;  // this query's compiled chunks, as registry references
  std::map<std::string, int> compiled_;  // every compiled chunk, by trait + '\n' + text
  std::vector<std::string> shared_;      // the names SetShared set
  int base_ref_ = -1;                    // the shared read-only globals
  int env_meta_ref_ = -1;                // metatable of each call's environment

  // The call under way.
  const Script* running_ = nullptr;
  std::string chunk_name_;
  int64_t remaining_ = 0;
  int64_t granted_ = 0;             // the instructions this call started with
  QueryBudget* query_ = nullptr;    // the query's budget, shared by its calls
  bool query_limited_ = false;      // the query's budget, not the call's, bounds this call
  bool timed_out_ = false;          // the query ran past its time
  int granularity_ = 1000;
  int64_t calls_ = 0;
  bool exhausted_ = false;
  Failure kind_ = Failure::kNone;
  int line_ = 0;
  int current_line_ = 0;  // the line the script is on (the line hook keeps it)
  std::string message_;
  std::string pattern_message_;
  Diagnostic failure_;
  std::string failure_text_;
  int failure_line_ = 0;
};

}  // namespace rulecraft::hooks
