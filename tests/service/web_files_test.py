"""The web page's files (docs/api.md, "The web page"): `/` is web/index.html, every file of web/ is
served as it is with its type, and nothing outside the folder is reachable — no `..`, encoded or
not, no backslash, no symbolic link leading out.

Usage: web_files_test.py RULECRAFT SOURCE_DIR
"""

import os
import socket
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import serve_support  # noqa: E402
from serve_support import first_error  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()
WEB_DIR = os.path.join(SOURCE_DIR, "web")
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}

# Paths that try to leave the folder; none may answer a file.
ESCAPES = ["/../README.md", "/%2e%2e/README.md", "/%2E%2E/%2E%2E/etc/passwd", "/web/../../README.md",
           "/..%2fREADME.md", "/./index.html", "//etc/passwd", "/%5c..%5cREADME.md", "/index.html/",
           "/..", "/%00index.html", "/../../../../../../etc/passwd"]


def raw_get(server, path):
    """Sends `GET path` exactly as written (no client normalises it); returns (status, body)."""
    with socket.create_connection((server.host, server.port), timeout=30) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


class WebFilesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = serve_support.Server(RULECRAFT)

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def test_the_page_is_at_the_root(self):
        status, _, raw = self.server.request("GET", "/")
        self.assertEqual(status, 200)
        with open(os.path.join(WEB_DIR, "index.html"), "rb") as file:
            self.assertEqual(raw, file.read())

    def test_every_file_is_served_with_its_type(self):
        names = sorted(os.listdir(WEB_DIR))
        self.assertIn("app.js", names)
        for name in names:
            with self.subTest(file=name):
                connection = serve_support.http.client.HTTPConnection(self.server.host, self.server.port, timeout=30)
                connection.request("GET", "/" + name)
                response = connection.getresponse()
                body = response.read()
                connection.close()
                self.assertEqual(response.status, 200)
                with open(os.path.join(WEB_DIR, name), "rb") as file:
                    self.assertEqual(body, file.read())
                expected = TYPES.get(os.path.splitext(name)[1])
                if expected:
                    self.assertTrue(response.getheader("Content-Type").startswith(expected))

    def test_nothing_outside_the_folder_is_served(self):
        with open(os.path.join(SOURCE_DIR, "README.md"), "rb") as file:
            readme = file.read()
        for path in ESCAPES:
            with self.subTest(path=path):
                status, body = raw_get(self.server, path)
                self.assertEqual(status, 400)
                self.assertEqual(first_error(serve_support.json.loads(body))["code"], "path-refused")
                self.assertNotIn(readme[:40], body)
                self.assertNotIn(b"root:", body)
        status, document, _ = self.server.request("GET", "/../README.md")
        self.assertEqual((status, first_error(document)["code"]), (400, "path-refused"))

    def test_a_missing_file_is_404_and_api_paths_stay_json(self):
        for path in ["/missing.js", "/v1/missing"]:
            with self.subTest(path=path):
                status, document, _ = self.server.request("GET", path)
                self.assertEqual((status, first_error(document)["code"]), (404, "unknown-route"))


class SymbolicLinkTest(unittest.TestCase):
    def test_a_link_out_of_the_folder_is_refused(self):
        folder = tempfile.mkdtemp(prefix="rulecraft-web-")
        with open(os.path.join(folder, "index.html"), "w", encoding="utf-8") as file:
            file.write("<!doctype html><title>t</title>")
        os.symlink(SOURCE_DIR, os.path.join(folder, "out"))
        os.symlink(os.path.join(SOURCE_DIR, "README.md"), os.path.join(folder, "readme.txt"))
        os.environ["RULECRAFT_WEB"] = folder  # found as RULECRAFT_RULESETS is
        try:
            server = serve_support.Server(RULECRAFT)
        finally:
            del os.environ["RULECRAFT_WEB"]
        try:
            status, _, raw = server.request("GET", "/")
            self.assertEqual((status, raw), (200, b"<!doctype html><title>t</title>"))
            for path in ["/out/README.md", "/readme.txt"]:
                with self.subTest(path=path):
                    status, document, _ = server.request("GET", path)
                    self.assertEqual((status, first_error(document)["code"]), (400, "path-refused"))
        finally:
            self.assertEqual(server.stop(), 0)
            for name in ["out", "readme.txt", "index.html"]:
                os.remove(os.path.join(folder, name))
            os.rmdir(folder)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
