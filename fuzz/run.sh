#!/bin/sh
# Runs each fuzz target for a while on corpora seeded from the repository:
#   fuzz/run.sh BUILD_DIR SECONDS [rules|table|scenario|lua|service|compiled ...]
# BUILD_DIR was configured with CXX=clang++-16 -DRULECRAFT_FUZZ=ON (fuzz/README.md). Each
# target's whole run, the replay of its seeds and corpus included, takes SECONDS: libFuzzer stops
# mutating at SECONDS from its start, and a replay still going then is interrupted (the seeds are
# replayed in a random order, so each run replays a different part of a corpus too big for it).
# Targets run side by side, one per core (FUZZ_JOBS). Exits 1 after the round in which a target
# finds a crash, a hang (10 s), a leak or a sanitizer report; the input is left in
# BUILD_DIR/fuzz-work/ to be added to fuzz/regressions/<target>/. Prints each target's wall time,
# runs and whether its replay finished.
set -eu
[ $# -ge 2 ] || { echo "usage: fuzz/run.sh BUILD_DIR SECONDS [target ...]" >&2; exit 2; }
build=$(cd "$1" && pwd)
seconds=$2
shift 2
targets=${*:-rules table scenario lua service compiled}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$build/fuzz-work
cd "$source_dir"

# seed TARGET: fills $work/TARGET-seeds from the repository's own inputs of that kind.
seed() {
  seeds=$work/$1-seeds
  rm -rf "$seeds"
  mkdir -p "$seeds"
  case $1 in
    rules)
      for file in rulesets/*/*.rules rulesets/modules/*/*.rules examples/*/*.rules tests/fixtures/*/*.rules tests/golden/*/*.rules \
                  tests/lua/*/*.rules; do
        [ -f "$file" ] && cp "$file" "$seeds/$(echo "$file" | tr / _)"
      done ;;
    table)
      index=0
      for name in ac_modifiers armor attack_modifiers bonus_types movement_modes sizes speeds terrain; do
        for file in rulesets/*/tables/$name.yaml tests/fixtures/*/tables/$name.yaml; do
          [ -f "$file" ] || continue
          { printf "\\$(printf %o $index)"; cat "$file"; } > "$seeds/$(echo "$file" | tr / _)"
        done
        index=$((index + 1))
      done ;;
    scenario)
      for file in rulesets/*/tests/*.yaml; do
        ruleset=$(echo "$file" | cut -d/ -f2)
        { echo "ruleset: $ruleset"; grep -v '^ruleset:' "$file"; } > "$seeds/$(echo "$file" | tr / _)"
      done
      for file in examples/*.yaml tests/answers/*.yaml tests/golden/*.yaml; do
        [ -f "$file" ] && cp "$file" "$seeds/$(echo "$file" | tr / _)"
      done ;;
    lua)
      for file in scripts/*.lua rulesets/*/hooks/*.lua tests/lua/*/hooks/*.lua; do
        [ -f "$file" ] && cp "$file" "$seeds/$(echo "$file" | tr / _)"
      done ;;
    service)
      # A byte choosing the endpoint (service_fuzzer.cc), then a body: each example and golden
      # scenario as YAML to run (0x12), to render (0x1a) and to open and ask (0x10); two checks.
      for file in examples/*.yaml tests/golden/*.yaml; do
        [ -f "$file" ] || continue
        for endpoint in 022 032 020; do
          { printf "\\$endpoint"; cat "$file"; } > "$seeds/$endpoint-$(echo "$file" | tr / _)"
        done
      done
      printf '\003{"rulesets": ["dnd35", "starfinder"]}' > "$seeds/check-two"
      printf '\003{"ruleset": "dnd5e"}' > "$seeds/check-one"
      printf '\020ruleset: dnd35\nmap: { legend: { ".": open }, rows: ["...."] }\ncreatures: [{ id: a, at: [0, 0] }]\nqueries: []\n\000{ id: q, reach: { creature: a } }\000{ move: { creature: a, to: [2, 0] } }' > "$seeds/open-ask-change" ;;
    compiled)
      # Edits of mini's compiled form (compiled_fuzzer.cc): none, the form cut in half, a count
      # near its start changed.
      : > "$seeds/unchanged"
      printf '\200' > "$seeds/cut-in-half"
      printf '\010\000\000\377' > "$seeds/one-byte" ;;
  esac
  if [ -d "fuzz/regressions/$1" ]; then cp fuzz/regressions/"$1"/* "$seeds/" 2>/dev/null || true; fi
}

# fuzz TARGET: runs TARGET for SECONDS, prints its log's end and writes its one-line summary to
# $work/TARGET.summary; returns 1 if it found something.
fuzz() {
  target=$1
  seed "$target"
  corpus=$work/$target-corpus
  mkdir -p "$corpus"
  touch "$work/$target.started"
  dict=""
  [ "$target" = rules ] && dict="-dict=$source_dir/fuzz/rules.dict"
  log=$work/$target.log
  status=0
  started=$(date +%s)
  # SIGINT one second past the limit ends a replay that outlasts it: libFuzzer prints its final
  # statistics and exits (timeout's status 124); a process that ignores it is killed 10 s later.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    timeout -s INT -k 10 $((seconds + 1)) \
    "$build/fuzz/${target}_fuzzer" "$corpus" "$work/$target-seeds" $dict \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -max_len=65536 -prefer_small=0 \
      -print_final_stats=1 -artifact_prefix="$work/$target-" >"$log" 2>&1 || status=$?
  wall=$(( $(date +%s) - started ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  seeds=$(sed -n 's/^INFO: seed corpus: files: \([0-9]*\).*/\1/p' "$log" | head -n 1)
  if grep -aq INITED "$log"; then replay="replayed all ${seeds:-0} inputs, then mutated"
  elif [ "$status" -eq 124 ]; then replay="replay of ${seeds:-0} inputs cut at the limit"
  else replay="stopped during the replay"; fi
  line="$target: ${wall} s wall, ${runs:-?} runs, $replay"
  echo "$line" > "$work/$target.summary"
  finding=$(find "$work" -maxdepth 1 -newer "$work/$target.started" \( -name "$target-crash-*" -o \
               -name "$target-timeout-*" -o -name "$target-leak-*" -o -name "$target-oom-*" \) -print)
  if [ -n "$finding" ] || { [ "$status" -ne 0 ] && [ "$status" -ne 124 ]; }; then
    { tail -n 40 "$log"
      echo "fuzz: $target found a crash, a hang, a leak or a sanitizer report (exit $status); its input is in $work/"
    } >&2
    return 1
  fi
  tail -n 40 "$log"
  echo "fuzz: $line"
}

# The targets run FUZZ_JOBS at a time (default: one per core; each target is one process on one
# core), in rounds: a round's targets start together and the next round starts when all are done.
jobs=${FUZZ_JOBS:-$(nproc)}
mkdir -p "$work"
found=0
set -- $targets
while [ $# -gt 0 ]; do
  round=""
  while [ $# -gt 0 ] && [ "$(echo $round | wc -w)" -lt "$jobs" ]; do
    round="$round $1"
    shift
  done
  echo "fuzz:$round for ${seconds}s each, at once"
  for target in $round; do
    fuzz "$target" > "$work/$target.out" 2>&1 &
  done
  wait
  for target in $round; do
    cat "$work/$target.out"
    if grep -q "^fuzz: $target found" "$work/$target.out"; then found=1; fi
  done
  [ "$found" -eq 0 ] || exit 1
done
summary=""
for target in $targets; do
  summary="$summary
  $(cat "$work/$target.summary")"
done
echo "fuzz: every target ran without a finding:$summary"
