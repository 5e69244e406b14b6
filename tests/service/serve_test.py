"""`rulecraft serve` end to end (docs/api.md): the same answers as `rulecraft run` on every
example scenario, every kind of bad request answered with the right status and located
diagnostics, a bounded load test with no errors, 503 when every worker is busy, a clean stop on
SIGTERM, and no file written.

Usage: serve_test.py RULECRAFT SOURCE_DIR
"""

import concurrent.futures
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_support  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()
MAX_REQUEST_BYTES = 4 << 20  # limits::kMaxRequestBytes

# The service runs in an empty folder, which must stay empty: it writes no file.
WORK_DIR = tempfile.mkdtemp(prefix="rulecraft-serve-test-")


def run_command(args, stdin_text=None, cwd=SOURCE_DIR):
    """`rulecraft ARGS` from the source folder: (exit code, parsed JSON stdout)."""
    done = subprocess.run([RULECRAFT, *args], cwd=cwd, input=stdin_text, capture_output=True, text=True)
    return done.returncode, json.loads(done.stdout)


def example_scenarios():
    return serve_support.example_scenarios(SOURCE_DIR)


def without_scenario_name(document):
    """A run document without the field naming where the scenario came from (a path, or the body)."""
    return {key: value for key, value in document.items() if key != "scenario"}


first_error = serve_support.first_error


class ServeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = serve_support.Server(RULECRAFT, ["--rulesets", os.path.join(SOURCE_DIR, "examples")], cwd=WORK_DIR)

    @classmethod
    def tearDownClass(cls):
        code = cls.server.stop(signal.SIGTERM)
        assert code == 0, f"rulecraft serve exited {code} on SIGTERM"
        assert any("stopped" in line for line in cls.server.log), "no 'stopped' line"

    def post_run(self, body, content_type=None, query=""):
        headers = {"Content-Type": content_type} if content_type else {}
        return self.server.request("POST", "/v1/run" + query, body, headers)

    # --- the same answers as the command ---

    def test_run_answers_as_the_command_on_every_example(self):
        scenarios = example_scenarios()
        self.assertGreaterEqual(len(scenarios), 3)
        for path, text in scenarios:
            with self.subTest(scenario=path):
                code, expected = run_command(["run", path])
                if not re.search(r"^ruleset:", text, re.M):
                    # A test file of a ruleset folder uses that ruleset without naming it; a
                    # request names it, on a line of its own after the others.
                    folder = os.path.basename(os.path.dirname(os.path.dirname(path)))
                    text = text + f"\nruleset: {folder}\n"
                status, document, raw = self.post_run(text)
                self.assertEqual(status, 200 if code == 0 else 400, raw[:2000])
                self.assertEqual(without_scenario_name(document), without_scenario_name(expected))
                self.assertEqual(document["scenario"], "request.yaml")

    def test_explain_is_kept_when_asked(self):
        path, text = example_scenarios()[0]
        # Explanations name the bundled rulesets' files from their ruleset (dnd35:…), whatever the folder.
        for query, flag in (("?explain=true", "--explain"), ("?explain=full", "--explain=full")):
            _, expected = run_command(["run", "-", flag], stdin_text=text, cwd=WORK_DIR)
            status, document, _ = self.post_run(text, query=query)
            self.assertEqual(status, 200)
            self.assertEqual(without_scenario_name(document), without_scenario_name(expected))
        short = [entry for result in document["results"] for entry in result.get("explain", [])]
        self.assertTrue(short and all("line" not in entry for entry in short), "full: the trace, no summary lines")
        _, summary = run_command(["run", "-", "--explain"], stdin_text=text, cwd=WORK_DIR)
        lines = [entry for result in summary["results"] for entry in result.get("explain", [])]
        self.assertTrue(lines and all(isinstance(entry["line"], str) for entry in lines))
        self.assertLess(len(lines), len(short), "the summary is shorter than the trace")

    def test_a_json_scenario_answers_as_run_dash_does(self):
        body = json.dumps(serve_support.grid_scenario(64), indent="\t")  # tabs between tokens too
        code, expected = run_command(["run", "-"], stdin_text=body)
        self.assertEqual(code, 0)
        status, document, _ = self.post_run(body, "application/json")
        self.assertEqual(status, 200)
        self.assertEqual(without_scenario_name(document), without_scenario_name(expected))
        self.assertEqual(document["results"][0]["status"], "ok")

    # --- bad requests: status codes and located diagnostics ---

    def test_malformed_json_is_400_at_its_line_and_column(self):
        status, document, _ = self.post_run('{"ruleset": "dnd35",\n "queries": [,]}', "application/json")
        self.assertEqual(status, 400)
        error = first_error(document)
        self.assertEqual((error["code"], error["file"], error["line"], error["col"]),
                         ("malformed-json", "request.json", 2, 14))
        self.assertIn("^", error["rendered"])
        self.assertEqual(document["results"], [])
        self.assertEqual(document["schema_version"], 2)

    def test_a_number_too_large_for_json_is_400_at_the_number(self):
        # Found by service_fuzzer (fuzz/regressions/service/number_overflow): nlohmann throws
        # out_of_range, not parse_error, for a number past a double's range.
        status, document, _ = self.post_run('{"ruleset": "dnd35",\n "seed": 9e609}', "application/json")
        self.assertEqual(status, 400)
        error = first_error(document)
        self.assertEqual((error["code"], error["file"], error["line"], error["col"]),
                         ("malformed-json", "request.json", 2, 10))
        self.assertIn("number overflow", error["message"])
        self.assertIn("^", error["rendered"])

    def test_malformed_yaml_is_400_at_its_line(self):
        status, document, _ = self.post_run("ruleset: dnd35\nqueries: [\n  - a: b\n", "application/yaml")
        self.assertEqual(status, 400)
        error = first_error(document)
        self.assertEqual((error["code"], error["file"]), ("yaml-syntax", "request.yaml"))
        self.assertIsNotNone(error["line"])

    def test_a_wrong_scenario_is_400_with_every_error_located(self):
        status, document, _ = self.post_run("ruleset: dnd35\ncreatures:\n  - { id: a, size: hueg }\nqueries: []\n")
        self.assertEqual(status, 400)
        error = first_error(document)
        self.assertEqual((error["code"], error["line"], error["col"]), ("unknown-name", 3, 20))
        self.assertIn("did you mean 'huge'?", error["rendered"])

    def test_an_unknown_ruleset_is_404(self):
        status, document, _ = self.post_run("ruleset: dnd99\nqueries: []\n")
        self.assertEqual(status, 404)
        error = first_error(document)
        self.assertEqual((error["code"], error["file"], error["line"], error["col"]),
                         ("unknown-ruleset", "request.yaml", 1, 10))

    def test_ruleset_paths_may_not_leave_the_served_folders(self):
        for ruleset in ["../../etc", "/etc", "/tmp", "./../../..", "dnd35/../../../etc",
                        "homebrew/../../rulesets/dnd35/.."]:
            with self.subTest(ruleset=ruleset):
                status, document, _ = self.post_run(json.dumps({"ruleset": ruleset, "queries": []}))
                self.assertIn(status, (400, 404))
                error = first_error(document)
                self.assertIn(error["code"], ("ruleset-path-refused", "unknown-ruleset"))
                self.assertEqual((error["file"], error["line"]), ("request.json", 1))
        status, document, _ = self.post_run('{"ruleset": "../../etc", "queries": []}')
        self.assertEqual((status, first_error(document)["code"]), (400, "ruleset-path-refused"))

    def test_a_path_inside_the_served_folders_is_allowed(self):
        status, document, _ = self.post_run("ruleset: ./homebrew\nqueries: []\n")
        self.assertEqual(status, 200, document)
        self.assertEqual(document["ruleset"], "swift_folk")  # examples/homebrew's manifest

    def test_an_oversized_body_is_413(self):
        # Only the headers are sent: the service refuses by Content-Length, before reading.
        with socket.create_connection((self.server.host, self.server.port), timeout=30) as connection:
            connection.sendall(f"POST /v1/run HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                               f"Content-Length: {MAX_REQUEST_BYTES + 1}\r\n\r\n".encode())
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        self.assertIn(b" 413 ", head.split(b"\r\n")[0])
        self.assertEqual(first_error(json.loads(body))["code"], "too-large")

    def test_a_body_at_the_limit_is_read(self):
        body = "# " + "x" * (MAX_REQUEST_BYTES - 40) + "\nruleset: dnd35\nqueries: []\n"
        self.assertLessEqual(len(body), MAX_REQUEST_BYTES)
        status, _, _ = self.post_run(body)
        self.assertEqual(status, 200)

    def test_bytes_that_are_not_text_are_400(self):
        status, document, _ = self.post_run(b"ruleset: dnd35\nqueries: []\n\x00\xff")
        self.assertEqual(status, 400)
        self.assertEqual(first_error(document)["code"], "not-text")

    def test_a_wrong_method_is_405_and_an_unknown_route_404(self):
        for method, path, status, code in [("GET", "/v1/run", 405, "method-not-allowed"),
                                           ("DELETE", "/v1/health", 405, "method-not-allowed"),
                                           ("POST", "/v1/rulesets", 405, "method-not-allowed"),
                                           ("GET", "/v2/run", 404, "unknown-route"),
                                           ("GET", "/v1/nothing", 404, "unknown-route"),
                                           ("GET", "/no-such-page.html", 404, "unknown-route"),
                                           ("POST", "/v1/run/../../etc/passwd", 404, "unknown-route")]:
            with self.subTest(method=method, path=path):
                got, document, _ = self.server.request(method, path)
                self.assertEqual(got, status)
                self.assertEqual(first_error(document)["code"], code)

    # --- the other endpoints ---

    def test_check_answers_as_the_command(self):
        code, expected = run_command(["check", "dnd35", "--format", "json"])
        status, document, _ = self.server.request("POST", "/v1/check", '{"ruleset": "dnd35"}')
        self.assertEqual((status, code), (200, 0))
        self.assertEqual(document, expected)
        status, document, _ = self.server.request("POST", "/v1/check", '{"rulesets": ["dnd99"]}')
        self.assertEqual((status, first_error(document)["code"]), (404, "unknown-ruleset"))
        status, document, _ = self.server.request("POST", "/v1/check", '{"rulesets": ["/etc"]}')
        self.assertEqual((status, first_error(document)["code"]), (400, "ruleset-path-refused"))
        status, document, _ = self.server.request("POST", "/v1/check", '{"rulesets": [')
        self.assertEqual((status, first_error(document)["code"]), (400, "malformed-json"))

    def test_rulesets_lists_the_bundled_and_the_served_ones(self):
        status, document, _ = self.server.request("GET", "/v1/rulesets")
        self.assertEqual(status, 200)
        names = {entry["name"]: entry for entry in document["rulesets"]}
        for name in ["dnd35", "dnd5e", "starfinder", "age_of_heroes", "homebrew"]:
            self.assertIn(name, names)
        self.assertIn("terrain", names["dnd35"]["tables"])
        # The layers it is built from, base first: the shared modules it uses, then what it extends.
        self.assertEqual(names["homebrew"]["lineage"][-2], "dnd35")
        # Its movement modes' names, for a page's mode menu.
        for mode in ["move", "double", "run", "five_foot_step", "charge"]:
            self.assertIn(mode, names["dnd35"]["movement_modes"])
        self.assertIn("dash", names["dnd5e"]["movement_modes"])

    def test_health_and_openapi(self):
        status, document, _ = self.server.request("GET", "/v1/health")
        self.assertEqual((status, document["status"]), (200, "ok"))
        status, document, _ = self.server.request("GET", "/v1/openapi.json")
        self.assertEqual(status, 200)
        self.assertTrue(document["openapi"].startswith("3."))
        for path in ["/v1/run", "/v1/check", "/v1/rulesets", "/v1/health", "/v1/openapi.json"]:
            self.assertIn(path, document["paths"])

    def test_docs_api_examples_answer_as_documented(self):
        with open(os.path.join(SOURCE_DIR, "docs", "api.md"), encoding="utf-8") as file:
            docs = file.read()
        examples = re.findall(r"<!-- request: (\S+) (\S+) (\d+) -->\n```(?:json|yaml)\n(.*?)```", docs, re.S)
        self.assertGreaterEqual(len(examples), 3)
        for method, path, status, body in examples:
            with self.subTest(method=method, path=path):
                got, document, raw = self.server.request(method, path, body if method == "POST" else None)
                self.assertEqual(got, int(status), raw[:1000])

    def test_docs_api_code_is_the_example_program(self):
        with open(os.path.join(SOURCE_DIR, "docs", "api.md"), encoding="utf-8") as file:
            blocks = re.findall(r"```cpp\n(.*?)```", file.read(), re.S)
        with open(os.path.join(SOURCE_DIR, "examples", "library", "drag_token.cc"), encoding="utf-8") as file:
            program = file.read()
        self.assertGreaterEqual(len(blocks), 2)
        for block in blocks:
            for line in block.strip().splitlines():
                self.assertIn(line.strip(), program)

    # --- load: every request answered, none lost ---

    def test_bounded_load_has_no_errors(self):
        body = json.dumps(serve_support.grid_scenario(64))
        _, expected = run_command(["run", "-"], stdin_text=body)
        clients, requests = 8, 200
        logged_before = len(self.server.log)

        def client(_):
            answers = []
            for _ in range(requests):
                status, document, _ = self.post_run(body, "application/json")
                answers.append((status, document["results"] if document else None))
            return answers

        with concurrent.futures.ThreadPoolExecutor(clients) as pool:
            everything = [answer for answers in pool.map(client, range(clients)) for answer in answers]
        self.assertEqual(len(everything), clients * requests)
        self.assertEqual([status for status, _ in everything if status != 200], [])
        self.assertTrue(all(results == expected["results"] for _, results in everything))
        # One log line per request.
        self.assertTrue(serve_support.wait_until(lambda: len(self.server.log) - logged_before >= clients * requests,
                                                 timeout=120))
        self.assertTrue(all("POST /v1/run 200" in line for line in self.server.log[logged_before:]))

    def test_the_service_still_answers(self):
        status, _, _ = self.server.request("GET", "/v1/health")
        self.assertEqual(status, 200)


class BusyTest(unittest.TestCase):
    def test_requests_past_the_workers_are_503_and_none_is_lost(self):
        server = serve_support.Server(RULECRAFT, ["--workers", "1", "--rulesets", os.path.join(SOURCE_DIR, "tests", "lua")],
                                      cwd=WORK_DIR)
        try:
            with open(os.path.join(SOURCE_DIR, "tests/lua/query_budget/tests/query_budget.yaml"), encoding="utf-8") as file:
                slow = "ruleset: query_budget\n" + file.read()  # Lua hooks spending their budget
            statuses = []
            for _ in range(5):
                with concurrent.futures.ThreadPoolExecutor(6) as pool:
                    statuses += [status for status, _, _ in pool.map(lambda _: server.request("POST", "/v1/run", slow), range(6))]
                if 503 in statuses:
                    break
            self.assertIn(503, statuses)
            self.assertTrue(set(statuses) <= {200, 503}, statuses)
            status, document, _ = server.request("POST", "/v1/run", slow)
            self.assertEqual(status, 200)
            self.assertEqual(document["results"][0]["status"], "error")  # the query's Lua budget
        finally:
            self.assertEqual(server.stop(signal.SIGINT), 0)

    def test_it_listens_on_loopback_by_default(self):
        server = serve_support.Server(RULECRAFT, cwd=WORK_DIR)
        try:
            self.assertEqual(server.host, "127.0.0.1")
        finally:
            server.stop()


if __name__ == "__main__":
    try:
        result = unittest.main(argv=[sys.argv[0], "-v"], exit=False).result
    finally:
        left = os.listdir(WORK_DIR)
        os.rmdir(WORK_DIR) if not left else None
    if left:
        print(f"rulecraft serve wrote files in its working folder: {left}", file=sys.stderr)
        sys.exit(1)
    sys.exit(0 if result.wasSuccessful() else 1)
