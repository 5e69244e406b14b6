// The JSON API of `rulecraft serve` (docs/api.md), as the page calls it: same origin, JSON bodies.

/** An answer the service refused (4xx, 5xx): its status and the located diagnostics. */
export class ServiceError extends Error {
  constructor(status, document) {
    const diagnostics = document?.diagnostics ?? [];
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
    super(errors.map((diagnostic) => diagnostic.rendered ?? diagnostic.message).join("\n") || `HTTP ${status}`);
    this.status = status;
    this.diagnostics = diagnostics;
  }
}

async function readJson(response) {
  const document = await response.json().catch(() => null);
  if (!response.ok) throw new ServiceError(response.status, document);
  return document;
}

/** GET /v1/rulesets: `[{name, title, terrain: [{name, label, colour}], sizes, conditions}]`. */
export async function fetchRulesets() {
  return (await readJson(await fetch("/v1/rulesets"))).rulesets;
}

/** POST /v1/run with `explain` kept: the run document (`results`, `diagnostics`). */
export async function runScenario(scenario) {
  const response = await fetch("/v1/run?explain=true", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(scenario),
  });
  return readJson(response);
}

/** POST /v1/render: the SVG text of the scenario and, when `queryId` is given, that query's answer. */
export async function renderScenario(scenario, queryId) {
  const query = queryId ? `?query=${encodeURIComponent(queryId)}` : "";
  const response = await fetch(`/v1/render${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(scenario),
  });
  if (!response.ok) await readJson(response);
  return response.text();
}
