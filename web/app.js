// The battle-map page: edit a map and its creatures, click a creature and a square, and read the
// engine's answers — numbers from POST /v1/run, the picture from POST /v1/render.
import { fetchRulesets, renderScenario, runScenario, ServiceError } from "./api.js";
import { answersView, questionsFor, routeQuestion, stateQuestion } from "./questions.js";
import { MapView } from "./map_view.js";
import { creatureAt, edgeKey, freshId, fromScenario, newBattle, paint, resize, toScenario, useSizes } from "./scenario.js";
import { readYaml, writeYaml } from "./yaml.js";

const kDrawable = new Set(["path", "route", "reach", "threatened", "attack"]);
const byId = (id) => document.getElementById(id);

const page = {
  rulesets: [],
  colours: new Map(),   // terrain name → colour, from the ruleset's terrain rows
  battle: null,
  terrain: "open",      // the terrain the paint and barrier tools lay
  editing: null,        // the id of the creature in the editor
  actor: null,          // the creature a question is about
  target: null,         // the square it was asked about
  through: [],          // the squares of the route asked about, in order
  queries: [],          // the last questions, kept in the scenario and its YAML
};

const view = new MapView(byId("map"), { press: onPress, drag: onDrag, release: onRelease });

function tool() {
  return document.querySelector("input[name=tool]:checked").value;
}

function setStatus(text) {
  byId("status").textContent = text;
}

function showError(error) {
  byId("errors").textContent = error instanceof ServiceError || error instanceof Error ? error.message : String(error);
}

function scenario() {
  return toScenario(page.battle, page.queries);
}

// Whether a question still names only creatures on the map (one may have been renamed or removed).
function stillAskable(query) {
  const ids = new Set(page.battle.creatures.map((creature) => creature.id));
  const asked = Object.values(query).find((value) => typeof value === "object") ?? {};
  return ["creature", "attacker", "defender"].every((role) => !(role in asked) || ids.has(asked[role]));
}

// Redraws the map and the YAML after a change to the battle.
function refresh() {
  page.queries = page.queries.filter(stillAskable);
  view.draw(page.battle, page.colours, { actor: page.actor, target: page.target, through: page.through });
  byId("yaml").value = writeYaml(scenario());
  const hints = {
    paint: "Click or drag over squares to paint them with the chosen terrain.",
    barrier: "Click near the side of a square to put the chosen terrain on that edge; again to take it away.",
    creature: "Click an empty square to place a creature, a creature to edit it; drag a creature to move it.",
    ask: page.actor ? `Asking about ${page.actor}: click a square (a creature there is attacked); click ${page.actor} again to let go.`
      : "Click the creature to ask about.",
    route: page.actor ? `Routing ${page.actor}: click each square it passes, in order; click ${page.actor} again to start over.`
      : "Click the creature to move.",
  };
  byId("hint").textContent = hints[tool()];
}

// --- rulesets and terrain ---

function useRuleset(name) {
  const ruleset = page.rulesets.find((candidate) => candidate.name === name) ?? page.rulesets[0];
  page.colours = new Map(ruleset.terrain.map((row) => [row.name, row.colour]));
  const names = ruleset.terrain.map((row) => row.name);
  if (!names.includes(page.terrain)) page.terrain = names[0];
  const palette = byId("terrain");
  palette.replaceChildren(...ruleset.terrain.map((row) => {
    const button = document.createElement("button");
    button.dataset.terrain = row.name;
    button.title = row.label || row.name;
    button.innerHTML = `<span class="swatch" style="background:${row.colour}"></span>`;
    button.append(row.name);
    button.classList.toggle("selected", row.name === page.terrain);
    button.addEventListener("click", () => {
      page.terrain = row.name;
      palette.querySelectorAll("button").forEach((other) => other.classList.toggle("selected", other === button));
    });
    return button;
  }));
  fillSelect(byId("creature-size"), ruleset.sizes, "medium");
  useSizes(ruleset.size_squares);
  fillSelect(byId("creature-conditions"), ruleset.conditions);
  const mode = byId("move-mode");
  const chosen = mode.value;
  mode.replaceChildren(mode.options[0], ...(ruleset.movement_modes ?? []).map((name) => new Option(name, name)));
  mode.value = (ruleset.movement_modes ?? []).includes(chosen) ? chosen : "";
  if (page.battle) {
    // Terrain the new ruleset has no row for becomes its ground; such barriers go.
    page.battle.ruleset = ruleset.name;
    const fill = ground();
    page.battle.squares = page.battle.squares.map((terrain) => (names.includes(terrain) ? terrain : fill));
    for (const [key, terrain] of [...page.battle.edges]) if (!names.includes(terrain)) page.battle.edges.delete(key);
  }
}

// The terrain a new or grown map is laid with: `open` where the ruleset has it, else its first row.
function ground() {
  const name = page.battle?.ruleset ?? byId("ruleset").value;
  const ruleset = page.rulesets.find((candidate) => candidate.name === name) ?? page.rulesets[0];
  const names = ruleset.terrain.map((row) => row.name);
  return names.includes("open") ? "open" : names[0];
}

function fillSelect(select, names, chosen) {
  select.replaceChildren(...names.map((name) => new Option(name, name, false, name === chosen)));
}

// --- the creature editor ---

function editorValues() {
  const conditions = [...byId("creature-conditions").selectedOptions].map((option) => option.value);
  return {
    id: byId("creature-id").value.trim(),
    side: byId("creature-side").value.trim() || "party",
    size: byId("creature-size").value,
    speed: Number(byId("creature-speed").value) || 0,
    otherSpeeds: parseSpeeds(byId("creature-speeds").value),
    traits: byId("creature-traits").value.split(/[\s,]+/).filter(Boolean),
    conditions,
  };
}

// "fly 60, swim 20" → {fly: 60, swim: 20}; a word without a number is left out.
function parseSpeeds(text) {
  const speeds = {};
  for (const [, kind, feet] of text.matchAll(/([a-z_]+)\s*[: ]\s*(\d+)/g)) if (kind !== "land") speeds[kind] = Number(feet);
  return speeds;
}

function formatSpeeds(speed) {
  return Object.entries(speed ?? {}).filter(([kind]) => kind !== "land").map(([kind, feet]) => `${kind} ${feet}`).join(", ");
}

function editCreature(creature) {
  page.editing = creature?.id ?? null;
  byId("creature-delete").disabled = !creature;
  if (!creature) return;
  byId("creature-id").value = creature.id;
  byId("creature-side").value = creature.side ?? "";
  byId("creature-size").value = creature.size ?? "medium";
  byId("creature-speed").value = creature.speed?.land ?? 30;
  byId("creature-speeds").value = formatSpeeds(creature.speed);
  byId("creature-traits").value = (creature.traits ?? []).join(", ");
  const conditions = new Set(creature.conditions ?? []);
  [...byId("creature-conditions").options].forEach((option) => { option.selected = conditions.has(option.value); });
}

// Writes the editor's values into the creature; `id` renames it when no other creature has the new id.
function applyEditor(creature, values) {
  if (values.id && values.id !== creature.id && !page.battle.creatures.some((other) => other.id === values.id)) {
    if (page.actor === creature.id) page.actor = values.id;
    creature.id = values.id;
    page.editing = values.id;
  }
  creature.side = values.side;
  creature.size = values.size;
  creature.speed = { land: values.speed, ...values.otherSpeeds };
  if (values.traits.length > 0) creature.traits = values.traits;
  else delete creature.traits;
  if (values.conditions.length > 0) creature.conditions = values.conditions;
  else delete creature.conditions;
}

function placeCreature(x, y) {
  const values = editorValues();
  const taken = !values.id || page.battle.creatures.some((other) => other.id === values.id);
  const creature = { id: taken ? freshId(page.battle, values.side === "party" ? "hero" : "foe") : values.id };
  applyEditor(creature, { ...values, id: creature.id });
  creature.at = [x, y];
  page.battle.creatures.push(creature);
  editCreature(creature);
}

// --- the pointer on the map ---

function onPress(place) {
  const here = creatureAt(page.battle, place.x, place.y);
  switch (tool()) {
    case "paint":
      paint(page.battle, place.x, place.y, page.terrain);
      break;
    case "barrier":
      if (place.edge) {
        const key = edgeKey(...place.edge);
        if (page.battle.edges.get(key) === page.terrain) page.battle.edges.delete(key);
        else page.battle.edges.set(key, page.terrain);
      }
      break;
    case "creature":
      if (here) editCreature(here);
      else placeCreature(place.x, place.y);
      break;
    case "ask":
      if (!page.actor || here?.id === page.actor) {
        page.actor = here && here.id !== page.actor ? here.id : null;
        page.target = null;
        if (page.actor) askState();
      } else {
        page.target = [place.x, place.y];
        ask(here);
      }
      refresh();
      return;
    case "route":
      if (!page.actor || here?.id === page.actor) {
        page.actor = here && here.id !== page.actor ? here.id : null;
        page.through = [];
      } else {
        page.through.push([place.x, place.y]);
        askRoute();
      }
      refresh();
      return;
  }
  refresh();
  askAgainSoon();
}

function onDrag(place) {
  if (tool() !== "paint") return;
  paint(page.battle, place.x, place.y, page.terrain);
  refresh();
  askAgainSoon();
}

function onRelease(start, place) {
  if (tool() !== "creature" || (start.x === place.x && start.y === place.y)) return;
  const moving = creatureAt(page.battle, start.x, start.y);
  if (!moving) return;
  const [dx, dy] = [place.x - start.x, place.y - start.y];
  moving.at = [Math.max(0, moving.at[0] + dx), Math.max(0, moving.at[1] + dy)];
  refresh();
  askAgainSoon();
}

// --- asking the engine ---

let askAgainTimer = null;

// After a change to the battle, asks the last question again (once the changes pause), so the
// answers and the picture follow a creature dragged or a wall painted.
function askAgainSoon() {
  clearTimeout(askAgainTimer);
  const routing = page.through.length > 0;
  if (!page.actor) return;
  askAgainTimer = setTimeout(() => {
    const actor = page.battle.creatures.find((creature) => creature.id === page.actor);
    if (actor && routing) askRoute();
    else if (actor && page.target) ask(creatureAt(page.battle, ...page.target));
    else if (actor && tool() !== "route") askState();
  }, 400);
}

// Asks the chosen creature's state: what its conditions bring and leave it, shown until a square is clicked.
async function askState() {
  clearTimeout(askAgainTimer);
  const actor = page.battle.creatures.find((creature) => creature.id === page.actor);
  page.through = [];
  page.queries = [stateQuestion(actor)];
  await runAndDraw("");
}

// Asks the route through the squares clicked so far, by the chosen mode.
async function askRoute() {
  clearTimeout(askAgainTimer);
  const actor = page.battle.creatures.find((creature) => creature.id === page.actor);
  page.target = null;
  page.queries = [routeQuestion(actor, page.through.map((square) => [...square]), byId("move-mode").value)];
  await runAndDraw("route");
}

async function ask(defender) {
  clearTimeout(askAgainTimer);
  const actor = page.battle.creatures.find((creature) => creature.id === page.actor);
  const conditions = byId("attack-conditions").value.split(/[\s,]+/).filter(Boolean);
  page.through = [];
  page.queries = questionsFor(actor, page.target, defender,
    { kind: byId("attack-kind").value, reachWeapon: byId("attack-reach").checked, conditions, mode: byId("move-mode").value });
  await runAndDraw(page.queries.some((query) => query.id === "attack") ? "attack" : "path");
}

// Runs the scenario's queries, shows their numbers, and draws `pictureQuery` (or the map alone).
let latestRun = 0;  // only the answer to the latest question is shown

async function runAndDraw(pictureQuery) {
  const asked = scenario();
  const run = ++latestRun;
  byId("yaml").value = writeYaml(asked);
  byId("errors").textContent = "";
  document.body.dataset.busy = "1";
  setStatus("Asking…");
  try {
    const answer = await runScenario(asked);
    if (run !== latestRun) return;
    const warnings = answer.diagnostics.map((diagnostic) => diagnostic.rendered).join("\n");
    byId("answers").replaceChildren(...answersView(answer.results, (id) => drawPicture(asked, id)));
    byId("errors").textContent = warnings;
    const drawable = answer.results.filter((result) => kDrawable.has(result.kind) && result.status === "ok").map((result) => result.id);
    fillSelect(byId("picture-query"), ["", ...drawable], drawable.includes(pictureQuery) ? pictureQuery : "");
    byId("picture-query").options[0].text = "the map alone";
    await drawPicture(asked, byId("picture-query").value);
    setStatus(`Answered ${answer.results.length} questions.`);
  } catch (error) {
    if (run !== latestRun) return;
    byId("answers").replaceChildren();
    byId("picture").replaceChildren();
    showError(error);
    setStatus("The engine refused the scenario: see the answers.");
  } finally {
    if (run === latestRun) delete document.body.dataset.busy;
  }
}

async function drawPicture(asked, queryId) {
  byId("picture-query").value = queryId;
  try {
    const svg = await renderScenario(asked, queryId);
    const image = new Image();
    image.alt = queryId ? `the engine's picture of ${queryId}` : "the engine's picture of the map";
    image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    image.id = "picture-image";
    image.dataset.query = queryId;
    byId("picture").replaceChildren(image);
  } catch (error) {
    byId("picture").replaceChildren();
    showError(error);
  }
}

// --- loading and saving ---

function loadYaml(text) {
  try {
    const loaded = readYaml(text);
    const battle = fromScenario(loaded);
    page.battle = battle;
    page.queries = Array.isArray(loaded.queries) ? loaded.queries : [];
    page.actor = null;
    page.target = null;
    page.through = [];
    if (page.rulesets.some((ruleset) => ruleset.name === battle.ruleset)) {
      byId("ruleset").value = battle.ruleset;
      useRuleset(battle.ruleset);
    }
    byId("width").value = battle.width;
    byId("height").value = battle.height;
    refresh();
    runAndDraw(page.queries.find((query) => kDrawable.has(Object.keys(query).find((key) => key !== "id")))?.id ?? "");
  } catch (error) {
    showError(error);
  }
}

function saveYaml() {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([byId("yaml").value], { type: "application/yaml" }));
  link.download = "scenario.yaml";
  link.click();
}

// --- start ---

function wire() {
  byId("ruleset").addEventListener("change", (event) => { useRuleset(event.target.value); refresh(); });
  byId("resize").addEventListener("click", () => {
    const clamp = (value) => Math.min(64, Math.max(1, Math.round(Number(value)) || 1));
    resize(page.battle, clamp(byId("width").value), clamp(byId("height").value), ground());
    refresh();
  });
  document.querySelectorAll("input[name=tool]").forEach((radio) => radio.addEventListener("change", () => {
    // Asking and routing start from a creature clicked anew; the other tools keep the question,
    // asked again as the battle changes.
    if (tool() === "ask" || tool() === "route") {
      page.actor = null;
      page.target = null;
      page.through = [];
    }
    refresh();
  }));
  for (const id of ["creature-id", "creature-side", "creature-size", "creature-speed", "creature-speeds",
                    "creature-traits", "creature-conditions"]) {
    byId(id).addEventListener("change", () => {
      const creature = page.battle.creatures.find((candidate) => candidate.id === page.editing);
      if (creature) applyEditor(creature, editorValues());
      refresh();
      askAgainSoon();
    });
  }
  byId("creature-delete").addEventListener("click", () => {
    page.battle.creatures = page.battle.creatures.filter((creature) => creature.id !== page.editing);
    if (page.actor === page.editing) {
      page.actor = null;
      page.through = [];
    }
    editCreature(null);
    refresh();
  });
  for (const id of ["attack-kind", "attack-reach", "attack-conditions", "move-mode"]) byId(id).addEventListener("change", askAgainSoon);
  byId("picture-query").addEventListener("change", (event) => drawPicture(scenario(), event.target.value));
  byId("yaml-load").addEventListener("click", () => loadYaml(byId("yaml").value));
  byId("yaml-save").addEventListener("click", saveYaml);
  byId("yaml-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) loadYaml(await file.text());
  });
}

async function start() {
  wire();
  try {
    page.rulesets = await fetchRulesets();
  } catch (error) {
    showError(error);
    setStatus("Could not list the rulesets.");
    return;
  }
  fillSelect(byId("ruleset"), page.rulesets.map((ruleset) => ruleset.name), "dnd35");
  useRuleset(byId("ruleset").value);
  page.battle = newBattle(byId("ruleset").value, Number(byId("width").value), Number(byId("height").value), ground());
  refresh();
  setStatus("Ready.");
  document.body.dataset.ready = "1";
}

start();
