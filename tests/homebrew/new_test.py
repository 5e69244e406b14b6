#!/usr/bin/env python3
"""`rulecraft new` (docs/homebrew.md): a new ruleset passes `check` and `test` and equals its
parent under `diff`; an existing folder or file is never overwritten; a bad name or parent is
refused with nothing written.

Usage: new_test.py RULECRAFT SOURCE_DIR
"""
import pathlib
import subprocess
import sys
import tempfile

RULECRAFT = sys.argv[1]
SOURCE = pathlib.Path(sys.argv[2])
failures = []


def run(*args, cwd):
    done = subprocess.run([RULECRAFT, *args], cwd=cwd, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def expect(condition, what, output=""):
    if not condition:
        failures.append(f"{what}\n{output}")


def snapshot(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


with tempfile.TemporaryDirectory() as temp:
    temp = pathlib.Path(temp)
    (temp / "examples").symlink_to(SOURCE / "examples")

    # A new ruleset extending a bundled one: check, test, and no difference from its parent.
    code, out, err = run("new", "mine", "--extends", "dnd35", cwd=temp)
    expect(code == 0, f"new mine --extends dnd35: exit {code}", err)
    mine = temp / "mine"
    files = sorted(p.relative_to(mine).as_posix() for p in mine.rglob("*") if p.is_file())
    expect(files == ["README.md", "ruleset.rules", "tests/basics.yaml"], f"new made {files}")
    manifest = (mine / "ruleset.rules").read_text()
    expect('ruleset mine "mine, a dnd35 homebrew" extends dnd35 { square = 5 ft }' in manifest,
           "the manifest line", manifest)
    expect("override rule" in manifest and "tables/speeds.yaml" in manifest, "the override examples", manifest)
    expect("| # | decision |" in (mine / "README.md").read_text(), "the README's decisions table")
    test_text = (mine / "tests/basics.yaml").read_text()
    expect("race: human" in test_text and "expect: { land_ft: 30 }" in test_text, "the first test", test_text)
    code, out, err = run("check", "mine", cwd=temp)
    expect(code == 0 and out == "mine: ok\n", f"check mine: exit {code}", out + err)
    code, out, err = run("test", "mine", cwd=temp)
    expect(code == 0 and "1 passed, 0 failed" in out, f"test mine: exit {code}", out + err)
    code, out, err = run("diff", "dnd35", "mine", cwd=temp)
    expect(code == 0 and "no differences" in out, f"diff dnd35 mine: exit {code}", out + err)

    # A house rule: diff names it, with both texts, and exits 1.
    with open(mine / "ruleset.rules", "a") as rules:
        rules.write("\noverride rule diagonal_cost(step: step): number = 1\n")
    code, out, err = run("diff", "dnd35", "mine", cwd=temp)
    expect(code == 1 and "  ~ diagonal_cost\n" in out and "mine/ruleset.rules:" in out and "1 difference\n" in out,
           f"diff after a house rule: exit {code}", out + err)
    code, out, err = run("test", "mine", cwd=temp)
    expect(code == 0, f"test mine after a house rule that leaves speed alone: exit {code}", out + err)

    # Never overwrite: the folder exists (with files, or empty).
    before = snapshot(mine)
    code, out, err = run("new", "mine", "--extends", "starfinder", cwd=temp)
    expect(code == 1 and "error[folder-exists]: 'mine' exists; rulecraft new never overwrites a folder" in err,
           f"new over an existing folder: exit {code}", err)
    expect(snapshot(mine) == before, "new changed an existing folder")
    (temp / "empty").mkdir()
    code, out, err = run("new", "other", "--extends", "dnd35", "empty", cwd=temp)
    expect(code == 1 and "folder-exists" in err and not any((temp / "empty").iterdir()),
           f"new into an empty existing folder: exit {code}", err)

    # Refusals that write nothing.
    code, out, err = run("new", "2bad", "--extends", "dnd35", cwd=temp)
    expect(code == 1 and "bad-ruleset-name" in err and not (temp / "2bad").exists(), f"bad name: exit {code}", err)
    code, out, err = run("new", "fine", "--extends", "dnd53", cwd=temp)
    expect(code == 1 and "unknown-ruleset" in err and "did you mean 'dnd35'?" in err and not (temp / "fine").exists(),
           f"unknown parent: exit {code}", err)

    # Extending a folder: the manifest names it by a path from the new folder.
    code, out, err = run("new", "second", "--extends", "examples/homebrew", "nested/second", cwd=temp)
    expect(code == 0, f"new extending a folder: exit {code}", err)
    manifest = (temp / "nested/second/ruleset.rules").read_text()
    expect('extends "../../examples/homebrew"' in manifest, "a folder parent as a relative path", manifest)
    test_text = (temp / "nested/second/tests/basics.yaml").read_text()
    code, out, err = run("test", "nested/second", cwd=temp)
    expect(code == 0 and "1 passed, 0 failed" in out, f"test nested/second: exit {code}", out + err + test_text)
    code, out, err = run("diff", "examples/homebrew", "nested/second", cwd=temp)
    expect(code == 0, f"diff homebrew second: exit {code}", out + err)

for failure in failures:
    print("FAIL:", failure)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
