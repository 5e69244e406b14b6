#!/usr/bin/env python3
"""Runs the commands a README shows and compares what they print (issue 17).

Each ```console block holds `$ rulecraft …` lines, each followed by the output it prints to
stdout, exactly; `[exit N]` after the output names an exit code other than 0. The commands run
in a temporary folder holding a copy of the source's rulesets/ (named by RULECRAFT_RULESETS, so
bundled rulesets show as `rulesets/NAME`) and examples/homebrew, so what `new` writes goes there.

Usage: readme_test.py RULECRAFT SOURCE_DIR README
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile


def commands(readme):
    """(line, argv, expected stdout, expected exit code) for each `$ rulecraft` line."""
    out = []
    in_block = False
    current = None
    for number, line in enumerate(readme.read_text(encoding="utf-8").split("\n"), start=1):
        if line.startswith("```"):
            in_block = line.strip() == "```console"
            if current:
                out.append(current)
                current = None
            continue
        if not in_block:
            continue
        if line.startswith("$ rulecraft "):
            if current:
                out.append(current)
            current = [number, shlex.split(line[2:])[1:], [], 0]
        elif current is not None and re.fullmatch(r"\[exit (\d+)\]", line):
            current[3] = int(line[6:-1])
        elif current is not None:
            current[2].append(line)
    return [(n, argv, "\n".join(lines) + "\n" if lines else "", code) for n, argv, lines, code in out]


def main():
    rulecraft, source, readme = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    failures = 0
    found = commands(readme)
    with tempfile.TemporaryDirectory() as temp:
        shutil.copytree(source / "rulesets", pathlib.Path(temp) / "rulesets")
        shutil.copytree(source / "examples" / "homebrew", pathlib.Path(temp) / "examples" / "homebrew")
        env = dict(os.environ, RULECRAFT_RULESETS=str(pathlib.Path(temp) / "rulesets"))
        for number, argv, expected, code in found:
            done = subprocess.run([rulecraft, *argv], cwd=temp, env=env, capture_output=True, text=True, timeout=300)
            if done.stdout != expected or done.returncode != code:
                failures += 1
                print(f"{readme}:{number}: rulecraft {' '.join(argv)}: exit {done.returncode} (expected {code})")
                print("--- expected\n" + expected + "--- actual\n" + done.stdout + "--- stderr\n" + done.stderr)
    print(f"{len(found)} commands, {failures} differ")
    return 1 if failures or not found else 0


if __name__ == "__main__":
    sys.exit(main())
