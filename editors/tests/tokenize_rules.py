#!/usr/bin/env python3
"""Checks editors/vscode-rulecraft's TextMate grammar against every .rules file of the project.

A small tokenizer honours the grammar's `match`, `begin`/`end`, `captures`, `patterns` and
`include` (the subset the grammar uses; Python's `re` reads its regular expressions as Oniguruma
would). An independent lexer written from grammar/Rules.g4's tokens then checks, token by token:
each keyword is scoped keyword.* or storage.*, each rule's name after `rule` is
entity.name.function.rule, each number constant.numeric, a unit after a number keyword.other.unit,
each string string.quoted, each comment comment.line; and no character but spacing is left unscoped.

Usage: tokenize_rules.py SOURCE_DIR  (exit 0 when every file passes; prints each failure)
"""
import json
import pathlib
import re
import sys

KEYWORDS = {"ruleset", "extends", "uses", "override", "rule", "if", "then", "else", "let", "in", "and", "or",
            "not", "true", "false"}
UNITS = {"ft", "feet", "square", "squares", "mile", "miles"}


class Grammar:
    def __init__(self, path):
        data = json.loads(path.read_text())
        self.repository = data["repository"]
        self.top = data["patterns"]

    def flatten(self, patterns):
        """The patterns with every `include` replaced by what it names, in order."""
        out = []
        for pattern in patterns:
            if "include" in pattern:
                target = self.repository[pattern["include"].lstrip("#")]
                out.extend(self.flatten(target["patterns"]) if "patterns" in target and "match" not in target
                           and "begin" not in target else self.flatten([target]))
            else:
                out.append(pattern)
        return out

    def tokenize(self, line):
        """The scope of each character of `line` (a list, None where nothing scoped it)."""
        scopes = [None] * len(line)
        self._scan(line, 0, len(line), self.flatten(self.top), scopes, None)
        return scopes

    def _scan(self, line, pos, stop, patterns, scopes, end_regex):
        """Scans line[pos:stop]; returns where `end_regex` matched (its end), or stop."""
        compiled = [(p, re.compile(p.get("match") or p.get("begin"))) for p in patterns]
        while pos < stop:
            best = None
            if end_regex is not None:
                found = end_regex.search(line, pos)
                if found:
                    best = (found.start(), -1, None, found)
            for index, (pattern, regex) in enumerate(compiled):
                found = regex.search(line, pos)
                # The earliest match wins; at the same place, the end pattern, then the first listed.
                if found and (best is None or found.start() < best[0]):
                    best = (found.start(), index, pattern, found)
            if best is None:
                return stop
            start, index, pattern, found = best
            if index == -1:  # the enclosing rule ends here
                return found.end()
            if "match" in pattern:
                self._apply(pattern, found, scopes)
                pos = max(found.end(), pos + 1)
            else:  # begin … end
                name = pattern.get("name")
                self._paint(scopes, found.start(), found.end(), name)
                self._captures(pattern.get("beginCaptures", {}), found, scopes)
                inner = self.flatten(pattern.get("patterns", []))
                end = self._scan(line, found.end(), stop, inner, scopes, re.compile(pattern["end"]))
                for i in range(found.end(), end):
                    if scopes[i] is None:
                        scopes[i] = name
                pos = max(end, pos + 1)
        return stop

    def _apply(self, pattern, found, scopes):
        self._paint(scopes, found.start(), found.end(), pattern.get("name"))
        self._captures(pattern.get("captures", {}), found, scopes)

    @staticmethod
    def _captures(captures, found, scopes):
        for group, capture in captures.items():
            group = int(group)
            if found.group(group) is not None:
                Grammar._paint(scopes, found.start(group), found.end(group), capture["name"], force=True)

    @staticmethod
    def _paint(scopes, start, end, name, force=False):
        if name is None:
            return
        for i in range(start, end):
            if force or scopes[i] is None:
                scopes[i] = name


# The tokens of grammar/Rules.g4, in its lexer's order of preference.
LEXER = re.compile(r'(?P<comment>#[^\r\n]*)|(?P<string>"(?:[^"\\\r\n]|\\.)*")|(?P<number>[0-9]+(?:\.[0-9]+)?)'
                   r'|(?P<word>[A-Za-z_][A-Za-z_0-9]*)|(?P<space>[ \t\r\n]+)|(?P<other>.)')


def check_file(grammar, path, problems):
    counts = {"keyword": 0, "rule_name": 0, "number": 0, "unit": 0, "string": 0, "comment": 0}
    previous_word = None
    previous_kind = None
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        scopes = grammar.tokenize(line)

        def fail(column, what):
            problems.append(f"{path}:{number}:{column + 1}: {what}\n  {line}\n  {' ' * column}^")

        for token in LEXER.finditer(line):
            kind, text, at = token.lastgroup, token.group(), token.start()
            scope = scopes[at] or ""
            if kind == "space":
                continue
            if any(s is None for s in scopes[at:token.end()]):
                fail(at, f"'{text}' is left unscoped")
            elif kind == "comment":
                counts["comment"] += 1
                if not scope.startswith("comment.line"):
                    fail(at, f"a comment scoped {scope}")
            elif kind == "string":
                counts["string"] += 1
                if not scope.startswith(("string.quoted", "punctuation.definition.string")):
                    fail(at, f"a string scoped {scope}")
            elif kind == "number":
                counts["number"] += 1
                if not scope.startswith("constant.numeric"):
                    fail(at, f"the number {text} scoped {scope}")
            elif kind == "word" and previous_word == "rule" and previous_kind == "word":
                counts["rule_name"] += 1
                if not scope.startswith("entity.name.function.rule"):
                    fail(at, f"the rule name '{text}' scoped {scope}")
            elif kind == "word" and text in KEYWORDS:
                counts["keyword"] += 1
                if not scope.startswith(("keyword.", "storage.", "constant.language")):
                    fail(at, f"the keyword '{text}' scoped {scope}")
            elif kind == "word" and text in UNITS and previous_kind == "number":
                counts["unit"] += 1
                if not scope.startswith("keyword.other.unit"):
                    fail(at, f"the unit '{text}' after a number scoped {scope}")
            elif kind == "word" and text not in KEYWORDS and scope.startswith(("keyword.", "storage.")):
                fail(at, f"the name '{text}' scoped as a keyword ({scope})")
            if kind != "comment":
                previous_word, previous_kind = (text if kind == "word" else None), kind
    return counts


def main():
    source = pathlib.Path(sys.argv[1])
    grammar = Grammar(source / "editors/vscode-rulecraft/syntaxes/rules.tmLanguage.json")
    files = sorted(p for folder in ("rulesets", "examples", "tests") for p in (source / folder).rglob("*.rules"))
    files = [p for p in files if "bad_inputs" not in p.parts and "broken" not in p.as_posix()]
    problems = []
    totals = {}
    for path in files:
        for key, value in check_file(grammar, path, problems).items():
            totals[key] = totals.get(key, 0) + value
    # The grammar must have met every kind of token, or the checks above prove nothing.
    for key in ("keyword", "rule_name", "number", "unit", "string", "comment"):
        if totals.get(key, 0) == 0:
            problems.append(f"no {key} met in {len(files)} files")
    if len(files) < 5:
        problems.append(f"only {len(files)} .rules files found under {source}")
    for problem in problems:
        print(problem)
    print(f"{len(files)} files, {totals}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
