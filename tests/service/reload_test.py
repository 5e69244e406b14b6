"""A ruleset edited on disk is reloaded by `rulecraft serve` (issue 14, "a ruleset folder that
changes on disk is reloaded"): a homebrew ruleset copied to a temporary `--rulesets` folder is
loaded once and cached; edited between two requests, the next answer follows the edit; broken,
the next answer is its located error, never the stale ruleset; mended, answers come back. An
edited Lua hook (hooks/) is read again too, and so is an edited script of the shared `scripts/`
folder beside the bundled rulesets (a copy of them, named by RULECRAFT_RULESETS).

Usage: reload_test.py RULECRAFT SOURCE_DIR
"""

import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_support  # noqa: E402
from serve_support import first_error  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()

# A halfling in the homebrew (examples/homebrew: halflings are swift, 25 ft) and what it reaches.
SCENARIO = json.dumps({
    "ruleset": "homebrew",
    "map": {"legend": {".": "open"}, "rows": ["." * 20] * 3},
    "creatures": [{"id": "pip", "side": "party", "race": "halfling", "at": [0, 1]}],
    "queries": [{"id": "speed", "speed": {"creature": "pip"}},
                {"id": "move", "reach": {"creature": "pip"}}],
})
# A skater crossing ice (examples/homebrew/tests/ice.yaml): hooks/skates.lua makes each step 1.
SKATING = json.dumps({
    "ruleset": "homebrew",
    "map": {"legend": {".": "open", "i": "ice"}, "rows": [".....", "..i..", "....."]},
    "creatures": [{"id": "skater", "side": "party", "race": "human", "at": [1, 1], "traits": ["skates"]}],
    "queries": [{"id": "glide", "route": {"creature": "skater", "through": [[2, 1], [3, 1]]}}],
})
SWIFT = "speed: { none: 25 ft, light: 25 ft, medium: 20 ft, heavy: 20 ft }"


class ReloadTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="rulecraft-reload-test-")
        cls.homebrew = os.path.join(cls.folder, "homebrew")
        shutil.copytree(os.path.join(SOURCE_DIR, "examples", "homebrew"), cls.homebrew)
        cls.speeds = os.path.join(cls.homebrew, "tables", "speeds.yaml")
        with open(cls.speeds, encoding="utf-8") as file:
            cls.original = file.read()
        cls.server = serve_support.Server(RULECRAFT, ["--rulesets", cls.folder, "--workers", "2"], cwd=cls.folder)

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0
        shutil.rmtree(cls.folder, ignore_errors=True)

    def setUp(self):
        self.edit(self.original)

    def edit(self, text, path=None):
        """Writes speeds.yaml (or `path`) and moves its modification time on by a second, so the
        edit shows even where the file system's clock is coarse and the size stays the same."""
        path = path or self.speeds
        before = os.stat(path).st_mtime_ns
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        later = max(before, os.stat(path).st_mtime_ns) + 1_000_000_000
        os.utime(path, ns=(later, later))

    def run_scenario(self):
        status, document, raw = self.server.request("POST", "/v1/run", SCENARIO,
                                                    {"Content-Type": "application/json"})
        self.assertIsNotNone(document, raw)
        return status, document

    def speed_and_reach(self):
        status, document = self.run_scenario()
        self.assertEqual(status, 200, document)
        speed, move = document["results"]
        return speed["land_ft"], move["reachable_count"]

    def test_an_edited_table_is_reloaded(self):
        speed, reach = self.speed_and_reach()
        self.assertEqual(speed, 25)
        self.assertEqual(self.speed_and_reach(), (25, reach))  # cached: the same answer
        self.assertIn(SWIFT, self.original)
        # Same length, another number: only the modification time says it changed.
        self.edit(self.original.replace(SWIFT, SWIFT.replace("none: 25 ft", "none: 35 ft")))
        faster_speed, faster_reach = self.speed_and_reach()
        self.assertEqual(faster_speed, 35)
        self.assertGreater(faster_reach, reach)
        self.assertEqual(self.speed_and_reach(), (35, faster_reach))

    def test_a_broken_edit_is_reported_then_mended(self):
        self.assertEqual(self.speed_and_reach()[0], 25)
        self.edit(self.original.replace(SWIFT, SWIFT.replace("none: 25 ft", "none: swift")))
        status, document = self.run_scenario()
        self.assertNotEqual(status, 200)
        error = first_error(document)
        self.assertTrue(error["file"].endswith(os.path.join("homebrew", "tables", "speeds.yaml")), error)
        self.assertEqual(error["line"], self.original[:self.original.index(SWIFT)].count("\n") + 1)
        self.edit(self.original.replace(SWIFT, SWIFT.replace("none: 25 ft", "none: 30 ft")))
        self.assertEqual(self.speed_and_reach()[0], 30)

    def test_a_new_rules_file_line_is_reloaded(self):
        rules = os.path.join(self.homebrew, "ruleset.rules")
        with open(rules, encoding="utf-8") as file:
            text = file.read()
        self.assertEqual(self.speed_and_reach()[0], 25)
        try:
            with open(rules, "a", encoding="utf-8") as file:
                file.write("\nrule broken_on_purpose(: number = 1\n")
            status, document = self.run_scenario()
            self.assertNotEqual(status, 200)
            self.assertTrue(first_error(document)["file"].endswith("ruleset.rules"), document)
        finally:
            with open(rules, "w", encoding="utf-8") as file:
                file.write(text)
        self.assertEqual(self.speed_and_reach()[0], 25)


    def test_an_edited_lua_hook_is_reloaded(self):
        script = os.path.join(self.homebrew, "hooks", "skates.lua")
        with open(script, encoding="utf-8") as file:
            text = file.read()

        def glide_cost():
            status, document, raw = self.server.request("POST", "/v1/run", SKATING, {"Content-Type": "application/json"})
            self.assertEqual(status, 200, raw)
            return document["results"][0]["cost"]

        self.assertEqual(glide_cost(), 2)  # 1 onto the ice, 1 off it
        self.assertIn("if slippery then return 1 end", text)
        try:
            self.edit(text.replace("if slippery then return 1 end", "if slippery then return 4 end"), script)
            self.assertEqual(glide_cost(), 5)  # 4 onto the ice, 1 off it
        finally:
            self.edit(text, script)
        self.assertEqual(glide_cost(), 2)


# A plodder on open ground (dnd35): its trait's script, in the shared scripts/ folder, doubles
# every step's cost.
PLODDING = json.dumps({
    "ruleset": "dnd35",
    "map": {"legend": {".": "open"}, "rows": ["....."]},
    "creatures": [{"id": "plodder", "side": "party", "at": [0, 0], "traits": ["plodding"]}],
    "queries": [{"id": "walk", "route": {"creature": "plodder", "through": [[1, 0], [2, 0]]}}],
})
PLODDING_SCRIPT = "function step_cost(mover, step, mode, cost) return cost * {} end\n"


class SharedScriptReloadTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="rulecraft-reload-scripts-test-")
        shutil.copytree(os.path.join(SOURCE_DIR, "rulesets"), os.path.join(cls.folder, "rulesets"))
        os.mkdir(os.path.join(cls.folder, "scripts"))
        cls.script = os.path.join(cls.folder, "scripts", "plodding.lua")
        with open(cls.script, "w", encoding="utf-8") as file:
            file.write(PLODDING_SCRIPT.format(2))
        environment = serve_support.environment_without_proxy()
        environment["RULECRAFT_RULESETS"] = os.path.join(cls.folder, "rulesets")
        cls.server = serve_support.Server(RULECRAFT, ["--workers", "2"], cwd=cls.folder, env=environment)

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0
        shutil.rmtree(cls.folder, ignore_errors=True)

    def walk_cost(self):
        status, document, raw = self.server.request("POST", "/v1/run", PLODDING, {"Content-Type": "application/json"})
        self.assertEqual(status, 200, raw)
        return document["results"][0]["cost"]

    def test_an_edited_shared_script_is_reloaded(self):
        self.assertEqual(self.walk_cost(), 4)  # two steps of 1, doubled
        self.assertEqual(self.walk_cost(), 4)  # cached: the same answer
        ReloadTest.edit(self, PLODDING_SCRIPT.format(3), self.script)
        self.assertEqual(self.walk_cost(), 6)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
