// The editable map: the battle drawn as an SVG grid (terrain, barriers, creatures, the squares the
// question is about), and the pointer turned into squares and edges for the page to act on.
import { spaceOf, terrainAt } from "./scenario.js";

const kSquare = 32;        // pixels a side of a square
const kMargin = 20;        // room for the column and row numbers
const kEdgeReach = 7;      // a press this close to a square's side picks that side (a barrier)
const kSideColours = ["#2e86c1", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#17a589"];  // as render's
const SVG = "http://www.w3.org/2000/svg";

function element(name, attributes, parent) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  parent?.appendChild(made);
  return made;
}

/** The colour of each side, in the order sides first appear among the creatures (docs/render.md). */
export function sideColours(creatures) {
  const colours = new Map();
  for (const creature of creatures) {
    if (!colours.has(creature.side)) colours.set(creature.side, kSideColours[colours.size % kSideColours.length]);
  }
  return colours;
}

export class MapView {
  /** Draws into `svg`; `handlers` get {x, y, edge} places: press(place), drag(place), release(start, place). */
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.start = null;
    svg.addEventListener("pointerdown", (event) => {
      const place = this.placeOf(event);
      if (!place) return;
      this.start = place;
      svg.setPointerCapture(event.pointerId);
      handlers.press(place, event);
    });
    svg.addEventListener("pointermove", (event) => {
      const place = this.start && this.placeOf(event);
      if (place && (place.x !== this.last?.x || place.y !== this.last?.y)) handlers.drag(place, event);
      this.last = place;
    });
    svg.addEventListener("pointerup", (event) => {
      const start = this.start;
      this.start = null;
      this.last = null;
      const place = this.placeOf(event);
      if (start && place) handlers.release(start, place, event);
    });
  }

  // The square under the pointer and, near one of its sides, the edge to the square beyond it.
  placeOf(event) {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const px = point.x - kMargin;
    const py = point.y - kMargin;
    const x = Math.floor(px / kSquare);
    const y = Math.floor(py / kSquare);
    if (!this.battle || x < 0 || y < 0 || x >= this.battle.width || y >= this.battle.height) return null;
    const dx = px - x * kSquare;
    const dy = py - y * kSquare;
    const sides = [[dx, [x - 1, y]], [kSquare - dx, [x + 1, y]], [dy, [x, y - 1]], [kSquare - dy, [x, y + 1]]];
    const [distance, beyond] = sides.reduce((best, side) => (side[0] < best[0] ? side : best));
    const onMap = beyond[0] >= 0 && beyond[1] >= 0 && beyond[0] < this.battle.width && beyond[1] < this.battle.height;
    return { x, y, edge: distance <= kEdgeReach && onMap ? [[x, y], beyond] : null };
  }

  /** Draws `battle` with terrain colours by name; `marks` rings the actor and the target square and
   * numbers the squares of a route (`through`) from the actor's square. */
  draw(battle, colours, marks = {}) {
    this.battle = battle;
    const svg = this.svg;
    svg.replaceChildren();
    const width = kMargin + battle.width * kSquare + 2;
    const height = kMargin + battle.height * kSquare + 2;
    Object.entries({ width, height, viewBox: `0 0 ${width} ${height}` }).forEach(([k, v]) => svg.setAttribute(k, v));
    const grid = element("g", { transform: `translate(${kMargin},${kMargin})` }, svg);
    for (let y = 0; y < battle.height; y++) {
      for (let x = 0; x < battle.width; x++) {
        const terrain = terrainAt(battle, x, y);
        const square = element("rect", { x: x * kSquare, y: y * kSquare, width: kSquare, height: kSquare,
          fill: colours.get(terrain) ?? "#eeeeee", class: "square", "data-x": x, "data-y": y, "data-terrain": terrain }, grid);
        element("title", {}, square).textContent = `[${x}, ${y}] ${terrain}`;
      }
    }
    for (let x = 0; x < battle.width; x++) this.label(svg, kMargin + x * kSquare + kSquare / 2, kMargin - 6, x);
    for (let y = 0; y < battle.height; y++) this.label(svg, kMargin / 2, kMargin + y * kSquare + kSquare / 2 + 4, y);
    for (const [key, terrain] of battle.edges) this.drawEdge(grid, key, colours.get(terrain) ?? "#555555", terrain);
    const sides = sideColours(battle.creatures);
    for (const creature of battle.creatures) this.drawCreature(grid, creature, sides.get(creature.side), creature.id === marks.actor);
    if (marks.target) {
      element("rect", { x: marks.target[0] * kSquare + 2, y: marks.target[1] * kSquare + 2, width: kSquare - 4,
        height: kSquare - 4, class: "target-mark" }, grid);
    }
    const actor = battle.creatures.find((creature) => creature.id === marks.actor);
    if (actor && marks.through?.length > 0) this.drawRoute(grid, actor.at, marks.through);
  }

  // The squares of a route: a line from `from` through each, and each one's number in order.
  drawRoute(grid, from, through) {
    const middle = ([x, y]) => `${x * kSquare + kSquare / 2},${y * kSquare + kSquare / 2}`;
    element("polyline", { points: [from, ...through].map(middle).join(" "), class: "route-line" }, grid);
    through.forEach(([x, y], index) => {
      const mark = element("g", { class: "route-mark", "data-x": x, "data-y": y }, grid);
      element("circle", { cx: x * kSquare + kSquare / 2, cy: y * kSquare + kSquare / 2, r: 8 }, mark);
      element("text", { x: x * kSquare + kSquare / 2, y: y * kSquare + kSquare / 2 + 3 }, mark).textContent = index + 1;
    });
  }

  label(svg, x, y, text) {
    element("text", { x, y, class: "coordinate" }, svg).textContent = text;
  }

  drawEdge(grid, key, colour, terrain) {
    const [[x1, y1], [x2, y2]] = key.split("|").map((square) => square.split(",").map(Number));
    const vertical = x1 !== x2;  // squares side by side in x: the line between them runs down
    const x = vertical ? Math.max(x1, x2) * kSquare : x1 * kSquare;
    const y = vertical ? y1 * kSquare : Math.max(y1, y2) * kSquare;
    const line = element("line", { x1: x, y1: y, x2: vertical ? x : x + kSquare, y2: vertical ? y + kSquare : y,
      stroke: colour, class: "barrier", "data-edge": key, "data-terrain": terrain }, grid);
    element("title", {}, line).textContent = `${terrain} between [${x1}, ${y1}] and [${x2}, ${y2}]`;
  }

  drawCreature(grid, creature, colour, isActor) {
    const space = spaceOf(creature.size) * kSquare;
    const group = element("g", { class: isActor ? "creature actor" : "creature", "data-id": creature.id }, grid);
    element("rect", { x: creature.at[0] * kSquare + 3, y: creature.at[1] * kSquare + 3, width: space - 6,
      height: space - 6, rx: space / 2 - 3, fill: colour }, group);
    element("text", { x: creature.at[0] * kSquare + space / 2, y: creature.at[1] * kSquare + space / 2 + 4,
      class: "creature-label" }, group).textContent = creature.id.slice(0, space > kSquare ? 12 : 6);
  }
}
