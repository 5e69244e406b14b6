#!/usr/bin/env python3
"""Every example answer validates against docs/answer.schema.json.

Runs `rulecraft run --format json` on the bundled examples, on the scenarios beside this file
(tests/schema/*.yaml: every query kind, in every bundled ruleset, answered ok, with errors and
unsupported), on the bundled rulesets' own scenario tests and on a scenario nothing of which can
run (the examples and the scenarios beside this file also with --explain and --explain=full),
and validates each document against the schema (Debian's python3-jsonschema). Fails when a
document does not validate, when stdout is not one JSON document, or when some query kind of the
schema was never answered `ok` (so the schema of every kind is exercised).

usage: validate_answers.py RULECRAFT SOURCE_DIR
"""
import glob
import json
import os
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("validate_answers.py needs Debian's python3-jsonschema (./dev installs it: it is in PACKAGES)")


def runs(source_dir):
    """(scenario, extra arguments): every scenario plain, and the examples and the scenarios
    beside this file also with each explanation (--explain, --explain=full)."""
    def found(pattern):
        return [os.path.relpath(path, source_dir) for path in sorted(glob.glob(os.path.join(source_dir, pattern)))]
    explained = found("examples/*.yaml") + found("tests/schema/*.yaml")
    plain = explained + found("rulesets/*/tests/*.yaml") + ["tests/golden/json_ragged_map.yaml"]
    return ([(scenario, []) for scenario in plain] +
            [(scenario, [flag]) for scenario in explained for flag in ("--explain", "--explain=full")])


def main():
    rulecraft, source_dir = sys.argv[1], sys.argv[2]
    with open(os.path.join(source_dir, "docs", "answer.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    kinds = set(schema["$defs"]["result"]["properties"]["kind"]["enum"])
    answered = {}  # kind -> set of statuses seen
    failures = []
    documents = 0
    for scenario, flags in runs(source_dir):
        run = subprocess.run([rulecraft, "run", scenario, "--format", "json"] + flags, cwd=source_dir,
                             capture_output=True, text=True, timeout=600)
        if run.returncode not in (0, 1):
            failures.append(f"{scenario} {' '.join(flags)}: exit code {run.returncode}\n{run.stderr[-2000:]}")
            continue
        try:
            document = json.loads(run.stdout)
        except json.JSONDecodeError as error:
            failures.append(f"{scenario} {' '.join(flags)}: stdout is not one JSON document: {error}")
            continue
        documents += 1
        for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(part) for part in error.absolute_path)
            result = ""
            if len(error.absolute_path) >= 2 and error.absolute_path[0] == "results":
                entry = document["results"][error.absolute_path[1]]
                result = f" (query '{entry.get('id')}', kind {entry.get('kind')})"
            failures.append(f"{scenario} {' '.join(flags)}: /{where}{result}: {error.message}")
        for result in document.get("results", []):
            answered.setdefault(result.get("kind"), set()).add(result.get("status"))
    never_ok = sorted(kind for kind in kinds if "ok" not in answered.get(kind, set()))
    if never_ok:
        failures.append("no scenario answers these query kinds ok, so their schema is untested: " +
                        ", ".join(never_ok))
    for failure in failures[:200]:
        print(failure)
    summary = ", ".join(f"{kind}: {'/'.join(sorted(answered[kind]))}" for kind in sorted(answered))
    print(f"{documents} documents checked against docs/answer.schema.json ({summary}); "
          f"{len(failures)} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
