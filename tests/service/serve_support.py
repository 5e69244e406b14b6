"""Starting `rulecraft serve` on a free loopback port and talking to it, for the service's
tests and its benchmark (bench/serve.py). Python 3 standard library only."""

import glob
import http.client
import json
import os
import re
import signal
import subprocess
import threading
import time


class Server:
    """A `rulecraft serve --port 0` process: its port, its log lines, and a clean stop."""

    def __init__(self, rulecraft, args=(), cwd=None, env=None):
        self.process = subprocess.Popen([rulecraft, "serve", "--port", "0", *args], cwd=cwd, env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.log = []
        first = self.process.stderr.readline()
        self.log.append(first)
        found = re.search(r"listening on http://([^:]+):(\d+)", first)
        if not found:
            self.process.kill()
            raise RuntimeError("rulecraft serve did not start: " + first + self.process.stderr.read())
        self.host, self.port = found.group(1), int(found.group(2))
        # The log is read as it comes, so a full pipe never stops the server.
        self.reader = threading.Thread(target=self._read_log, daemon=True)
        self.reader.start()

    def _read_log(self):
        for line in self.process.stderr:
            self.log.append(line)

    def request(self, method, path, body=None, headers=None, timeout=60):
        """Sends one request on a new connection; returns (status, parsed JSON or None, raw body)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            if isinstance(body, str):
                body = body.encode()
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            raw = response.read()
            try:
                document = json.loads(raw)
            except ValueError:
                document = None
            return response.status, document, raw
        finally:
            connection.close()

    def stop(self, sig=signal.SIGTERM, timeout=30):
        """Sends `sig` and waits; returns the exit code."""
        self.process.send_signal(sig)
        code = self.process.wait(timeout=timeout)
        self.reader.join(timeout=5)
        self.process.stderr.close()
        return code


def grid_scenario(side, ruleset="dnd35"):
    """A JSON scenario: a side × side map of open ground with wall and difficult-terrain stripes,
    a fighter in the middle, and one reach query (what bench/serve.py times)."""
    rows = []
    for y in range(side):
        row = []
        for x in range(side):
            if y % 8 == 4 and x % 16 != 0:
                row.append("#")
            elif x % 7 == 3 and y % 5 == 1:
                row.append("~")
            else:
                row.append(".")
        rows.append("".join(row))
    middle = side // 2
    return {
        "ruleset": ruleset,
        "map": {"legend": {".": "open", "~": "difficult", "#": "wall"}, "rows": rows},
        "creatures": [{"id": "runner", "side": "party", "at": [middle, middle + 1],
                       "speed": {"land": 30}}],
        "queries": [{"id": "run", "reach": {"creature": "runner", "mode": "double"}}],
    }


def wait_until(condition, timeout=10.0):
    """Polls `condition` until it holds or `timeout` seconds pass; returns whether it held."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def environment_without_proxy():
    """The environment with proxy settings removed: requests go to loopback only."""
    return {key: value for key, value in os.environ.items() if "proxy" not in key.lower()}


def example_scenarios(source_dir):
    """Every scenario under examples/: (path relative to `source_dir`, YAML text) of the YAML files
    with queries (not a ruleset's tables)."""
    found = []
    for path in sorted(glob.glob(os.path.join(source_dir, "examples", "**", "*.yaml"), recursive=True)):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        if re.search(r"^queries:", text, re.M):
            found.append((os.path.relpath(path, source_dir), text))
    return found


def first_error(document):
    """The first error diagnostic of an answer."""
    return next(d for d in document["diagnostics"] if d["severity"] == "error")
