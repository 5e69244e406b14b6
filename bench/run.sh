#!/usr/bin/env bash
# Builds the benchmarks (Release) and the reference rules program, runs both on the rules
# workload (WORKLOAD.md section 5) in this one invocation, checks they agree, prints the time
# ratio, then runs the Google Benchmark binary (step_cost, attack_modifier, ruleset loading).
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
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REF_DIR=${RULECRAFT_REFERENCE_DIR:-../shared/bench}
[[ $REF_DIR == /* ]] || REF_DIR=$ROOT/$REF_DIR
BUILD=${RULECRAFT_BENCH_BUILD_DIR:-$ROOT/build-bench}
RUNS=${RUNS:-5}
N=${N:-1000000}
JOBS=${JOBS:-2}

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

echo "== build ($BUILD, Release)"
generator=()
if [[ ! -f $BUILD/CMakeCache.txt ]] && command -v ninja > /dev/null; then generator=(-G Ninja); fi
mkdir -p "$BUILD"
cmake -S "$ROOT" -B "$BUILD" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DRULECRAFT_BENCH=ON -DRULECRAFT_STATIC_RUNTIME=ON \
  -DRULECRAFT_TESTS=OFF > "$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log" >&2; fail "cmake configure failed (log: $BUILD/configure.log)"; }
cmake --build "$BUILD" -j "$JOBS" --target rules_workload step_cost_benchmark grid_workload ||
  fail "building the benchmarks failed"
REFERENCE=$BUILD/reference_rules
g++ -O2 -std=c++17 "$REF_DIR/reference_rules.cpp" -o "$REFERENCE" ||
  fail "building $REF_DIR/reference_rules.cpp failed"
RULECRAFT=$BUILD/bench/rules_workload

# value KEY OUTPUT: the value of a `key value` line.
value() { awk -v key="$1" '$1 == key { print $2; found = 1 } END { exit !found }' <<< "$2"; }
# less A B: whether A < B (decimals).
less() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }

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

# --- The grid workload: reach and path on the 256 and 1024 maps, against reference_grid.cpp. ---
echo
echo "== grid workload (d20 rule): $RUNS runs of each, interleaved; whole process and search alone"
[[ -f $REF_DIR/reference_grid.cpp && -f $REF_DIR/genmap.js ]] ||
  fail "reference_grid.cpp or genmap.js missing in $REF_DIR"
command -v node > /dev/null || fail "node is needed to generate the maps (genmap.js)"
GRID_REFERENCE=$BUILD/reference_grid
g++ -O2 -std=c++17 "$REF_DIR/reference_grid.cpp" -o "$GRID_REFERENCE" ||
  fail "building $REF_DIR/reference_grid.cpp failed"
GRID=$BUILD/bench/grid_workload
mkdir -p "$BUILD/maps"
# now_ms: wall-clock milliseconds.
now_ms() { date +%s%N | awk '{ printf "%.3f", $1 / 1000000 }'; }
for size in 256 1024; do
  map=$BUILD/maps/$size.txt
  [[ -f $map ]] || node "$REF_DIR/genmap.js" "$size" "$size" 1 > "$map" || fail "genmap.js failed"
  for query in reach path; do
    keys=(path_cost)
    [[ $query == reach ]] && keys=(reach12 reachable checksum target_cost)
    best=()  # reference wall, rulecraft wall, reference search, rulecraft search
    for ((run = 1; run <= RUNS; run++)); do
      start=$(now_ms); ref_out=$("$GRID_REFERENCE" "$query" "$map" d20) || fail "reference_grid failed"
      ref_wall=$(awk -v a="$start" -v b="$(now_ms)" 'BEGIN { printf "%.3f", b - a }')
      start=$(now_ms); rc_out=$("$GRID" "$query" "$map") || fail "grid_workload failed:
$rc_out"
      rc_wall=$(awk -v a="$start" -v b="$(now_ms)" 'BEGIN { printf "%.3f", b - a }')
      for key in "${keys[@]}"; do
        [[ $(value "$key" "$ref_out") == "$(value "$key" "$rc_out")" ]] ||
          fail "$query $size: $key differs: reference $(value "$key" "$ref_out"), rulecraft $(value "$key" "$rc_out")"
      done
      sample=("$ref_wall" "$rc_wall" "$(value ms_search "$ref_out")" "$(value ms_search "$rc_out")")
      for i in 0 1 2 3; do
        if [[ -z ${best[$i]:-} ]] || less "${sample[$i]}" "${best[$i]}"; then best[$i]=${sample[$i]}; fi
      done
    done
    awk -v q="$query" -v n="$size" -v rw="${best[0]}" -v cw="${best[1]}" -v rs="${best[2]}" -v cs="${best[3]}" 'BEGIN {
      printf "%-5s %4s²  whole process: reference %8.1f ms, rulecraft %8.1f ms, ratio %.2fx;  search: %7.1f / %7.1f ms, ratio %.2fx\n", q, n, rw, cw, cw / rw, rs, cs, cs / rs
    }'
  done
done
echo "(reach12, reachable, checksum and target_cost, or path_cost, agreed with the reference in every run)"

echo
echo "== step_cost_benchmark"
"$BUILD/bench/step_cost_benchmark" "$@" || fail "step_cost_benchmark failed"
