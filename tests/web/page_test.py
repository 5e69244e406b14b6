"""The web page in a real browser (headless Chromium through Selenium): paint a wall, lay a
barrier, place two creatures, ask a reach and a path and then an attack, and check every number
the page shows against `rulecraft run` on the scenario YAML the page built. Saves a screenshot.
If Chromium cannot start, the test fails.

Usage: page_test.py RULECRAFT SOURCE_DIR SCREENSHOT_DIR
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "service"))
import serve_support  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

RULECRAFT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/rulecraft"
SOURCE_DIR = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.getcwd()
SCREENSHOT_DIR = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else os.path.join(SOURCE_DIR, "build", "web")
SQUARE = 32  # pixels a side of a square on the page's map (web/map_view.js)


def start_browser():
    """Headless Chromium driven by Debian's chromedriver; raises when it cannot start."""
    options = Options()
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1500,1300", "--no-proxy-server", "--disable-extensions"]:
        options.add_argument(argument)
    driver = "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else "chromedriver"
    return webdriver.Chrome(service=Service(driver), options=options)


def listed_text(item):
    """One entry of a list as the page shows it (web/questions.js, listedText)."""
    if isinstance(item, dict) and "by" in item:
        return item["by"]
    if isinstance(item, dict) and "name" in item:
        return f"{item['name']} (from {item['brought_by']})" if item.get("brought_by") else item["name"]
    return shown_text(item)


def shown_text(value):
    """A value as the page shows it (web/questions.js, shownText)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if not value:
            return "none"
        return ", ".join(listed_text(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key} {shown_text(item)}" for key, item in value.items())
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class PageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.environ.clear()
        os.environ.update(serve_support.environment_without_proxy())
        cls.work = tempfile.mkdtemp(prefix="rulecraft-page-test-")
        cls.server = serve_support.Server(RULECRAFT, cwd=cls.work)
        cls.browser = start_browser()
        cls.browser.set_window_size(1500, 1300)

    @classmethod
    def tearDownClass(cls):
        cls.browser.quit()
        assert cls.server.stop() == 0

    # --- driving the page ---

    def wait(self, condition, timeout=30):
        # The answers are replaced as a new one arrives: an element read just then is stale, so
        # the condition is asked again.
        return WebDriverWait(self.browser, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda driver: condition())

    def wait_idle(self):
        self.wait(lambda: self.browser.find_element(By.TAG_NAME, "body").get_attribute("data-busy") is None)

    def click_square(self, x, y, dx=0, dy=0):
        """Clicks square [x, y] of the map, `dx`, `dy` pixels from its middle."""
        square = self.browser.find_element(By.CSS_SELECTOR, f'#map rect.square[data-x="{x}"][data-y="{y}"]')
        ActionChains(self.browser).move_to_element_with_offset(square, dx, dy).click().perform()

    def drag_square(self, start, end):
        """Drags from the middle of square `start` to the middle of square `end`."""
        square = self.browser.find_element(By.CSS_SELECTOR, f'#map rect.square[data-x="{start[0]}"][data-y="{start[1]}"]')
        # By offset: pressing redraws the map, so the other square's element would be stale.
        (ActionChains(self.browser).click_and_hold(square)
         .move_by_offset((end[0] - start[0]) * SQUARE, (end[1] - start[1]) * SQUARE).release().perform())

    def choose_tool(self, name):
        self.browser.find_element(By.CSS_SELECTOR, f'input[name=tool][value="{name}"]').click()

    def choose_terrain(self, name):
        self.browser.find_element(By.CSS_SELECTOR, f'#terrain button[data-terrain="{name}"]').click()

    def set_field(self, element_id, text):
        field = self.browser.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text, Keys.TAB)  # leaving the field fires its change

    def scenario_yaml(self):
        return self.browser.find_element(By.ID, "yaml").get_attribute("value")

    def command_answers(self, yaml_text):
        """`rulecraft run` on the page's YAML: {query id: result}."""
        path = os.path.join(self.work, "page.yaml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(yaml_text)
        done = subprocess.run([RULECRAFT, "run", path], capture_output=True, text=True, cwd=self.work)
        document = json.loads(done.stdout)
        self.assertFalse([d for d in document["diagnostics"] if d["severity"] == "error"], done.stderr)
        return {result["id"]: result for result in document["results"]}

    def shown_answers(self):
        """The numbers on the page: {query id: {field: (text shown, value)}}."""
        shown = {}
        for block in self.browser.find_elements(By.CSS_SELECTOR, "#answers .answer"):
            fields = {}
            for value in block.find_elements(By.CSS_SELECTOR, "dd[data-field]"):
                fields[value.get_attribute("data-field")] = (value.text, json.loads(value.get_attribute("data-value")))
            shown[block.get_attribute("data-query")] = fields
        return shown

    def assert_page_agrees_with_command(self, expected_queries):
        yaml_text = self.scenario_yaml()
        answers = self.command_answers(yaml_text)
        shown = self.shown_answers()
        self.assertEqual(sorted(shown), sorted(expected_queries))
        for query_id, fields in shown.items():
            self.assertTrue(fields, f"no numbers shown for {query_id}")
            for field, (text, value) in fields.items():
                with self.subTest(query=query_id, field=field):
                    self.assertEqual(value, answers[query_id][field])
                    self.assertEqual(text, shown_text(answers[query_id][field]))
        return answers, yaml_text

    def assert_picture_drawn(self, query_id):
        self.wait(lambda: self.browser.execute_script(
            "const image = document.getElementById('picture-image');"
            "return image !== null && image.complete && image.naturalWidth > 0 && image.dataset.query === arguments[0];",
            query_id))

    # --- the test ---

    def test_build_a_battle_and_ask(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        rulesets = [option.text for option in Select(browser.find_element(By.ID, "ruleset")).options]
        self.assertIn("dnd35", rulesets)
        self.assertEqual(Select(browser.find_element(By.ID, "ruleset")).first_selected_option.text, "dnd35")

        # A wall down column 4, and a low wall on the edge between [2, 5] and [2, 6].
        self.choose_terrain("wall")
        for y in range(0, 4):
            self.click_square(4, y)
        self.choose_tool("barrier")
        self.choose_terrain("low_wall")
        self.click_square(2, 5, 0, SQUARE // 2 - 2)
        yaml_text = self.scenario_yaml()
        self.assertEqual(yaml_text.count('- "....#....."'), 4, yaml_text)
        self.assertIn("between: [[2, 5], [2, 6]], terrain: low_wall", yaml_text)

        # Two creatures: a fighter, and an orc across the wall.
        self.choose_tool("creature")
        self.click_square(2, 2)
        self.set_field("creature-id", "valeros")
        self.click_square(7, 6)
        self.set_field("creature-id", "orc")
        self.set_field("creature-side", "monsters")
        self.drag_square((7, 6), (6, 4))
        yaml_text = self.scenario_yaml()
        self.assertIn("id: valeros, side: party, size: medium, speed: { land: 30 }, at: [2, 2]", yaml_text)
        self.assertIn("id: orc, side: monsters, size: medium, speed: { land: 30 }, at: [6, 4]", yaml_text)

        # Valeros, then an empty square: path, reach and threatened squares.
        self.choose_tool("ask")
        self.click_square(2, 2)
        self.click_square(6, 1)
        self.wait_idle()
        self.wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#answers .answer")) == 3)
        answers, _ = self.assert_page_agrees_with_command(["path", "reach", "threatened"])
        self.assertTrue(answers["path"]["reachable"])
        self.assertGreater(answers["reach"]["reachable_count"], 0)
        self.assert_picture_drawn("path")

        # Then the orc's square: the same, and a ranged attack past the wall's end.
        Select(browser.find_element(By.ID, "attack-kind")).select_by_visible_text("ranged")
        self.click_square(6, 4)
        self.wait_idle()
        self.wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#answers .answer")) == 4)
        answers, yaml_text = self.assert_page_agrees_with_command(["path", "reach", "threatened", "attack"])
        self.assertIn("kind: ranged", yaml_text)
        for field in ["possible", "cover", "concealment", "attack_bonus", "ac_bonus", "flanking"]:
            self.assertIn(field, self.shown_answers()["attack"])
        self.assert_picture_drawn("attack")
        explain = browser.find_elements(By.CSS_SELECTOR, '#answers .answer[data-query="attack"] details.explain li')
        self.assertTrue(explain, "the attack's explain entries are listed")
        # The short explanation: one sentence per number, its rule and where it is written.
        texts = [item.get_attribute("textContent") for item in explain]
        self.assertTrue(any(text.startswith("attack_bonus = ") and "combat.rules:" in text for text in texts), texts)
        self.assertEqual(browser.find_element(By.ID, "errors").text, "")

        os.makedirs(SCREENSHOT_DIR, exist_ok=True)
        self.assertTrue(browser.save_screenshot(os.path.join(SCREENSHOT_DIR, "page.png")))

    def test_load_a_scenario_from_yaml(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        with open(os.path.join(SOURCE_DIR, "examples", "quickstart.yaml"), encoding="utf-8") as file:
            quickstart = file.read()
        browser.execute_script("document.getElementById('yaml').value = arguments[0];", quickstart)
        browser.find_element(By.ID, "yaml-load").click()
        self.wait_idle()
        self.wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#answers .answer")) == 7)
        self.assertEqual(len(browser.find_elements(By.CSS_SELECTOR, "#map rect.square")), 10 * 5)
        self.assertEqual(len(browser.find_elements(By.CSS_SELECTOR, "#map .creature")), 3)
        self.assertEqual(browser.find_element(By.ID, "width").get_attribute("value"), "10")
        ids = ["ogre_size", "sprite_size", "valeros_speed", "valeros_move", "to_the_ogre", "ogre_threatens",
               "arrow_at_the_ogre"]
        answers, _ = self.assert_page_agrees_with_command(ids)
        # The page's YAML answers as the example does.
        self.assertEqual(answers["to_the_ogre"]["cost_ft"], self.command_answers(quickstart)["to_the_ogre"]["cost_ft"])
        self.assert_picture_drawn("valeros_move")
        os.makedirs(SCREENSHOT_DIR, exist_ok=True)
        self.assertTrue(browser.save_screenshot(os.path.join(SCREENSHOT_DIR, "page_loaded.png")))


    def test_a_map_with_tunnels_keeps_them(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        # rulesets/starfinder/tests/tunnels.yaml: a tunnel through stone another burrower follows.
        scenario = "\n".join([
            "ruleset: starfinder",
            "map:",
            '  legend: { ".": open, "#": wall, "S": stone }',
            '  rows: ["#########", "#..SS...#", "#########"]',
            "  tunnels: [[[2, 1], [3, 1], [4, 1], [5, 1]]]",
            "creatures:",
            "  - { id: mole, side: party, speed: { land: 20, burrow: 20 }, at: [6, 1] }",
            "queries:",
            "  - { id: follow, route: { creature: mole, through: [[5, 1], [4, 1], [3, 1], [2, 1]], speed: burrow } }",
        ])
        browser.execute_script("document.getElementById('yaml').value = arguments[0];", scenario)
        browser.find_element(By.ID, "yaml-load").click()
        self.wait_idle()
        self.wait(lambda: "follow" in self.shown_answers())
        self.assertIn("tunnels: [[[2, 1], [3, 1], [4, 1], [5, 1]]]", self.scenario_yaml())
        answers, _ = self.assert_page_agrees_with_command(["follow"])
        # 001 Рытьё: a tunnel "которые впоследствии может использовать кто-то другой" (that someone
        # else may later use): the mole, with no ability for stone, follows it.
        self.assertTrue(answers["follow"]["legal"])
        self.assertEqual(answers["follow"]["cost"], 4)

    def test_a_creature_with_speeds_traits_and_a_size_from_the_ruleset(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        Select(browser.find_element(By.ID, "ruleset")).select_by_visible_text("dnd5e")
        self.choose_tool("creature")
        self.click_square(1, 1)
        self.set_field("creature-id", "wyrmling")
        self.set_field("creature-speeds", "fly 60, swim 30")
        self.set_field("creature-traits", "darkvision, hover")
        Select(browser.find_element(By.ID, "creature-size")).select_by_visible_text("large")
        self.wait(lambda: "size: large" in self.scenario_yaml())
        yaml_text = self.scenario_yaml()
        self.assertIn("speed: { land: 30, fly: 60, swim: 30 }", yaml_text)
        self.assertIn("traits: [darkvision, hover]", yaml_text)
        # dnd5e's Large is 10 ft, two squares (GET /v1/rulesets size_squares): drawn two squares wide.
        rect = browser.find_element(By.CSS_SELECTOR, '#map .creature[data-id="wyrmling"] rect')
        self.assertEqual(float(rect.get_attribute("width")), 2 * SQUARE - 6)
        answers = self.command_answers(yaml_text)
        self.assertTrue(all(result["status"] == "ok" for result in answers.values()), answers)

    def test_a_route_square_by_square_and_a_mode(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        modes = [option.get_attribute("value") for option in Select(browser.find_element(By.ID, "move-mode")).options]
        self.assertEqual(modes[0], "")  # any mode: the path says within which
        self.assertIn("five_foot_step", modes)
        # Difficult terrain on [3, 1], and Valeros (speed 30 ft) west of it.
        self.choose_terrain("difficult")
        self.click_square(3, 1)
        self.choose_tool("creature")
        self.click_square(1, 1)
        self.set_field("creature-id", "valeros")

        # A route clicked square by square, east across the difficult square.
        self.choose_tool("route")
        self.click_square(1, 1)
        for x in range(2, 6):
            self.click_square(x, 1)
        self.wait_idle()
        self.wait(lambda: "through: [[2, 1], [3, 1], [4, 1], [5, 1]]" in self.scenario_yaml())
        self.wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#answers .answer")) == 1)
        self.assertEqual(len(browser.find_elements(By.CSS_SELECTOR, "#map .route-mark")), 4)
        answers, _ = self.assert_page_agrees_with_command(["route"])
        # 000 (dnd35): "까다로운 지역의 각 칸은 이동 시 2칸으로 계산됩니다" (a square of difficult terrain
        # counts as 2): 1 + 2 + 1 + 1.
        self.assertTrue(answers["route"]["legal"])
        self.assertEqual((answers["route"]["cost"], answers["route"]["cost_ft"]), (5, 25))
        self.assert_picture_drawn("route")
        os.makedirs(SCREENSHOT_DIR, exist_ok=True)
        self.assertTrue(browser.save_screenshot(os.path.join(SCREENSHOT_DIR, "page_route.png")))

        # The same route as a 5-foot step: one square only, so the second step is refused.
        Select(browser.find_element(By.ID, "move-mode")).select_by_value("five_foot_step")
        self.wait(lambda: "mode: five_foot_step" in self.scenario_yaml())
        self.wait_idle()
        self.wait(lambda: self.shown_answers().get("route", {}).get("legal", ("", True))[1] is False)
        answers, _ = self.assert_page_agrees_with_command(["route"])
        self.assertEqual(answers["route"]["first_illegal"]["at"], [3, 1])

        # Asked of a square 7 east with any mode: the path says it is within a double move (40 ft).
        Select(browser.find_element(By.ID, "move-mode")).select_by_value("")
        self.choose_tool("ask")
        self.click_square(1, 1)
        self.click_square(8, 1)
        self.wait_idle()
        self.wait(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#answers .answer")) == 3)
        answers, _ = self.assert_page_agrees_with_command(["path", "reach", "threatened"])
        self.assertEqual((answers["path"]["cost_ft"], answers["path"]["within"]), (40, "double"))
        self.assertEqual(browser.find_elements(By.CSS_SELECTOR, "#map .route-mark"), [])

    def test_a_creatures_state_from_its_conditions(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        self.choose_tool("creature")
        self.click_square(2, 2)
        self.set_field("creature-id", "guard")
        Select(browser.find_element(By.ID, "creature-conditions")).select_by_value("paralyzed")
        self.wait(lambda: "conditions: [paralyzed]" in self.scenario_yaml())

        # Clicking the guard with the ask tool asks its state first.
        self.choose_tool("ask")
        self.click_square(2, 2)
        self.wait_idle()
        self.wait(lambda: "state" in self.shown_answers())
        self.assertIn("creature: { creature: guard }", self.scenario_yaml())
        answers, _ = self.assert_page_agrees_with_command(["state"])
        # 3.5 SRD, Paralyzed: "A paralyzed character … is helpless"; Helpless: it threatens no one,
        # and the bundled rules read the conditions table's columns.
        shown = self.shown_answers()["state"]
        self.assertEqual(shown["conditions"][0], "paralyzed, helpless (from paralyzed)")
        self.assertFalse(answers["state"]["may"]["may_act"])
        self.assertIn("may_act no", shown["may"][0])

        # Taking the condition away asks the state again: now it may act.
        self.choose_tool("creature")
        self.click_square(2, 2)
        Select(browser.find_element(By.ID, "creature-conditions")).deselect_all()
        browser.find_element(By.ID, "creature-conditions").send_keys(Keys.TAB)
        self.wait(lambda: "conditions:" not in self.scenario_yaml())
        self.wait(lambda: self.shown_answers().get("state", {}).get("conditions", ("",))[0] == "none")
        self.wait_idle()
        answers, _ = self.assert_page_agrees_with_command(["state"])
        self.assertTrue(answers["state"]["may"]["may_act"])
        os.makedirs(SCREENSHOT_DIR, exist_ok=True)
        self.assertTrue(browser.save_screenshot(os.path.join(SCREENSHOT_DIR, "page_state.png")))

    def test_a_refused_scenario_shows_its_located_errors(self):
        browser = self.browser
        browser.get(f"http://{self.server.host}:{self.server.port}/")
        self.wait(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "1")
        on_a_wall = ('ruleset: dnd35\nmap:\n  legend: { ".": open, "#": wall }\n  rows: ["..#", "..."]\n'
                     "creatures:\n  - { id: kyra, side: party, at: [2, 0] }\n"
                     "queries:\n  - { id: walk, reach: { creature: kyra } }\n")
        browser.execute_script("document.getElementById('yaml').value = arguments[0];", on_a_wall)
        browser.find_element(By.ID, "yaml-load").click()
        self.wait_idle()
        self.wait(lambda: "error[placement]" in browser.find_element(By.ID, "errors").text)
        self.assertIn("request.json:", browser.find_element(By.ID, "errors").text)
        self.assertEqual(browser.find_elements(By.CSS_SELECTOR, "#answers .answer"), [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
