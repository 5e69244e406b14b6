"""POST /v1/render end to end (docs/api.md): the same SVG as `rulecraft render` for every example
and every query of it that can be drawn, and bad requests answered as /v1/run answers them —
located JSON diagnostics, 400 or 404.

Usage: render_test.py RULECRAFT SOURCE_DIR
"""

import http.client
import json
import os
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_support  # noqa: E402
from serve_support import first_error  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()
DRAWABLE = ("reach", "path", "route", "threatened", "attack")

SMALL = {
    "ruleset": "dnd35",
    "map": {"legend": {".": "open", "#": "wall"}, "rows": ["....", ".#..", "...."]},
    "creatures": [{"id": "kyra", "side": "party", "at": [0, 0]}, {"id": "orc", "side": "monsters", "at": [3, 2]}],
    "queries": [{"id": "walk", "path": {"creature": "kyra", "to": [3, 1]}},
                {"id": "tall", "size": {"category": "large"}},
                {"id": "hit", "attack": {"attacker": "kyra", "defender": "orc", "kind": "ranged"}}],
}


def render_command(path, query):
    """`rulecraft render PATH [--query QUERY]` from the source folder: (exit code, SVG)."""
    args = [RULECRAFT, "render", path] + (["--query", query] if query else [])
    done = subprocess.run(args, cwd=SOURCE_DIR, capture_output=True, text=True)
    return done.returncode, done.stdout


def untitled(svg):
    """The picture without its <title>, which names the scenario's file (a path, or the request)."""
    return re.sub(r"<title>[^<]*</title>", "", svg)


def drawable_queries(text):
    """The ids of the queries of a scenario's YAML whose kind can be drawn (flow-style queries)."""
    ids = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("- { id:") or stripped.startswith("- {id:"):
            query_id = stripped.split("id:", 1)[1].split(",", 1)[0].strip()
            kind = stripped.split(",", 1)[1].split(":", 1)[0].strip()
            if kind in DRAWABLE:
                ids.append(query_id)
    return ids


class RenderTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = serve_support.Server(RULECRAFT, ["--rulesets", os.path.join(SOURCE_DIR, "examples")])

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def post_render(self, body, query=None, content_type=None):
        path = "/v1/render" + (f"?query={query}" if query else "")
        headers = {"Content-Type": content_type} if content_type else {}
        return self.server.request("POST", path, body, headers)

    def test_the_same_picture_as_the_command_for_every_example(self):
        drawn = 0
        for path, text in serve_support.example_scenarios(SOURCE_DIR):
            if not re.search(r"^ruleset:", text, re.M):
                # A test file of a ruleset folder uses that ruleset without naming it; a request
                # names it, on a line of its own after the others (as serve_test.py does).
                text = text + f"\nruleset: {os.path.basename(os.path.dirname(os.path.dirname(path)))}\n"
            for query in [None] + drawable_queries(text):
                with self.subTest(scenario=path, query=query):
                    code, expected = render_command(path, query)
                    status, document, raw = self.post_render(text, query)
                    if code != 0:
                        self.assertEqual(status, 400, raw[:1000])
                        continue
                    self.assertEqual(status, 200, raw[:2000])
                    self.assertEqual(untitled(raw.decode()), untitled(expected))
                    self.assertIn("<title>rulecraft: request.yaml", raw.decode())
                    drawn += 1
        self.assertGreaterEqual(drawn, 8)

    def test_a_json_scenario_is_drawn_with_its_svg_type(self):
        for query in ["walk", "hit", None]:
            with self.subTest(query=query):
                status, _, raw = self.post_render(json.dumps(SMALL), query, "application/json")
                self.assertEqual(status, 200)
                self.assertTrue(raw.startswith(b"<?xml") or raw.startswith(b"<svg"), raw[:100])
        headers = self.server_headers("/v1/render?query=walk", json.dumps(SMALL))
        self.assertEqual(headers.get("Content-Type"), "image/svg+xml")

    def server_headers(self, path, body):
        connection = http.client.HTTPConnection(self.server.host, self.server.port, timeout=60)
        try:
            connection.request("POST", path, body=body.encode())
            response = connection.getresponse()
            response.read()
            return dict(response.getheaders())
        finally:
            connection.close()

    def test_bad_requests_are_located_json_errors(self):
        cases = [
            ('{"ruleset": "dnd35",\n "map": [,]}', None, 400, "malformed-json", ("request.json", 2, 10)),
            ("ruleset: dnd35\nmap: { rows: ['..'], legend: { '.': opne } }\nqueries: []\n", None, 400,
             "unknown-symbol", ("request.yaml", 2, 16)),
            ("ruleset: dnd99\nqueries: []\n", None, 404, "unknown-ruleset", ("request.yaml", 1, 10)),
            ("ruleset: dnd35\nqueries: []\n", None, 400, "no-map", (None, None, None)),
            (json.dumps(SMALL), "wlak", 400, "unknown-query", (None, None, None)),
            (json.dumps(SMALL), "tall", 400, "nothing-to-draw", ("request.json", 1, None)),
        ]
        for body, query, status, code, (file, line, col) in cases:
            with self.subTest(code=code):
                got, document, raw = self.post_render(body, query)
                self.assertEqual(got, status, raw[:1000])
                error = first_error(document)
                self.assertEqual(error["code"], code)
                self.assertEqual(error["file"], file)
                if line is not None:
                    self.assertEqual(error["line"], line)
                if col is not None:
                    self.assertEqual(error["col"], col)
                self.assertEqual(document["schema_version"], 2)
                self.assertIn("diagnostics", document)
        _, document, _ = self.post_render(json.dumps(SMALL), "wlak")
        self.assertIn("did you mean 'walk'?", first_error(document)["rendered"])

    def test_only_post_is_taken(self):
        status, document, _ = self.server.request("GET", "/v1/render")
        self.assertEqual((status, first_error(document)["code"]), (405, "method-not-allowed"))

    def test_openapi_describes_render(self):
        _, document, _ = self.server.request("GET", "/v1/openapi.json")
        render = document["paths"]["/v1/render"]["post"]
        self.assertIn("image/svg+xml", render["responses"]["200"]["content"])
        self.assertEqual([p["name"] for p in render["parameters"]], ["query"])

    def test_rulesets_give_their_terrain_rows_and_colours(self):
        _, document, _ = self.server.request("GET", "/v1/rulesets")
        for ruleset in document["rulesets"]:
            with self.subTest(ruleset=ruleset["name"]):
                self.assertTrue(ruleset["terrain"])
                for row in ruleset["terrain"]:
                    self.assertRegex(row["colour"], r"^#[0-9a-fA-F]{6}$")
                self.assertIn("medium", ruleset["sizes"])
        dnd35 = next(r for r in document["rulesets"] if r["name"] == "dnd35")
        self.assertIn({"name": "open", "label": "Open ground", "colour": "#f2efe6"}, dnd35["terrain"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
