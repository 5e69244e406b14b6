"""Open scenarios over HTTP (issue 14: keep a loaded scenario and answer further queries on it
after changes): POST /v1/scenarios opens one; GET /v1/scenarios/{id}, POST …/ask and POST
…/changes answer and change it; every answer equals `rulecraft run` on the scenario as changed;
refused changes leave it as it was; DELETE closes it.

Usage: scenarios_test.py RULECRAFT SOURCE_DIR
"""

import copy
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_support  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()


def run_command(scenario):
    """The results `rulecraft run -` gives for a scenario (a dict)."""
    completed = subprocess.run([RULECRAFT, "run", "-"], input=json.dumps(scenario), capture_output=True, text=True,
                               cwd=SOURCE_DIR)
    return json.loads(completed.stdout)["results"]


def first_error(document):
    errors = [item for item in document["diagnostics"] if item["severity"] == "error"]
    return errors[0] if errors else None


class OpenScenarios(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = serve_support.Server(RULECRAFT, cwd=SOURCE_DIR)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def open(self, scenario):
        status, document, _ = self.server.request("POST", "/v1/scenarios", json.dumps(scenario),
                                                  {"Content-Type": "application/json"})
        self.assertEqual(status, 201, document)
        self.assertEqual(document["ruleset"], scenario["ruleset"])
        return document["scenario"]

    def ask(self, scenario_id, query):
        status, document, _ = self.server.request("POST", f"/v1/scenarios/{scenario_id}/ask", json.dumps(query))
        self.assertEqual(status, 200, document)
        return document["results"]

    def change(self, scenario_id, body):
        return self.server.request("POST", f"/v1/scenarios/{scenario_id}/changes", json.dumps(body))

    def test_answers_follow_the_changes(self):
        scenario = serve_support.grid_scenario(16)
        scenario_id = self.open(scenario)
        status, document, _ = self.server.request("GET", f"/v1/scenarios/{scenario_id}")
        self.assertEqual(status, 200)
        self.assertEqual(document["results"], run_command(scenario))
        reach = scenario["queries"][0]
        self.assertEqual(self.ask(scenario_id, reach), run_command(scenario))

        # Move the runner, paint a wall beside it, make it prone: each answer is the command's
        # on the scenario written with the same changes.
        status, document, _ = self.change(scenario_id, {"move": {"creature": "runner", "to": [2, 2]}})
        self.assertEqual((status, document["applied"]), (200, 1), document)
        changed = copy.deepcopy(scenario)
        changed["creatures"][0]["at"] = [2, 2]
        self.assertEqual(self.ask(scenario_id, reach), run_command(changed))

        status, document, _ = self.change(scenario_id, {"changes": [
            {"paint": {"at": [3, 2], "terrain": "wall"}},
            {"conditions": {"creature": "runner", "set": ["prone"]}}]})
        self.assertEqual((status, document["applied"]), (200, 2), document)
        row = list(changed["map"]["rows"][2])
        row[3] = "#"
        changed["map"]["rows"][2] = "".join(row)
        changed["creatures"][0]["conditions"] = ["prone"]
        self.assertEqual(self.ask(scenario_id, reach), run_command(changed))
        status, document, _ = self.server.request("GET", f"/v1/scenarios/{scenario_id}")
        self.assertEqual(document["results"], run_command(changed))

    def test_a_refused_change_changes_nothing(self):
        scenario = serve_support.grid_scenario(16)
        scenario_id = self.open(scenario)
        reach = scenario["queries"][0]
        before = self.ask(scenario_id, reach)
        # (1, 4) is a wall square of the grid scenario's stripe at y 4.
        status, document, _ = self.change(scenario_id, {"changes": [
            {"move": {"creature": "runner", "to": [2, 2]}},
            {"move": {"creature": "runner", "to": [1, 4]}}]})
        self.assertEqual(status, 400)
        self.assertEqual(document["applied"], 1)
        self.assertIsNotNone(first_error(document))
        moved = copy.deepcopy(scenario)
        moved["creatures"][0]["at"] = [2, 2]
        self.assertEqual(self.ask(scenario_id, reach), run_command(moved))
        self.assertNotEqual(self.ask(scenario_id, reach), before)

        for bad in ({"move": {"creature": "runner", "to": [1]}}, {"jump": {}}, {"move": {}, "paint": {}}):
            status, document, _ = self.change(scenario_id, bad)
            self.assertEqual((status, document["applied"]), (400, 0), bad)
            self.assertEqual(first_error(document)["code"], "wrong-type")
        status, document, _ = self.change(scenario_id, {"move": {"creature": "nobody", "to": [2, 3]}})
        self.assertEqual(status, 400)
        self.assertIn("nobody", first_error(document)["message"])
        self.assertEqual(self.ask(scenario_id, reach), run_command(moved))

    def test_a_bad_query_is_located(self):
        scenario_id = self.open(serve_support.grid_scenario(8))
        status, document, _ = self.server.request("POST", f"/v1/scenarios/{scenario_id}/ask",
                                                  json.dumps({"id": "r", "reach": {"creature": "runer"}}))
        self.assertEqual(status, 400)
        error = first_error(document)
        self.assertEqual(error["code"], "unknown-creature")
        self.assertEqual(error["line"], 1)

    def test_a_bad_scenario_is_not_opened(self):
        scenario = serve_support.grid_scenario(8)
        scenario["creatures"][0]["at"] = [100, 100]
        status, document, _ = self.server.request("POST", "/v1/scenarios", json.dumps(scenario))
        self.assertEqual(status, 400)
        self.assertIsNone(document["scenario"])
        self.assertIsNotNone(first_error(document))
        scenario["ruleset"] = "no_such_ruleset"
        status, document, _ = self.server.request("POST", "/v1/scenarios", json.dumps(scenario))
        self.assertEqual(status, 404)

    def test_closed_and_unknown_scenarios(self):
        scenario_id = self.open(serve_support.grid_scenario(8))
        status, document, _ = self.server.request("DELETE", f"/v1/scenarios/{scenario_id}")
        self.assertEqual((status, document["closed"]), (200, True))
        for method, path in (("GET", ""), ("POST", "/ask"), ("POST", "/changes"), ("DELETE", "")):
            status, document, _ = self.server.request(method, f"/v1/scenarios/{scenario_id}{path}", "{}")
            self.assertEqual(status, 404, (method, path))
            self.assertEqual(first_error(document)["code"], "unknown-scenario")
        status, document, _ = self.server.request("PUT", f"/v1/scenarios/{scenario_id}")
        self.assertEqual(status, 405)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
