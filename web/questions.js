// The questions a click asks — a path and a reach for the creature, the squares it threatens, an
// attack on the creature in the square — as scenario queries (docs/scenarios.md), and their
// answers as text: the numbers, and the rules behind them (`explain`).

// The fields shown for each kind of answer, in order; others stay in the answer's JSON.
const kShown = {
  size: ["space_ft", "space_squares", "reach_tall_ft", "reach_long_ft", "size_modifier"],
  speed: ["land_ft", "land_squares", "modes_ft"],
  path: ["reachable", "why", "cost", "cost_ft", "may_end", "within", "within_modes", "mode", "budget_ft", "left_ft",
    "attacks_of_opportunity"],
  route: ["legal", "cost", "cost_ft", "first_illegal", "ends_at", "mode", "budget_ft", "left_ft", "attacks_of_opportunity"],
  closest: ["closest", "distance_ft", "tied"],
  travel: ["possible", "miles_per_hour", "miles_per_day", "miles"],
  reach: ["reachable_count", "may_end_count", "speed_ft", "budget_ft"],
  threatened: ["threatened", "square", "threatens"],
  creature: ["conditions", "may", "speed", "armor_class"],
  attack: ["possible", "why", "adjacent", "flanking", "flankers", "cover", "concealment", "miss_chance",
    "attack_bonus", "ac_bonus", "net", "line_of_effect", "line_of_sight", "attack_of_opportunity", "effects"],
};

/** The queries asked when `actor` is clicked and then square `to`, where `defender` (maybe none) stands;
 * `options.mode` (maybe empty: any) is the movement mode of the path and the reach. */
export function questionsFor(actor, to, defender, options) {
  const moving = options.mode ? { mode: options.mode } : {};
  const queries = [
    { id: "path", path: { creature: actor.id, to, ...moving } },
    { id: "reach", reach: { creature: actor.id, ...moving } },
    { id: "threatened", threatened: { creature: actor.id, square: to } },
  ];
  if (defender && defender.id !== actor.id) {
    const attack = { attacker: actor.id, defender: defender.id, kind: options.kind };
    if (options.reachWeapon) attack.weapon = { reach: true };
    if (options.conditions.length > 0) attack.conditions = options.conditions;
    queries.push({ id: "attack", attack });
  }
  return queries;
}

/** The query asked when `actor` is first clicked: its effective state (conditions with what they
 * bring, what it may do, its speed), as the `creature` query answers it. */
export function stateQuestion(actor) {
  return { id: "state", creature: { creature: actor.id } };
}

/** The query asked when `actor` is clicked and then the squares `through`, in order: a route by
 * `mode` (maybe empty: the ruleset's default). */
export function routeQuestion(actor, through, mode) {
  return { id: "route", route: { creature: actor.id, through, ...(mode ? { mode } : {}) } };
}

/** A value as the page shows it: yes/no, numbers and words as they are, lists joined, a mapping as
 * "key value, …" (an attack of opportunity by its attacker, a condition by its name and what
 * brought it), nothing as a dash. */
export function shownText(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map(listedText).join(", ");
  }
  if (typeof value === "object") return Object.entries(value).map(([key, item]) => `${key} ${shownText(item)}`).join(", ");
  return String(value);
}

// One entry of a list as the page shows it: an attack of opportunity by its attacker, a condition
// by its name (and the condition that brought it), anything else as itself.
function listedText(item) {
  if (typeof item !== "object" || item === null) return shownText(item);
  if ("by" in item) return item.by;
  if ("name" in item) return item.brought_by ? `${item.name} (from ${item.brought_by})` : item.name;
  return shownText(item);
}

/** One line of `explain`: the summary's own sentence, or the rule, table cell or hook behind a number and where it is written. */
export function explainLine(entry) {
  if (typeof entry.line === "string") return entry.line;
  const where = entry.at ? ` (${typeof entry.at === "string" ? entry.at : JSON.stringify(entry.at)})` : "";
  if (entry.rule) return `rule ${entry.rule} = ${entry.value ?? ""}${where}`;
  if (entry.table) return `${entry.table}[${entry.row}].${entry.column} = ${entry.value ?? ""}${where}`;
  const { at, ...rest } = entry;
  return Object.entries(rest).map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`).join(", ") + where;
}

// The explain lines that name a field (a rule or column of that name), for the number's tooltip.
function explainOf(result, field) {
  const stem = field.replace(/_ft$/, "");
  return (result.explain ?? []).filter((entry) => [entry.rule, entry.column].some((name) => name && name.includes(stem)));
}

function make(name, attributes = {}, text) {
  const made = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The answers of a run as text: one block per query, each number with its id, and its explain. */
export function answersView(results, onPick) {
  const blocks = [];
  for (const result of results) {
    const block = make("section", { class: "answer", "data-query": result.id });
    const heading = make("h3", {}, `${result.id}: ${result.status}`);
    heading.addEventListener("click", () => onPick(result.id));
    block.append(heading);
    if (result.status !== "ok") block.append(make("p", { class: "error" }, result.message ?? ""));
    const list = make("dl");
    for (const field of kShown[result.kind] ?? []) {
      if (!(field in result)) continue;
      const lines = explainOf(result, field).map(explainLine);
      list.append(make("dt", {}, field));
      list.append(make("dd", { "data-field": field, "data-value": JSON.stringify(result[field]),
        title: lines.join("\n"), class: lines.length > 0 ? "explained" : "" }, shownText(result[field])));
    }
    block.append(list);
    if ((result.explain ?? []).length > 0) {
      const details = make("details", { class: "explain" });
      details.append(make("summary", {}, `why (${result.explain.length} ${result.explain.length === 1 ? "line" : "lines"})`));
      const items = make("ol");
      for (const entry of result.explain) items.append(make("li", {}, explainLine(entry)));
      details.append(items);
      block.append(details);
    }
    blocks.push(block);
  }
  return blocks;
}
