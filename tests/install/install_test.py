"""`cmake --install` (README, "Install"): the installed command finds its bundled rulesets, shared
scripts and web page under its prefix, not in the source tree, and a project outside the build
uses the installed library through find_package(rulecraft CONFIG).

The prefix is installed under the build folder, then copied to a temporary folder outside both the
build and the source tree, so nothing can fall back to them (the build-folder fallback of
engine/base/data_folder.h applies only to code inside the build folder) and the copy shows that
the prefix may move after installing.

Usage: install_test.py CMAKE BUILD_DIR SOURCE_DIR CXX_COMPILER GENERATOR [SANITIZE]
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import serve_support  # noqa: E402

CMAKE, BUILD_DIR, SOURCE_DIR, CXX, GENERATOR = (sys.argv[1:6] if len(sys.argv) > 5 else
                                               ("cmake", "build", os.getcwd(), "c++", "Ninja"))
BUILD_DIR, SOURCE_DIR = os.path.abspath(BUILD_DIR), os.path.abspath(SOURCE_DIR)
SANITIZE = sys.argv[6] if len(sys.argv) > 6 else ""

# A d20 3.5 skirmish naming its bundled ruleset by name, with answers that cite rule files.
SCENARIO = """\
ruleset: dnd35
map:
  legend: { ".": open, "~": difficult, "#": wall }
  rows:
    - "########"
    - "#..~~..#"
    - "#......#"
    - "########"
creatures:
  - { id: valeros, side: party, race: human, at: [1, 1] }
  - { id: ogre, side: monsters, size: large, at: [5, 1] }
queries:
  - { id: speed, speed: { creature: valeros } }
  - { id: to_the_ogre, path: { creature: valeros, to: [4, 2] } }
  - { id: swing, attack: { attacker: valeros, defender: ogre, kind: melee } }
"""


def clean_environment():
    """The environment without rulecraft's overrides, so only the installed layout is used."""
    environment = serve_support.environment_without_proxy()
    for name in ("RULECRAFT_RULESETS", "RULECRAFT_WEB"):
        environment.pop(name, None)
    return environment


def run(command, **options):
    """Runs a command, failing with its output when it fails; returns the completed process."""
    done = subprocess.run(command, capture_output=True, text=True, env=clean_environment(), **options)
    if done.returncode != 0:
        raise AssertionError(f"{command} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


def explained_files(document):
    """Every file an answer's full explanations cite (`file`: the path as it was read; `at` names
    it from its ruleset, dnd35:ruleset.rules:12:6)."""
    found = []
    if isinstance(document, dict):
        for key, value in document.items():
            if key == "file" and isinstance(value, str):
                found.append(value)
            else:
                found.extend(explained_files(value))
    elif isinstance(document, list):
        for value in document:
            found.extend(explained_files(value))
    return found


def without_files(document):
    """The answer with its explanations' places (which say where the rulesets are) left out."""
    if isinstance(document, dict):
        return {k: without_files(v) for k, v in document.items() if k not in ("at", "file", "scenario")}
    if isinstance(document, list):
        return [without_files(v) for v in document]
    return document


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        installed = os.path.join(BUILD_DIR, "install_test", "prefix")
        shutil.rmtree(installed, ignore_errors=True)
        run([CMAKE, "--install", BUILD_DIR, "--prefix", installed])
        cls.temporary = tempfile.mkdtemp(prefix="rulecraft-install-")
        cls.prefix = os.path.join(cls.temporary, "moved-prefix")
        shutil.copytree(installed, cls.prefix, symlinks=True)
        cls.work = os.path.join(cls.temporary, "work")
        os.mkdir(cls.work)
        with open(os.path.join(cls.work, "skirmish.yaml"), "w", encoding="utf-8") as file:
            file.write(SCENARIO)
        cls.command = os.path.join(cls.prefix, "bin", "rulecraft")
        # What the build folder's command answers, to compare the installed one with.
        cls.expected = json.loads(subprocess.run(
            [os.path.join(BUILD_DIR, "rulecraft"), "run", "-", "--explain=full"], input=SCENARIO, capture_output=True,
            text=True, cwd=SOURCE_DIR, env=clean_environment()).stdout)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.temporary, ignore_errors=True)

    def assert_under_prefix(self, files, cwd):
        self.assertTrue(files, "the answer names no rule file")
        share = os.path.join(os.path.realpath(self.prefix), "share", "rulecraft", "rulesets") + os.sep
        for file in files:
            self.assertTrue(os.path.realpath(os.path.join(cwd, file)).startswith(share), file)

    def test_the_prefix_holds_everything(self):
        for part in ["bin/rulecraft", "bin/rulecraft-serve", "include/rulecraft/rulecraft.h", "include/rulecraft/diagnostic.h",
                     "include/rulecraft/source.h", "lib/cmake/rulecraft/rulecraftConfig.cmake",
                     "lib/cmake/rulecraft/rulecraftConfigVersion.cmake", "lib/cmake/rulecraft/rulecraftTargets.cmake",
                     "share/rulecraft/rulesets/dnd35/ruleset.rules", "share/rulecraft/rulesets/modules/d20_cover",
                     "share/rulecraft/scripts/incorporeal.lua", "share/rulecraft/web/index.html",
                     "share/doc/rulecraft/api.md", "share/doc/rulecraft/README.md"]:
            self.assertTrue(os.path.exists(os.path.join(self.prefix, part)), part)
        libraries = [name for name in os.listdir(os.path.join(self.prefix, "lib")) if name.startswith("librulecraft.so")]
        self.assertIn("librulecraft.so", libraries)

    def test_the_installed_command_answers_from_its_prefix(self):
        done = run([self.command, "run", "skirmish.yaml", "--format", "json", "--explain=full"], cwd=self.work)
        answer = json.loads(done.stdout)
        self.assertEqual(answer["ruleset"], "dnd35")
        self.assertEqual([r["status"] for r in answer["results"]], ["ok", "ok", "ok"])
        self.assertEqual(without_files(answer["results"]), without_files(self.expected["results"]))
        self.assert_under_prefix(explained_files(answer["results"]), self.work)

    def test_the_installed_command_checks_a_bundled_ruleset_by_name(self):
        done = run([self.command, "check", "dnd35", "--format", "json"], cwd=self.work)
        self.assertIn("dnd35", done.stdout)
        version = run([self.command, "--version"], cwd=self.work)
        self.assertRegex(version.stdout, r"\d+\.\d+\.\d+")

    def test_the_installed_service_serves_the_installed_page(self):
        server = serve_support.Server(self.command, cwd=self.work)
        try:
            status, _, page = server.request("GET", "/")
            self.assertEqual(status, 200)
            with open(os.path.join(self.prefix, "share", "rulecraft", "web", "index.html"), "rb") as file:
                self.assertEqual(page, file.read())
            status, document, _ = server.request("GET", "/v1/rulesets")
            self.assertEqual(status, 200)
            self.assertIn("dnd35", json.dumps(document))
        finally:
            self.assertEqual(server.stop(), 0)

    def test_a_project_uses_the_installed_library(self):
        consumer_build = os.path.join(self.temporary, "consumer-build")
        configure = [CMAKE, "-S", os.path.join(SOURCE_DIR, "tests", "install", "consumer"), "-B", consumer_build,
                     "-G", GENERATOR, f"-DCMAKE_CXX_COMPILER={CXX}", f"-DCMAKE_PREFIX_PATH={self.prefix}",
                     "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                     f"-DDRAG_TOKEN_SOURCE={os.path.join(SOURCE_DIR, 'examples', 'library', 'drag_token.cc')}"]
        if SANITIZE:  # a library built with sanitizers needs their runtime in the program
            configure += [f"-DCMAKE_CXX_FLAGS=-fsanitize={SANITIZE}", f"-DCMAKE_EXE_LINKER_FLAGS=-fsanitize={SANITIZE}"]
        run(configure)
        run([CMAKE, "--build", consumer_build, "-j1"])
        done = run([os.path.join(consumer_build, "answer")], input=SCENARIO, cwd=self.work)
        document = json.loads(done.stdout)
        self.assertRegex(document["version"], r"^\d+\.\d+\.\d+$")
        self.assertEqual(without_files(document["answer"]["results"]), without_files(self.expected["results"]))
        self.assert_under_prefix(explained_files(document["answer"]["results"]), self.work)
        # docs/api.md shows this project's CMake lines.
        with open(os.path.join(SOURCE_DIR, "docs", "api.md"), encoding="utf-8") as file:
            blocks = re.findall(r"```cmake\n(.*?)```", file.read(), re.S)
        with open(os.path.join(SOURCE_DIR, "tests", "install", "consumer", "CMakeLists.txt"), encoding="utf-8") as file:
            project = file.read()
        self.assertTrue(blocks)
        for line in "".join(blocks).strip().splitlines():
            self.assertIn(line.strip(), project)
        # The library's example: an open scenario, moved, painted and asked again.
        token = run([os.path.join(consumer_build, "drag_token")], cwd=self.work)
        self.assertIn("through difficult terrain:", token.stdout)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
