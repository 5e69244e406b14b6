// The battle being edited — its map, barriers and creatures — and its scenario form
// (docs/scenarios.md): what the page sends to POST /v1/run and /v1/render, saves and loads.

// Squares a side of a creature's space by size: the ruleset's `sizes.space` (GET /v1/rulesets,
// `size_squares`, given by useSizes), else the d20 sizes; for drawing and clicking in the editor
// only: the server's picture is the engine's own. A space under a square is drawn as one square.
const kD20SpaceBySize = { large: 2, huge: 3, gargantuan: 4, colossal: 6 };
let spaceBySize = kD20SpaceBySize;
const kPreferredSymbols = { open: ".", difficult: "~", wall: "#" };
const kSpareSymbols = "=^%&*+o:;,!?$@abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Takes each size's space in squares from the ruleset (`{large: 2, tiny: 0.5}`). */
export function useSizes(squaresBySize) {
  spaceBySize = squaresBySize && Object.keys(squaresBySize).length > 0 ? squaresBySize : kD20SpaceBySize;
}

/** How many squares wide a creature of this size is drawn (at least one). */
export function spaceOf(size) {
  return Math.max(1, Math.round(spaceBySize[size] ?? 1));
}

/** The key of the edge between two side-by-side squares, the same whichever is named first. */
export function edgeKey(a, b) {
  const [first, second] = a[1] < b[1] || (a[1] === b[1] && a[0] < b[0]) ? [a, b] : [b, a];
  return `${first[0]},${first[1]}|${second[0]},${second[1]}`;
}

function edgeSquares(key) {
  return key.split("|").map((square) => square.split(",").map(Number));
}

/** A map of `width` × `height` squares of `fill`, with no barrier and no creature. */
export function newBattle(ruleset, width, height, fill) {
  return { ruleset, width, height, squares: Array(width * height).fill(fill), edges: new Map(), creatures: [], extra: {},
    mapExtra: {} };
}

/** The terrain of square [x, y]. */
export function terrainAt(battle, x, y) {
  return battle.squares[y * battle.width + x];
}

export function paint(battle, x, y, terrain) {
  battle.squares[y * battle.width + x] = terrain;
}

/** Resizes the map, keeping what stays on it; squares added are `fill`, barriers and creatures off it go. */
export function resize(battle, width, height, fill) {
  const squares = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) squares.push(x < battle.width && y < battle.height ? terrainAt(battle, x, y) : fill);
  }
  Object.assign(battle, { width, height, squares });
  const inside = ([x, y]) => x >= 0 && y >= 0 && x < width && y < height;
  for (const key of [...battle.edges.keys()]) if (!edgeSquares(key).every(inside)) battle.edges.delete(key);
  battle.creatures = battle.creatures.filter((creature) => {
    const space = spaceOf(creature.size);
    return inside(creature.at) && inside([creature.at[0] + space - 1, creature.at[1] + space - 1]);
  });
}

/** The creature whose space holds [x, y], or undefined. */
export function creatureAt(battle, x, y) {
  return battle.creatures.find((creature) => {
    const space = spaceOf(creature.size);
    return x >= creature.at[0] && y >= creature.at[1] && x < creature.at[0] + space && y < creature.at[1] + space;
  });
}

/** An id no creature has yet, from `stem`. */
export function freshId(battle, stem) {
  for (let n = 1; ; n++) {
    const id = `${stem}${n}`;
    if (!battle.creatures.some((creature) => creature.id === id)) return id;
  }
}

function legendOf(battle) {
  const legend = {};
  const symbols = {};
  const used = new Set();
  for (const terrain of new Set(battle.squares)) {
    let symbol = kPreferredSymbols[terrain];
    if (!symbol || used.has(symbol)) symbol = [...kSpareSymbols].find((candidate) => !used.has(candidate));
    used.add(symbol);
    legend[symbol] = terrain;
    symbols[terrain] = symbol;
  }
  return { legend, symbols };
}

/** The scenario document of the battle with these queries (docs/scenarios.md). */
export function toScenario(battle, queries) {
  const { legend, symbols } = legendOf(battle);
  const rows = [];
  for (let y = 0; y < battle.height; y++) {
    let row = "";
    for (let x = 0; x < battle.width; x++) row += symbols[terrainAt(battle, x, y)];
    rows.push(row);
  }
  const map = { legend, rows, ...battle.mapExtra };
  if (battle.edges.size > 0) {
    map.edges = [...battle.edges].map(([key, terrain]) => ({ between: edgeSquares(key), terrain }));
  }
  return { ruleset: battle.ruleset, ...battle.extra, map, creatures: battle.creatures, queries };
}

// The edges one `edges:` entry stands for: `run` repeats it along the line between the squares.
function expandEdge(entry) {
  const [a, b] = entry.between ?? [];
  if (!Array.isArray(a) || !Array.isArray(b)) throw new Error("an edge needs between: [[x, y], [x, y]]");
  const along = a[0] !== b[0] ? [0, 1] : [1, 0];  // squares side by side in x: the line runs down
  const keys = [];
  for (let k = 0; k < (entry.run ?? 1); k++) {
    keys.push(edgeKey([a[0] + along[0] * k, a[1] + along[1] * k], [b[0] + along[0] * k, b[1] + along[1] * k]));
  }
  return keys;
}

/** The battle a scenario document describes (its queries are left out); throws Error when it has no map. */
export function fromScenario(scenario) {
  if (!scenario || typeof scenario !== "object") throw new Error("a scenario is a mapping: ruleset, map, creatures, queries");
  const { ruleset, map, creatures = [], queries, ...extra } = scenario;
  if (!map || !Array.isArray(map.rows) || map.rows.length === 0) throw new Error("the scenario has no map.rows to edit");
  const height = map.rows.length;
  const width = Math.max(...map.rows.map((row) => [...row].length));
  const battle = newBattle(ruleset ?? "dnd35", width, height, "open");
  map.rows.forEach((row, y) => [...row].forEach((symbol, x) => {
    const terrain = map.legend?.[symbol];
    if (terrain === undefined) throw new Error(`map row ${y + 1}: '${symbol}' is not in the legend`);
    paint(battle, x, y, terrain);
  }));
  for (const entry of map.edges ?? []) for (const key of expandEdge(entry)) battle.edges.set(key, entry.terrain);
  battle.creatures = creatures.map((creature) => ({ ...creature }));
  battle.extra = extra;
  // What the page does not edit on the map (`tunnels:`, …) goes back as it came.
  const { legend, rows, edges, ...mapExtra } = map;
  battle.mapExtra = mapExtra;
  return battle;
}
