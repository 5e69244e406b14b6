#!/usr/bin/env bash
# Writes the order in which the linker should lay out the code (RULECRAFT_TEXT_ORDER, see
# CMakeLists.txt): the functions that run when `rulecraft run` answers the bundled example
# scenarios, from source and with the compiled ruleset kept (`--cache`), profiled with callgrind,
# in the order they first run. The benchmark workloads are not profiled: the layout is the one
# any build made this way gets, not one fitted to what run.sh times.
#
# Usage: bench/text_order.sh RULECRAFT_PROGRAM OUT
#   RULECRAFT_PROGRAM  a built `rulecraft` (linked with -ffunction-sections, any order)
#   OUT                the order file to write (mangled names, one per line); written whole
#                      to a temporary file first, then moved over OUT
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ $# -eq 2 ]] || { echo "usage: bench/text_order.sh RULECRAFT_PROGRAM OUT" >&2; exit 2; }
PROGRAM=$1
OUT=$2
[[ -x $PROGRAM ]] || { echo "text_order.sh: not a program: $PROGRAM" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "text_order.sh: valgrind is needed (Debian package valgrind)" >&2; exit 2; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
profiles=()
for scenario in "$ROOT"/examples/*.yaml; do
  for format in text json; do
    profile=$WORK/$(basename "$scenario" .yaml).$format.callgrind
    # An example that fails still ran the code it ran; its profile counts.
    valgrind --tool=callgrind --demangle=no --dump-every-bb=50000 --callgrind-out-file="$profile" \
      "$PROGRAM" run "$scenario" --format "$format" --explain > /dev/null 2> "$WORK/valgrind.log" ||
      true
    [[ -s $profile ]] || { cat "$WORK/valgrind.log" >&2; echo "text_order.sh: profiling $scenario failed" >&2; exit 1; }
    profiles+=("$profile")
  done
  # Once more with the compiled ruleset kept: the first run keeps it, the profiled one reads it.
  # Both under callgrind: a kept form is keyed by the program file, callgrind's own there.
  profile=$WORK/$(basename "$scenario" .yaml).kept.callgrind
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PROGRAM" run "$scenario" --cache "$WORK/kept" > /dev/null 2>&1 || true
  valgrind --tool=callgrind --demangle=no --dump-every-bb=50000 --callgrind-out-file="$profile" \
    "$PROGRAM" run "$scenario" --cache "$WORK/kept" > /dev/null 2> "$WORK/valgrind.log" || true
  [[ -s $profile ]] || { cat "$WORK/valgrind.log" >&2; echo "text_order.sh: profiling $scenario (kept) failed" >&2; exit 1; }
  profiles+=("$profile")
done

python3 - "${profiles[@]}" > "$WORK/order.txt" <<'PYTHON'
# Each profile is a series of callgrind dumps (PROFILE.1, PROFILE.2, ..., then PROFILE itself),
# one per stretch of the run. A function's place is the earliest point of any run at which it
# had run (the dump's index over the run's dump count), then its total cost: code that every
# run needs early (loading a ruleset) comes first, together, before the code of each query.
# Names are compressed per dump: "(id) name" the first time an id appears, "(id)" after.
import collections, glob, re, sys

first, costs = {}, collections.Counter()
named = re.compile(r"c?fn=\((\d+)\)(?: (.*))?$")

def own_costs(path):
    names, own = {}, collections.Counter()
    function, after_call = None, False
    with open(path, errors="replace") as dump:
        for line in dump:
            line = line.rstrip("\n")
            match = named.match(line)
            if match:
                if match.group(2):  # a recursive call's cost is its own function's: drop "'2"
                    names[match.group(1)] = re.sub(r"'\d+$", "", match.group(2))
                if line.startswith("fn="):
                    function, after_call = names.get(match.group(1)), False
            elif line.startswith("calls="):
                after_call = True  # the next cost line is the call's inclusive cost
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                elif function:
                    fields = line.split()
                    if len(fields) > 1:
                        own[function] += int(fields[1])
    return own

for profile in sys.argv[1:]:
    parts = sorted(glob.glob(glob.escape(profile) + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
    parts.append(profile)
    for index, part in enumerate(parts):
        when = index / len(parts)
        for function, cost in own_costs(part).items():
            if cost > 0:
                first[function] = min(first.get(function, when), when)
                costs[function] += cost
for function in sorted(first, key=lambda f: (first[f], -costs[f], f)):
    if " " not in function and not function.startswith("0x"):
        print(function)
PYTHON
[[ -s $WORK/order.txt ]] || { echo "text_order.sh: the profiles named no function" >&2; exit 1; }
mv "$WORK/order.txt" "$OUT"
echo "text_order.sh: $(wc -l < "$OUT") functions in $OUT"
