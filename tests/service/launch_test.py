"""How `rulecraft serve` starts the service: it becomes `rulecraft-serve` from the folder of the
running `rulecraft` (engine/service/serve_launch.h), so `rulecraft` itself links no cpp-httplib.
Without `rulecraft-serve` beside it, `rulecraft serve` says so in one line and exits 1; its
options and their errors are still `rulecraft serve`'s own.

Usage: launch_test.py RULECRAFT
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
# Libraries only the service needs: cpp-httplib and what it pulls in.
SERVICE_LIBRARIES = ("libcpp-httplib", "libssl", "libcrypto", "libbrotli")


def needed_libraries(program):
    """The NEEDED entries of an ELF program (readelf, else objdump), or None when neither is installed."""
    for tool, arguments, pattern in (("readelf", ["-d"], r"\(NEEDED\).*\[(.+)\]"),
                                     ("objdump", ["-p"], r"^\s*NEEDED\s+(\S+)")):
        if shutil.which(tool):
            done = subprocess.run([tool, *arguments, program], capture_output=True, text=True, check=True)
            return re.findall(pattern, done.stdout, re.M)
    return None


class LaunchTest(unittest.TestCase):
    def test_rulecraft_links_no_service_library(self):
        needed = needed_libraries(RULECRAFT)
        if needed is None:
            self.skipTest("neither readelf nor objdump is installed")
        self.assertIn("libc.so.6", needed)  # the entries were read
        for library in needed:
            self.assertFalse(library.startswith(SERVICE_LIBRARIES), f"rulecraft needs {library}")

    def test_without_rulecraft_serve_it_says_where_it_looked(self):
        folder = tempfile.mkdtemp(prefix="rulecraft-launch-")
        try:
            alone = os.path.join(folder, "rulecraft")
            shutil.copy2(RULECRAFT, alone)
            done = subprocess.run([alone, "serve", "--port", "0"], capture_output=True, text=True, timeout=60)
            looked_for = os.path.join(os.path.realpath(folder), "rulecraft-serve")
            self.assertEqual(done.returncode, 1, done.stderr)
            self.assertEqual(done.stdout, "")
            self.assertEqual(done.stderr, f"rulecraft serve: cannot start the service: {looked_for} is missing "
                                          "(it is built and installed beside rulecraft)\n")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def test_the_options_are_rulecraft_serves(self):
        done = subprocess.run([RULECRAFT, "serve", "--help"], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0)
        for option in ("--host", "--port", "--rulesets", "--workers", "SIGTERM"):
            self.assertIn(option, done.stdout)
        done = subprocess.run([RULECRAFT, "serve", "--port", "abc"], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 2)
        self.assertIn("--port: Value abc not in range 0 to 65535", done.stderr)
        self.assertIn("'rulecraft serve --help' lists the options", done.stderr)

    def test_rulecraft_serve_run_by_hand_names_itself(self):
        serve = os.path.join(os.path.dirname(os.path.realpath(RULECRAFT)), "rulecraft-serve")
        done = subprocess.run([serve, "--bogus"], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 2)
        self.assertIn("unknown option '--bogus' for 'rulecraft-serve'", done.stderr)
        self.assertIn("'rulecraft-serve --help' lists the options", done.stderr)
        done = subprocess.run([serve, "--port", "abc"], capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 2)
        self.assertIn("'rulecraft-serve --help' lists the options", done.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
