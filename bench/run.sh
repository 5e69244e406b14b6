#!/usr/bin/env bash
# Builds the benchmarks (Release) and the reference programs, runs both on the rules workload
# (WORKLOAD.md section 5) and the grid workload (reach and path on the generator's 256², 1024² and
# 4096² maps) in this one invocation, checks they agree, then the dragging-token case (library API
# and a whole `rulecraft run`), the Lua-hook reach and the Google Benchmark binary, and ends with
# one summary table: every ratio and time of issue 15 against its goal. On the maps below 2048²
# the whole process is also run with the compiled ruleset kept in build-bench/compiled
# (ruleset/compiled_cache.h), which is what that goal is measured with.
#
# Usage: bench/run.sh [extra step_cost_benchmark arguments, e.g. --benchmark_filter=StepCost]
# Environment:
#   RULECRAFT_REFERENCE_DIR   folder holding reference_rules.cpp (default ../shared/bench,
#                             relative to the repository root)
#   RULECRAFT_BENCH_BUILD_DIR build folder (default build-bench in the repository root; it is
#                             configured Release, tests off, so it leaves build/ alone)
#   RUNS (5)  runs of each rules program; the best ms_eval of each is compared
#   N (1000000)  evaluations per run
#   JOBS (2)  parallel compile jobs
#   SIZES ("256 1024 4096")  grid workload map sides
#   SMALL_RUNS (25)  runs of each grid program on maps of side 512 and less: a whole process
#             there takes milliseconds, so the machine's noise needs more runs to be seen past
#   BIG_RUNS (1)  runs of each grid program on maps of side 2048 and more (a reach on 4096² takes
#             the reference about 10-30 s here); their peak memory is taken from those runs
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REF_DIR=${RULECRAFT_REFERENCE_DIR:-../shared/bench}
[[ $REF_DIR == /* ]] || REF_DIR=$ROOT/$REF_DIR
BUILD=${RULECRAFT_BENCH_BUILD_DIR:-$ROOT/build-bench}
RUNS=${RUNS:-5}
N=${N:-1000000}
JOBS=${JOBS:-2}
SIZES=${SIZES:-256 1024 4096}
SMALL_RUNS=${SMALL_RUNS:-25}
BIG_RUNS=${BIG_RUNS:-1}

fail() {
  echo "run.sh: $*" >&2
  exit 1
}

# Fail before building anything when the reference is not there.
if [[ ! -f $REF_DIR/reference_rules.cpp ]]; then
  echo "run.sh: the reference program is missing: $REF_DIR/reference_rules.cpp" >&2
  echo "run.sh: set RULECRAFT_REFERENCE_DIR to the folder that holds reference_rules.cpp" >&2
  echo "        (default ../shared/bench, relative to $ROOT)" >&2
  exit 2
fi
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || fail "RUNS must be a positive number, not '$RUNS'"
[[ $N =~ ^[0-9]+$ ]] || fail "N must be a number, not '$N'"
[[ $BIG_RUNS =~ ^[1-9][0-9]*$ ]] || fail "BIG_RUNS must be a positive number, not '$BIG_RUNS'"

echo "== build ($BUILD, Release)"
generator=()
if [[ ! -f $BUILD/CMakeCache.txt ]] && command -v ninja > /dev/null; then generator=(-G Ninja); fi
mkdir -p "$BUILD"
# With lld and valgrind, the code is laid out in the order the bundled examples first run it
# (bench/text_order.sh, RULECRAFT_TEXT_ORDER): a short run then touches fewer pages of code.
TEXT_ORDER=$BUILD/text_order.txt
ordered=0
if command -v ld.lld > /dev/null && command -v valgrind > /dev/null; then
  ordered=1
  [[ -f $TEXT_ORDER ]] || : > "$TEXT_ORDER"
else
  echo "run.sh: no ld.lld or valgrind (Debian packages lld, valgrind): the code stays in link order"
fi
cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DRULECRAFT_BENCH=ON -DRULECRAFT_STATIC_RUNTIME=ON \
  -DRULECRAFT_TESTS=OFF -DRULECRAFT_TEXT_ORDER="$( ((ordered)) && echo "$TEXT_ORDER")" > "$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log" >&2; fail "cmake configure failed (log: $BUILD/configure.log)"; }
build_programs() {
  cmake --build "$BUILD" -j "$JOBS" --target rules_workload step_cost_benchmark grid_workload drag_workload \
    lua_hook_benchmark rulecraft || fail "building the benchmarks failed"
}
build_programs
# A new order whenever the engine changed since the last one; the programs are then relinked.
if ((ordered)) && [[ ! -s $TEXT_ORDER || $BUILD/engine/librulecraft_core.a -nt $TEXT_ORDER ]]; then
  echo "== code layout: profiling the bundled examples (bench/text_order.sh), then relinking"
  "$ROOT/bench/text_order.sh" "$BUILD/rulecraft" "$TEXT_ORDER" || fail "bench/text_order.sh failed"
  build_programs
fi
REFERENCE=$BUILD/reference_rules
g++ -O2 -std=c++17 "$REF_DIR/reference_rules.cpp" -o "$REFERENCE" ||
  fail "building $REF_DIR/reference_rules.cpp failed"
RULECRAFT=$BUILD/bench/rules_workload

# value KEY OUTPUT: the value of a `key value` line.
value() { awk -v key="$1" '$1 == key { print $2; found = 1 } END { exit !found }' <<< "$2"; }
# less A B: whether A < B (decimals).
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
# The summary table's rows: "workload|reference|rulecraft|value|goal", value and goal as numbers
# with their unit (x: a ratio, ms: a time); `summary` adds one.
SUMMARY=()
summary() { SUMMARY+=("$1|$2|$3|$4|$5"); }
# ratio A B: B / A, two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
# elapsed START END: milliseconds from START to END (two $EPOCHREALTIME), three decimals.
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) * 1000 }'; }
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== rules workload: N = $N, $RUNS runs of each, interleaved"
printf '%-4s %14s %14s\n' run reference_ms rulecraft_ms
best_ref="" best_rc=""
for ((run = 1; run <= RUNS; run++)); do
  ref_out=$("$REFERENCE" "$N") || fail "the reference program failed (exit $?)"
  rc_out=$("$RULECRAFT" "$N") || fail "rules_workload failed (exit $?):
$rc_out"
  for key in sum wsum; do
    ref_value=$(value "$key" "$ref_out") || fail "the reference printed no '$key' line"
    rc_value=$(value "$key" "$rc_out") || fail "rules_workload printed no '$key' line"
    [[ $ref_value == "$rc_value" ]] ||
      fail "$key differs: reference $ref_value, rulecraft $rc_value (run $run)"
  done
  ref_ms=$(value ms_eval "$ref_out") || fail "the reference printed no ms_eval line"
  rc_ms=$(value ms_eval "$rc_out") || fail "rules_workload printed no ms_eval line"
  printf '%-4s %14s %14s\n' "$run" "$ref_ms" "$rc_ms"
  if [[ -z $best_ref ]] || less "$ref_ms" "$best_ref"; then best_ref=$ref_ms; fi
  if [[ -z $best_rc ]] || less "$rc_ms" "$best_rc"; then best_rc=$rc_ms; fi
done
echo "sum $(value sum "$rc_out")  wsum $(value wsum "$rc_out")  (identical in every run)"
awk -v r="$best_ref" -v c="$best_rc" 'BEGIN {
  printf "best reference %.3f ms, best rulecraft %.3f ms\n", r, c
  if (r > 0) printf "ratio rulecraft / reference: %.2fx\n", c / r
}'
summary "rules workload, ${N} evaluations" "$best_ref ms" "$best_rc ms" "$(ratio "$best_ref" "$best_rc")x" "1.25x"

# --- The grid workload: reach and path on each map, against reference_grid.cpp. ---
echo
echo "== grid workload (d20 rule): $RUNS runs of each, interleaved; whole process and search alone"
[[ -f $REF_DIR/reference_grid.cpp && -f $REF_DIR/genmap.js ]] ||
  fail "reference_grid.cpp or genmap.js missing in $REF_DIR"
command -v node > /dev/null || fail "node is needed to generate the maps (genmap.js)"
[[ -x /usr/bin/time ]] || fail "/usr/bin/time (Debian package time) is needed to measure peak memory"
GRID_REFERENCE=$BUILD/reference_grid
g++ -O2 -std=c++17 "$REF_DIR/reference_grid.cpp" -o "$GRID_REFERENCE" ||
  fail "building $REF_DIR/reference_grid.cpp failed"
GRID=$BUILD/bench/grid_workload
# The compiled ruleset kept for the runs that ask for it (ruleset/compiled_cache.h), made afresh
# by this run's first such run.
KEPT=$BUILD/compiled
rm -rf "$KEPT"
mkdir -p "$BUILD/maps"
# peak_kb COMMAND...: the command's peak resident memory in KiB (GNU time), its output dropped.
peak_kb() {
  /usr/bin/time -f '%M' -o "$BUILD/maps/peak.txt" "$@" > /dev/null || fail "$1 failed"
  tail -n 1 "$BUILD/maps/peak.txt"
}
for size in $SIZES; do
  map=$BUILD/maps/$size.txt
  [[ -s $map ]] || node "$REF_DIR/genmap.js" "$size" "$size" 1 > "$map" || fail "genmap.js failed"
  # On a big map each run takes seconds: fewer runs, each under GNU time (its start-up, about a
  # millisecond, is lost in them), giving the peak memory too. On the others the peak is taken
  # from one more run of each, so the timed runs carry nothing but the program.
  runs=$RUNS big=0
  ((size <= 512)) && runs=$SMALL_RUNS
  ((size >= 2048)) && runs=$BIG_RUNS big=1
  for query in reach path; do
    keys=(path_cost)
    [[ $query == reach ]] && keys=(reach12 reachable checksum target_cost)
    best=()  # reference wall, rulecraft wall, reference search, rulecraft search, rulecraft wall with the kept ruleset
    ref_kb=0 rc_kb=0
    for ((run = 1; run <= runs; run++)); do
      wrap=()
      ((big)) && wrap=(/usr/bin/time -f '%M' -o "$BUILD/maps/peak.txt")
      start=$EPOCHREALTIME; ref_out=$("${wrap[@]}" "$GRID_REFERENCE" "$query" "$map" d20) || fail "reference_grid failed"
      end=$EPOCHREALTIME; ref_wall=$(elapsed "$start" "$end")
      ((big)) && ref_kb=$(tail -n 1 "$BUILD/maps/peak.txt")
      start=$EPOCHREALTIME; rc_out=$("${wrap[@]}" "$GRID" "$query" "$map") || fail "grid_workload failed:
$rc_out"
      end=$EPOCHREALTIME; rc_wall=$(elapsed "$start" "$end")
      ((big)) && rc_kb=$(tail -n 1 "$BUILD/maps/peak.txt")
      for key in "${keys[@]}"; do
        [[ $(value "$key" "$ref_out") == "$(value "$key" "$rc_out")" ]] ||
          fail "$query $size: $key differs: reference $(value "$key" "$ref_out"), rulecraft $(value "$key" "$rc_out")"
      done
      sample=("$ref_wall" "$rc_wall" "$(value ms_search "$ref_out")" "$(value ms_search "$rc_out")" 0)
      if ((!big)); then  # the same with the compiled ruleset kept (kept by the first run of all)
        [[ -d $KEPT ]] || "$GRID" "$query" "$map" "$KEPT" > /dev/null || fail "grid_workload with $KEPT failed"
        start=$EPOCHREALTIME; kept_out=$("$GRID" "$query" "$map" "$KEPT" 2>&1) || fail "grid_workload with $KEPT failed:
$kept_out"
        end=$EPOCHREALTIME; sample[4]=$(elapsed "$start" "$end")
        for key in "${keys[@]}"; do
          [[ $(value "$key" "$kept_out") == "$(value "$key" "$rc_out")" ]] ||
            fail "$query $size with the kept ruleset: $key differs: $(value "$key" "$kept_out") against $(value "$key" "$rc_out")"
        done
      fi
      for i in 0 1 2 3 4; do
        if [[ -z ${best[$i]:-} ]] || less "${sample[$i]}" "${best[$i]}"; then best[$i]=${sample[$i]}; fi
      done
    done
    if ((!big)); then
      ref_kb=$(peak_kb "$GRID_REFERENCE" "$query" "$map" d20)
      rc_kb=$(peak_kb "$GRID" "$query" "$map")
    fi
    awk -v q="$query" -v n="$size" -v rw="${best[0]}" -v cw="${best[1]}" -v rs="${best[2]}" -v cs="${best[3]}" \
      -v rk="$ref_kb" -v ck="$rc_kb" 'BEGIN {
      printf "%-5s %4s²  whole process: reference %8.1f ms, rulecraft %8.1f ms, ratio %.2fx;  search: %7.1f / %7.1f ms, ratio %.2fx;  peak memory %d / %d KiB, ratio %.2fx\n", q, n, rw, cw, cw / rw, rs, cs, cs / rs, rk, ck, ck / rk
    }'
    marked=""
    ((runs != RUNS)) && marked=" (best of $runs)"
    if ((big)); then
      summary "$query ${size}², whole process$marked" "${best[0]} ms" "${best[1]} ms" "$(ratio "${best[0]}" "${best[1]}")x" "1.25x"
    else
      # Start-up weighs most here: the goal is met, if at all, with the compiled ruleset kept.
      awk -v q="$query" -v n="$size" -v rw="${best[0]}" -v kw="${best[4]}" 'BEGIN {
        printf "%-5s %4s²  whole process with the compiled ruleset kept: %8.1f ms, ratio %.2fx\n", q, n, kw, kw / rw
      }'
      summary "$query ${size}², whole, kept compiled$marked" "${best[0]} ms" "${best[4]} ms" "$(ratio "${best[0]}" "${best[4]}")x" "1.25x"
      summary "the same from source (no goal)" "${best[0]} ms" "${best[1]} ms" "$(ratio "${best[0]}" "${best[1]}")x" "—"
    fi
    summary "$query ${size}², search alone$marked" "${best[2]} ms" "${best[3]} ms" "$(ratio "${best[2]}" "${best[3]}")x" "1.10x"
    summary "$query ${size}², peak memory" "$ref_kb KiB" "$rc_kb KiB" "$(ratio "$ref_kb" "$rc_kb")x" "1.50x"
  done
done
echo "(reach12, reachable, checksum and target_cost, or path_cost, agreed with the reference in every run)"

# --- The dragging-token case: 50 creatures on the 256² map, each moved, then its double-move reach. ---
echo
echo "== dragging tokens: 50 moves and double-move reaches on the 256² map; library API, then a whole rulecraft run"
map=$BUILD/maps/256.txt
[[ -s $map ]] || node "$REF_DIR/genmap.js" 256 256 1 > "$map" || fail "genmap.js failed"
scenario=$BUILD/maps/drag_256.yaml
best_api="" best_run="" best_open=""
for ((run = 1; run <= RUNS; run++)); do
  api_out=$("$BUILD/bench/drag_workload" "$map" "$scenario") || fail "drag_workload failed:
$api_out"
  start=$EPOCHREALTIME
  "$BUILD/rulecraft" run "$scenario" --format json > "$BUILD/maps/drag_256.json" ||
    fail "rulecraft run $scenario failed"
  end=$EPOCHREALTIME; run_ms=$(elapsed "$start" "$end")
  run_keys=$(python3 -c '
import json, sys
results = json.load(open(sys.argv[1]))["results"]
answers = [r.get("answer", r) for r in results]
print("queries", len(answers))
print("reachable", sum(a["reachable_count"] for a in answers))
print("may_end", sum(a["may_end_count"] for a in answers))' "$BUILD/maps/drag_256.json") ||
    fail "the answers of rulecraft run $scenario have no reachable_count"
  for key in queries reachable may_end; do
    [[ $(value "$key" "$api_out") == "$(value "$key" "$run_keys")" ]] ||
      fail "dragging tokens: $key differs: library API $(value "$key" "$api_out"), rulecraft run $(value "$key" "$run_keys")"
  done
  api_ms=$(value ms_queries "$api_out")
  printf 'run %d: library API %8.3f ms (open %.1f ms), rulecraft run %8.3f ms\n' "$run" "$api_ms" "$(value ms_open "$api_out")" "$run_ms"
  if [[ -z $best_api ]] || less "$api_ms" "$best_api"; then best_api=$api_ms; fi
  if [[ -z $best_run ]] || less "$run_ms" "$best_run"; then best_run=$run_ms; fi
done
echo "queries $(value queries "$api_out"), reachable $(value reachable "$api_out"), may_end $(value may_end "$api_out") (equal from both, every run)"
summary "drag tokens, library API, 50 moves + reaches" "—" "$best_api ms" "${best_api}ms" "10ms"
summary "drag tokens, rulecraft run, 50 reaches, JSON" "—" "$best_run ms" "${best_run}ms" "50ms"

# --- Lua hooks: a reach on 256² for a mover with incorporeal.lua against the same reach without. ---
echo
echo "== Lua hook: reach on 256² with and without incorporeal.lua"
"$BUILD/bench/lua_hook_benchmark" --benchmark_filter='LuaHook/Reach/.*/256' --benchmark_repetitions="$RUNS" \
  --benchmark_report_aggregates_only=true --benchmark_out="$BUILD/lua_hook.json" --benchmark_out_format=json ||
  fail "lua_hook_benchmark failed"
lua_ms=$(python3 -c '
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
def median(name):
    return next(b["real_time"] for b in runs if b["name"] == name + "_median") / 1000
print("%.3f %.3f" % (median("LuaHook/Reach/dsl/256"), median("LuaHook/Reach/lua/256")))' "$BUILD/lua_hook.json") ||
  fail "lua_hook_benchmark wrote no LuaHook/Reach/*/256 medians"
read -r dsl_ms hook_ms <<< "$lua_ms"
summary "reach 256², Lua hook vs none (median)" "$dsl_ms ms" "$hook_ms ms" "$(ratio "$dsl_ms" "$hook_ms")x" "1.50x"

echo
echo "== step_cost_benchmark"
"$BUILD/bench/step_cost_benchmark" --benchmark_out="$BUILD/step_cost.json" --benchmark_out_format=json "$@" ||
  fail "step_cost_benchmark failed"
# The best wall-clock time of the runs of the benchmark NAME (UseRealTime adds "/real_time" to
# the name; repetitions' aggregates are left out), in ms.
load_time() {
  python3 -c '
import json, sys
runs = [b for b in json.load(open(sys.argv[1]))["benchmarks"]
        if b.get("run_type") != "aggregate" and b["name"].removesuffix("/real_time") == sys.argv[2]]
scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
print("%.3f" % min(b["real_time"] * scale[b["time_unit"]] for b in runs) if runs else "")' "$BUILD/step_cost.json" "$1"
}
load_ms=$(load_time LoadRuleset/dnd35)
[[ -n $load_ms ]] && summary "LoadRuleset/dnd35 (from source)" "—" "$load_ms ms" "${load_ms}ms" "1ms"
one_ms=$(load_time LoadRuleset/one_thread/dnd35)
[[ -n $one_ms ]] && summary "the same on one thread (no goal)" "—" "$one_ms ms" "${one_ms}ms" "—"
kept_ms=$(load_time LoadRuleset/kept/dnd35)
[[ -n $kept_ms ]] && summary "the same, compiled ruleset kept (no goal)" "—" "$kept_ms ms" "${kept_ms}ms" "—"

echo
echo "== summary (load average now: $(cut -d' ' -f1-3 /proc/loadavg); best of $RUNS unless marked)"
printf '%-46s %14s %14s %9s %7s  %s\n' workload reference rulecraft value goal met
for row in "${SUMMARY[@]}"; do
  IFS='|' read -r name ref rc val goal <<< "$row"
  if [[ $goal == "—" ]]; then  # shown beside a goal's line, with no goal of its own
    printf '%-46s %14s %14s %9s %7s  %s\n' "$name" "$ref" "$rc" "$val" "—" "—"
    continue
  fi
  met=no
  awk -v v="${val%%[a-z]*}" -v g="${goal%%[a-z]*}" 'BEGIN { exit !(v <= g) }' && met=yes
  printf '%-46s %14s %14s %9s %7s  %s\n' "$name" "$ref" "$rc" "$val" "≤ $goal" "$met"
done
