#include "hooks/sandbox.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include <lua.hpp>

namespace rulecraft::hooks {
namespace {

// Lines of the failure are found through the line hook; the count hook charges the budget
// every this many instructions.
constexpr int kGranularity = 1000;

// Base library functions a script does not get: they reach files, load code, print, or let a
// script change what other calls see.
const char* const kRemovedGlobals[] = {"dofile", "loadfile", "load", "require", "collectgarbage",
                                       "print", "warn", "rawset", "_G"};

int ReadOnlyWrite(lua_State* L) {
  return luaL_error(L, "this table is read-only: a script changes nothing but its return value");
}

int ProxyNext(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_next(L, 1) != 0) return 2;
  lua_pushnil(L);
  return 1;
}

// The table a read-only proxy (argument 1) shows: its metatable's __index.
void PushProxied(lua_State* L) {
  if (!lua_getmetatable(L, 1)) {
    lua_newtable(L);
    return;
  }
  lua_pushliteral(L, "__index");
  lua_rawget(L, -2);
  lua_remove(L, -2);
}

int ProxyPairs(lua_State* L) {
  lua_pushcfunction(L, ProxyNext);
  PushProxied(L);
  lua_pushnil(L);
  return 3;
}

int ProxyLen(lua_State* L) {
  PushProxied(L);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// setmetatable without __gc: finalizers run with hooks off, where no budget can stop them.
int GuardedSetMetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "__gc metamethods are not allowed in hook scripts");
    lua_pop(L, 1);
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// The worst number of matching steps of a Lua pattern on a subject of `n` bytes: each start
// position, times the choices of every repetition ('*', '+', '-': up to n + 1 each, jointly at
// most C(n + q, q); '?': 2; %b and back references: n), times the pattern's length.
double PatternSteps(const char* p, size_t m, size_t n, bool plain) {
  double len = static_cast<double>(n) + 1;
  double items = static_cast<double>(std::max<size_t>(m, 1));
  if (plain) return len * items;
  bool anchored = m > 0 && p[0] == '^';
  double factor = 1;
  int repeats = 0;
  size_t i = anchored ? 1 : 0;
  while (i < m) {
    char c = p[i];
    if (c == '(' || c == ')') {
      ++i;
      continue;
    }
    if (c == '%' && i + 1 < m) {
      char k = p[i + 1];
      if (k == 'b') {
        factor *= len;
        i += 4;
        continue;
      }
      if (k == 'f') {
        i += 2;
        if (i < m && p[i] == '[') {
          for (++i; i < m && p[i] != ']'; ++i) i += p[i] == '%' ? 1 : 0;
          ++i;
        }
        continue;
      }
      if (k >= '0' && k <= '9') {
        factor *= len;
        i += 2;
        continue;
      }
      i += 2;
    } else if (c == '[') {
      ++i;
      if (i < m && p[i] == '^') ++i;
      if (i < m && p[i] == ']') ++i;
      for (; i < m && p[i] != ']'; ++i) i += p[i] == '%' ? 1 : 0;
      ++i;
    } else {
      ++i;
    }
    if (i < m && (p[i] == '*' || p[i] == '+' || p[i] == '-')) {
      ++repeats;
      factor *= len / repeats;  // C(n + q, q) grows as n^q / q!
      ++i;
    } else if (i < m && p[i] == '?') {
      factor *= 2;
      ++i;
    }
  }
  return (anchored ? 1 : len) * factor * items;
}

bool HasSpecials(const char* p, size_t m) {
  for (size_t i = 0; i < m; ++i) {
    if (std::strchr("^$*+?.([%-", p[i]) != nullptr) return true;
  }
  return false;
}

const char* const kPatternFunctions[] = {"find", "match", "gmatch", "gsub"};

// string.find, match, gmatch and gsub: charged their worst case before the C matcher runs,
// which no instruction count can interrupt.
int GuardedPattern(lua_State* L) {
  Sandbox* box = Sandbox::Of(L);
  int which = static_cast<int>(lua_tointeger(L, lua_upvalueindex(2)));
  size_t n = 0;
  size_t m = 0;
  luaL_checklstring(L, 1, &n);
  const char* p = luaL_checklstring(L, 2, &m);
  bool plain = (which == 0 && lua_toboolean(L, 4)) || ((which == 0 || which == 1) && !HasSpecials(p, m));
  double steps = PatternSteps(p, m, n, plain);
  std::string shown(p, std::min<size_t>(m, 40));
  if (m > 40) shown += "…";
  if (!box->Charge(steps, fmt::format("string.{}: the pattern \"{}\" could take about {:.2g} steps on a "
                                      "{}-character string",
                                      kPatternFunctions[which], shown, steps, n))) {
    return luaL_error(L, "pattern too costly");
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// The byte range of a 1-based line of `text` (the whole of line 1 when `line` is 0).
}  // namespace

SourceSpan LineSpan(const std::string& path, const std::string& text, int line) {
  SourceSpan span{path, 0, 0};
  if (line <= 0) return span;
  size_t begin = 0;
  for (int at = 1; at < line; ++at) {
    size_t next = text.find('\n', begin);
    if (next == std::string::npos) return span;
    begin = next + 1;
  }
  size_t end = text.find('\n', begin);
  if (end == std::string::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  span.begin = static_cast<uint32_t>(begin);
  span.end = static_cast<uint32_t>(std::max(end, begin));
  return span;
}

namespace {

// Strips Lua's "chunk:line: " from an error message; returns the line it named, or 0.
int StripPosition(std::string& message, const std::string& chunk) {
  if (message.compare(0, chunk.size(), chunk) != 0 || message.size() <= chunk.size() ||
      message[chunk.size()] != ':') {
    return 0;
  }
  size_t at = chunk.size() + 1;
  int line = 0;
  while (at < message.size() && message[at] >= '0' && message[at] <= '9') {
    line = line * 10 + (message[at] - '0');
    ++at;
  }
  if (line == 0 || message.compare(at, 2, ": ") != 0) return 0;
  message.erase(0, at + 2);
  return line;
}

}  // namespace

Sandbox* Sandbox::Of(lua_State* L) { return *static_cast<Sandbox**>(lua_getextraspace(L)); }

void* Sandbox::Allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* allocator = static_cast<Allocator*>(ud);
  size_t old = ptr != nullptr ? osize : 0;  // for new objects `osize` is their type
  if (nsize == 0) {
    std::free(ptr);
    allocator->used -= old;
    return nullptr;
  }
  if (nsize > old && allocator->used + (nsize - old) > allocator->limit) {
    allocator->refused = true;
    return nullptr;
  }
  void* block = std::realloc(ptr, nsize);
  if (block == nullptr) return nullptr;
  allocator->used = allocator->used - old + nsize;
  return block;
}

Sandbox::Sandbox(const Limits& limits) : limits_(limits) {
  allocator_.owner = this;
  L_ = lua_newstate(&Allocate, &allocator_);
  if (L_ == nullptr) return;
  *static_cast<Sandbox**>(lua_getextraspace(L_)) = this;
  struct Library {
    const char* name;
    lua_CFunction open;
  };
  for (const Library& library : {Library{LUA_GNAME, luaopen_base}, Library{LUA_STRLIBNAME, luaopen_string},
                                 Library{LUA_TABLIBNAME, luaopen_table}, Library{LUA_MATHLIBNAME, luaopen_math},
                                 Library{LUA_UTF8LIBNAME, luaopen_utf8}}) {
    luaL_requiref(L_, library.name, library.open, 1);
    lua_pop(L_, 1);
  }
  lua_pushglobaltable(L_);
  int base = lua_gettop(L_);
  for (const char* name : kRemovedGlobals) {
    lua_pushnil(L_);
    lua_setfield(L_, base, name);
  }
  lua_getfield(L_, base, "setmetatable");
  lua_pushcclosure(L_, GuardedSetMetatable, 1);
  lua_setfield(L_, base, "setmetatable");
  for (bool with_handler : {false, true}) {
    lua_pushboolean(L_, with_handler ? 1 : 0);
    lua_pushcclosure(L_, GuardedCall, 1);
    lua_setfield(L_, base, with_handler ? "xpcall" : "pcall");
  }
  // string: no dump; guarded patterns (also reached as methods, s:find).
  lua_getfield(L_, base, LUA_STRLIBNAME);
  lua_pushnil(L_);
  lua_setfield(L_, -2, "dump");
  for (int which = 0; which < 4; ++which) {
    lua_getfield(L_, -1, kPatternFunctions[which]);
    lua_pushinteger(L_, which);
    lua_pushcclosure(L_, GuardedPattern, 2);
    lua_setfield(L_, -2, kPatternFunctions[which]);
  }
  lua_pop(L_, 1);
  // math: no random numbers (a hook must give the same answer every time).
  lua_getfield(L_, base, LUA_MATHLIBNAME);
  lua_pushnil(L_);
  lua_setfield(L_, -2, "random");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "randomseed");
  lua_pop(L_, 1);
  // Strings' metatable (whose __index is the string library) is out of reach.
  lua_pushliteral(L_, "");
  lua_getmetatable(L_, -1);
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_pop(L_, 2);
  // The library tables are shared by every call: scripts see them read-only.
  for (const char* name : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME}) {
    lua_getfield(L_, base, name);
    PushReadOnly(-1);
    lua_setfield(L_, base, name);
    lua_pop(L_, 1);
  }
  base_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);  // pops the globals table
  // Each call's environment reads the shared globals; its own writes stay in it.
  lua_createtable(L_, 0, 2);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, base_ref_);
  lua_setfield(L_, -2, "__index");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  env_meta_ref_ = luaL_ref(L_, LUA_REGISTRYINDEX);
}

Sandbox::~Sandbox() {
  if (L_ != nullptr) lua_close(L_);
}

void Sandbox::PushReadOnly(int index) {
  index = lua_absindex(L_, index);
  lua_createtable(L_, 0, 0);
  lua_createtable(L_, 0, 5);
  lua_pushvalue(L_, index);
  lua_setfield(L_, -2, "__index");
  lua_pushcfunction(L_, ReadOnlyWrite);
  lua_setfield(L_, -2, "__newindex");
  lua_pushboolean(L_, 0);
  lua_setfield(L_, -2, "__metatable");
  lua_pushcfunction(L_, ProxyPairs);
  lua_setfield(L_, -2, "__pairs");
  lua_pushcfunction(L_, ProxyLen);
  lua_setfield(L_, -2, "__len");
  lua_setmetatable(L_, -2);
}

void Sandbox::SetShared(const char* name) {
  if (std::find(shared_.begin(), shared_.end(), name) == shared_.end()) shared_.emplace_back(name);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, base_ref_);
  lua_insert(L_, -2);
  lua_setfield(L_, -2, name);
  lua_pop(L_, 1);
}

int Sandbox::ChunkRef(const Script& script) {
  auto known = chunks_.find(&script);
  if (known != chunks_.end()) return known->second;
  // A script object lives as long as the query; the same text compiled for an earlier query
  // is the same chunk (its environment is set afresh on every call).
  std::string key = script.trait + '\n' + script.text;
  auto compiled = compiled_.find(key);
  if (compiled != compiled_.end()) {
    chunks_[&script] = compiled->second;
    return compiled->second;
  }
  std::string chunk = "=" + script.trait;
  int status = luaL_loadbufferx(L_, script.text.data(), script.text.size(), chunk.c_str(), "t");
  if (status != LUA_OK) {
    std::string message = lua_tostring(L_, -1) != nullptr ? lua_tostring(L_, -1) : "cannot load the script";
    lua_pop(L_, 1);
    int line = StripPosition(message, script.trait);
    SetFailure(script, status == LUA_ERRMEM ? "lua-memory" : "lua-syntax", line, message);
    return LUA_NOREF;
  }
  int ref = luaL_ref(L_, LUA_REGISTRYINDEX);
  chunks_[&script] = ref;
  compiled_.emplace(std::move(key), ref);
  return ref;
}

bool Sandbox::Reset() {
  // Compiled chunks kept for later queries, at most this many (a session's scripts are few).
  constexpr size_t kKeptChunks = 64;
  // Above this many bytes held, the state is collected before it is lent again.
  constexpr size_t kCollectAbove = size_t{1} << 20;
  if (L_ == nullptr) return false;
  lua_sethook(L_, nullptr, 0, 0);
  lua_settop(L_, 0);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, base_ref_);
  for (const std::string& name : shared_) {
    lua_pushnil(L_);
    lua_setfield(L_, -2, name.c_str());
  }
  lua_pop(L_, 1);
  shared_.clear();
  chunks_.clear();  // keyed by script objects, which end with the query
  if (compiled_.size() > kKeptChunks) {
    for (const auto& [key, ref] : compiled_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
    compiled_.clear();
  }
  user = nullptr;
  query_ = nullptr;
  running_ = nullptr;
  calls_ = 0;
  exhausted_ = false;
  kind_ = Failure::kNone;
  allocator_.refused = false;
  allocator_.limit = SIZE_MAX;
  failure_ = Diagnostic{};
  failure_text_.clear();
  failure_line_ = 0;
  if (allocator_.used > kCollectAbove) lua_gc(L_, LUA_GCCOLLECT);
  return true;
}

void Sandbox::Begin(const Script& script, bool lines) {
  running_ = &script;
  chunk_name_ = "=" + script.trait;
  remaining_ = limits_.instructions;
  query_limited_ = query_ != nullptr && query_->instructions < remaining_;
  if (query_limited_) remaining_ = std::max<int64_t>(0, query_->instructions);
  granted_ = remaining_;
  timed_out_ = false;
  granularity_ = static_cast<int>(std::min<int64_t>(kGranularity, std::max<int64_t>(1, limits_.instructions)));
  exhausted_ = false;
  kind_ = Failure::kNone;
  line_ = 0;
  current_line_ = 0;
  message_.clear();
  pattern_message_.clear();
  allocator_.refused = false;
  allocator_.limit = allocator_.used + limits_.memory_bytes;
  lua_sethook(L_, &CountHook, LUA_MASKCOUNT | (lines ? LUA_MASKLINE : 0), granularity_);
}

void Sandbox::End() {
  lua_sethook(L_, nullptr, 0, 0);
  if (query_ != nullptr) query_->instructions -= granted_ - std::max<int64_t>(0, remaining_);
  allocator_.limit = SIZE_MAX;
  if (allocator_.refused || exhausted_) lua_gc(L_, LUA_GCCOLLECT);
}

void Sandbox::Exhaust() {
  exhausted_ = true;
  if (kind_ != Failure::kPattern) kind_ = Failure::kBudget;
  // From now on every instruction fails, so a script's own pcall cannot keep it running.
  lua_sethook(L_, &CountHook, LUA_MASKCOUNT, 1);
}

void Sandbox::CountHook(lua_State* L, lua_Debug* ar) {
  Sandbox* box = Of(L);
  if (ar->event == LUA_HOOKLINE) {
    box->current_line_ = ar->currentline;
    return;
  }
  if (!box->exhausted_) {
    box->remaining_ -= box->granularity_;
    box->timed_out_ = box->query_ != nullptr && std::chrono::steady_clock::now() > box->query_->deadline;
    if (box->remaining_ > 0 && !box->timed_out_) return;
    if (box->line_ == 0) box->line_ = box->ScriptLine(0);
    box->Exhaust();
  }
  lua_pushliteral(L, "instruction budget exhausted");
  lua_error(L);
}

bool Sandbox::Charge(double steps, const std::string& what) {
  if (exhausted_) return false;
  if (!(steps <= static_cast<double>(remaining_))) {
    kind_ = Failure::kPattern;
    pattern_message_ = what;
    line_ = ScriptLine(1);
    if (line_ == 0) line_ = current_line_;
    Exhaust();
    return false;
  }
  remaining_ -= static_cast<int64_t>(steps);
  return true;
}

int Sandbox::ScriptLine(int first_level) {
  lua_Debug ar;
  for (int level = first_level; lua_getstack(L_, level, &ar) != 0; ++level) {
    if (lua_getinfo(L_, "Sl", &ar) != 0 && ar.currentline > 0 && chunk_name_ == ar.source) return ar.currentline;
  }
  return 0;
}

int Sandbox::MessageHandler(lua_State* L) {
  Sandbox* box = Of(L);
  if (box->kind_ == Failure::kNone) {
    box->kind_ = Failure::kError;
    const char* text = lua_tostring(L, 1);
    box->message_ = text != nullptr ? text : fmt::format("(an error object of type {})", luaL_typename(L, 1));
    int line = StripPosition(box->message_, box->running_->trait);
    box->line_ = line != 0 ? line : box->ScriptLine(1);
  }
  return 1;
}

int Sandbox::GuardedCall(lua_State* L) {
  bool with_handler = lua_toboolean(L, lua_upvalueindex(1)) != 0;
  luaL_checkany(L, 1);
  if (with_handler) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);  // the handler goes below the function: handler, f, arguments…
    lua_remove(L, 2);
    lua_insert(L, 1);
  }
  int function = with_handler ? 2 : 1;
  int status = lua_pcall(L, lua_gettop(L) - function, LUA_MULTRET, 0);
  Sandbox* box = Of(L);
  auto out_of_budget = [&](int code) { return code == LUA_ERRMEM || box->exhausted_ || box->allocator_.refused; };
  if (status != LUA_OK && out_of_budget(status)) return lua_error(L);  // on to the engine's handler
  if (status == LUA_OK) {
    lua_pushboolean(L, 1);
    lua_insert(L, function);
    return lua_gettop(L) - function + 1;
  }
  if (with_handler) {  // handler(error), itself protected and under the same budget
    lua_pushvalue(L, 1);
    lua_insert(L, -2);
    status = lua_pcall(L, 1, 1, 0);
    if (status != LUA_OK && out_of_budget(status)) return lua_error(L);
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

int Sandbox::RunHook(lua_State* L) {
  // 1: the chunk, 2: the hook's name (or nil: only run the top level), 3…: its arguments.
  Sandbox* box = Of(L);
  int nargs = lua_gettop(L) - 2;
  lua_createtable(L, 0, 8);
  lua_rawgeti(L, LUA_REGISTRYINDEX, box->env_meta_ref_);
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_setfield(L, -2, "_G");
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -2);
  lua_setupvalue(L, -2, 1);  // the chunk's _ENV
  lua_call(L, 0, 0);         // the top level: defines the script's functions in the environment
  if (lua_isnil(L, 2)) return 1;  // the environment
  lua_pushvalue(L, 2);
  if (lua_rawget(L, -2) != LUA_TFUNCTION) {
    lua_pushboolean(L, 0);
    lua_pushnil(L);
    return 2;
  }
  lua_replace(L, 2);  // the function takes the name's place, below its arguments
  lua_pop(L, 1);      // the environment
  lua_call(L, nargs, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, -2);
  return 2;
}

bool Sandbox::MemoryFailure(int status) const {
  return !exhausted_ && (status == LUA_ERRMEM || (allocator_.refused && kind_ != Failure::kError));
}

int Sandbox::Protected(const Script& script, int chunk, const char* hook, int nargs, int nresults, bool lines) {
  int first = lua_gettop(L_) - nargs + 1;
  lua_pushcfunction(L_, MessageHandler);
  int handler = lua_gettop(L_);
  lua_pushcfunction(L_, RunHook);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, chunk);
  if (hook != nullptr) {
    lua_pushstring(L_, hook);
  } else {
    lua_pushnil(L_);
  }
  for (int arg = 0; arg < nargs; ++arg) lua_pushvalue(L_, first + arg);
  Begin(script, lines);
  int status = lua_pcall(L_, nargs + 2, nresults, handler);
  End();
  if (status != LUA_OK && MemoryFailure(status) && !lines) {
    // A memory failure gives no line: run the same (pure) call again, following its lines.
    lua_settop(L_, handler - 1);
    status = Protected(script, chunk, hook, nargs, nresults, true);
    if (status == LUA_OK) {  // the collector's timing let it through this time: still a failure
      lua_settop(L_, handler);
      lua_pushliteral(L_, "not enough memory");
      allocator_.refused = true;
      kind_ = Failure::kNone;
      status = LUA_ERRMEM;
    }
  }
  return status;
}

void Sandbox::Classify(const Script& script, int status, const char* hook) {
  std::string budget = hook != nullptr ? fmt::format("the {} budget", hook) : "the budget";
  std::string what = hook != nullptr ? hook : "the script's top level";
  if (exhausted_ && kind_ == Failure::kPattern) {
    SetFailure(script, "lua-pattern", line_,
               fmt::format("{}, more than {} of {} instructions allows", pattern_message_, budget,
                           limits_.instructions));
  } else if (exhausted_ && (timed_out_ || query_limited_)) {
    SetFailure(script, "lua-budget", line_,
               fmt::format("{} ran past the budget of query '{}': its hook calls together may run {} "
                           "instructions for {} ms (limits::kLuaQueryInstructions, kLuaQueryMilliseconds)",
                           what, query_->query, limits::kLuaQueryInstructions, limits::kLuaQueryMilliseconds));
  } else if (exhausted_) {
    SetFailure(script, "lua-budget", line_,
               fmt::format("{} ran past its budget of {} instructions (an endless loop?)", what,
                           limits_.instructions));
  } else if (MemoryFailure(status)) {
    SetFailure(script, "lua-memory", current_line_,
               fmt::format("{} needed more than its {} bytes of memory", what, limits_.memory_bytes));
  } else {
    if (kind_ == Failure::kNone) {  // raised without the handler (error in error handling)
      const char* text = lua_tostring(L_, -1);
      message_ = text != nullptr ? text : "error in error handling";
      line_ = current_line_;
    }
    SetFailure(script, "lua-error", line_, message_);
  }
}

Sandbox::Outcome Sandbox::Call(const Script& script, const char* hook, int nargs) {
  ++calls_;
  int top = lua_gettop(L_) - nargs;
  if (script.error) {
    failure_ = *script.error;
    failure_text_ = script.error_text;
    failure_line_ = script.error_line;
    lua_settop(L_, top);
    return Outcome::kFailed;
  }
  running_ = &script;
  int chunk = ChunkRef(script);
  if (chunk == LUA_NOREF) {
    lua_settop(L_, top);
    return Outcome::kFailed;
  }
  int handler = lua_gettop(L_) + 1;
  int status = Protected(script, chunk, hook, nargs, 2, false);
  if (status != LUA_OK) {
    Classify(script, status, hook);
    lua_settop(L_, top);
    return Outcome::kFailed;
  }
  if (!lua_toboolean(L_, handler + 1)) {
    lua_settop(L_, top);
    return Outcome::kMissing;
  }
  lua_replace(L_, top + 1);  // the result takes the first argument's place
  lua_settop(L_, top + 1);
  return Outcome::kOk;
}

std::optional<double> Sandbox::PopNumber() {
  std::optional<double> value;
  if (lua_type(L_, -1) == LUA_TNUMBER) value = lua_tonumber(L_, -1);
  lua_pop(L_, 1);
  return value;
}

std::optional<Sandbox::Definitions> Sandbox::Inspect(const Script& script) {
  if (L_ == nullptr) {
    SetFailure(script, "lua-memory", 0, "cannot create a Lua state");
    return std::nullopt;
  }
  int top = lua_gettop(L_);
  running_ = &script;
  int chunk = ChunkRef(script);
  if (chunk == LUA_NOREF) return std::nullopt;
  int status = Protected(script, chunk, nullptr, 0, 1, false);
  if (status != LUA_OK) {
    Classify(script, status, nullptr);
    lua_settop(L_, top);
    return std::nullopt;
  }
  Definitions definitions;
  auto& functions = definitions.functions;
  lua_pushliteral(L_, "rulesets");
  int type = lua_rawget(L_, top + 2);
  if (type == LUA_TTABLE) {
    definitions.rulesets.emplace();
    for (lua_Integer index = 1; lua_rawgeti(L_, -1, index) != LUA_TNIL; ++index) {
      if (lua_type(L_, -1) == LUA_TSTRING) {
        definitions.rulesets->push_back(lua_tostring(L_, -1));
      } else {
        definitions.rulesets_problem = "`rulesets` lists ruleset names (strings)";
      }
      lua_pop(L_, 1);
    }
    lua_pop(L_, 1);
  } else if (type != LUA_TNIL) {
    definitions.rulesets_problem = fmt::format("`rulesets` is a list of ruleset names, not a {}", lua_typename(L_, type));
  }
  lua_pop(L_, 1);
  lua_pushnil(L_);
  while (lua_next(L_, top + 2) != 0) {
    if (lua_type(L_, -2) == LUA_TSTRING && lua_type(L_, -1) == LUA_TFUNCTION) {
      lua_Debug ar;
      lua_pushvalue(L_, -1);
      lua_getinfo(L_, ">S", &ar);
      functions.emplace_back(lua_tostring(L_, -2), ar.linedefined);
    }
    lua_pop(L_, 1);
  }
  lua_settop(L_, top);
  std::sort(functions.begin(), functions.end());
  return definitions;
}

void Sandbox::SetFailure(const Script& script, std::string code, int line, std::string message) {
  failure_line_ = line;
  failure_text_ = line > 0 ? fmt::format("{}:{}: {}", script.path, line, message)
                           : fmt::format("{}: {}", script.path, message);
  failure_ = Diagnostic{Severity::kError, std::move(code), LineSpan(script.path, script.text, line),
                        std::move(message), {}};
}

void Sandbox::Fail(const Script& script, int line, std::string code, std::string message) {
  SetFailure(script, std::move(code), line, std::move(message));
}


}  // namespace rulecraft::hooks
