#include "service/openapi.h"

#include "cli/json_document.h"
#include "rulecraft/rulecraft.h"

namespace rulecraft::service {
namespace {

// The parts every answer shares, and the paths; the version is filled in below.
constexpr const char* kDocument = R"json({
  "openapi": "3.0.3",
  "info": {
    "title": "rulecraft",
    "description": "Answers tactical questions (movement, reach, cover, modifiers) for d20-family games from rules written as data. Every answer is one JSON document with schema_version and diagnostics (docs/api.md).",
    "license": { "name": "see the repository" }
  },
  "servers": [ { "url": "http://127.0.0.1:8731" } ],
  "paths": {
    "/v1/run": {
      "post": {
        "summary": "Answer every query of a scenario: exactly the JSON document of `rulecraft run`.",
        "parameters": [ { "name": "explain", "in": "query", "required": false,
                          "description": "true (or summary): each result's explain holds one entry per number, the rule that decided it, its inputs and source (`rulecraft run --explain`); full: every rule, table cell and modifier read (`--explain=full`)",
                          "schema": { "enum": [ "true", "false", "summary", "full" ] } } ],
        "requestBody": { "required": true, "description": "A scenario (docs/scenarios.md) as JSON or YAML.",
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Scenario" } },
                       "application/yaml": { "schema": { "type": "string" } } } },
        "responses": {
          "200": { "description": "The scenario ran; each result has its status.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RunDocument" } } } },
          "400": { "$ref": "#/components/responses/BadInput" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "405": { "$ref": "#/components/responses/Refused" },
          "413": { "$ref": "#/components/responses/Refused" },
          "503": { "$ref": "#/components/responses/Refused" }
        }
      }
    },
    "/v1/render": {
      "post": {
        "summary": "Draw a scenario's map, creatures and one query's answer: exactly the SVG of `rulecraft render`.",
        "parameters": [ { "name": "query", "in": "query", "required": false,
                          "description": "the id of the query whose answer to draw (reach, path, route, threatened, attack); without it, the map alone",
                          "schema": { "type": "string" } } ],
        "requestBody": { "required": true, "description": "A scenario (docs/scenarios.md) as JSON or YAML, as /v1/run takes it.",
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Scenario" } },
                       "application/yaml": { "schema": { "type": "string" } } } },
        "responses": {
          "200": { "description": "The picture (docs/render.md).", "content": { "image/svg+xml": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/BadInput" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "405": { "$ref": "#/components/responses/Refused" },
          "413": { "$ref": "#/components/responses/Refused" },
          "503": { "$ref": "#/components/responses/Refused" }
        }
      }
    },
    "/v1/check": {
      "post": {
        "summary": "Load and check rulesets: exactly the JSON document of `rulecraft check --format json`.",
        "requestBody": { "required": true, "content": { "application/json": { "schema": {
          "type": "object", "properties": { "rulesets": { "type": "array", "items": { "type": "string" } },
                                            "ruleset": { "type": "string" } } } } } },
        "responses": {
          "200": { "description": "Each ruleset was found; its ok says whether it loads without errors.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
          "400": { "$ref": "#/components/responses/BadInput" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "413": { "$ref": "#/components/responses/Refused" },
          "503": { "$ref": "#/components/responses/Refused" }
        }
      }
    },
    "/v1/rulesets": {
      "get": {
        "summary": "The rulesets served: bundled ones and those of --rulesets folders.",
        "responses": {
          "200": { "description": "{rulesets: [{name, title, lineage, tables, terrain: [{name, label, colour}], sizes, size_squares, conditions, movement_modes}]}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
          "503": { "$ref": "#/components/responses/Refused" }
        }
      }
    },
    "/v1/health": {
      "get": {
        "summary": "Whether the service answers: {status, version, workers, busy}.",
        "responses": { "200": { "description": "It answers.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } } }
      }
    },
    "/": {
      "get": {
        "summary": "The web page: a battle map to edit, asking this API (web/index.html; any other GET path outside /v1/ is a file of web/).",
        "responses": { "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
                       "404": { "$ref": "#/components/responses/NotFound" } }
      }
    },
    "/v1/scenarios": {
      "post": {
        "summary": "Open a scenario and keep it: its map and ruleset are read once; ask and change it by the id answered (docs/api.md, Open scenarios).",
        "requestBody": { "required": true, "description": "A scenario as JSON or YAML, as /v1/run takes it.",
          "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Scenario" } },
                       "application/yaml": { "schema": { "type": "string" } } } },
        "responses": {
          "201": { "description": "{scenario: id, ruleset}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
          "400": { "$ref": "#/components/responses/BadInput" },
          "404": { "$ref": "#/components/responses/NotFound" },
          "413": { "$ref": "#/components/responses/Refused" }
        }
      }
    },
    "/v1/scenarios/{id}": {
      "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
      "get": {
        "summary": "Answer every query of the open scenario, as /v1/run does.",
        "responses": { "200": { "description": "The results.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RunDocument" } } } },
                       "404": { "$ref": "#/components/responses/NotFound" } }
      },
      "delete": {
        "summary": "Close the open scenario.",
        "responses": { "200": { "description": "{scenario, closed: true}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
                       "404": { "$ref": "#/components/responses/NotFound" } }
      }
    },
    "/v1/scenarios/{id}/ask": {
      "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
      "post": {
        "summary": "Answer one query, written as one entry of `queries:` ({id, reach: {creature}}), on the open scenario as it is now.",
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object" } } } },
        "responses": { "200": { "description": "{scenario, results: [the answer]}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RunDocument" } } } },
                       "400": { "$ref": "#/components/responses/BadInput" },
                       "404": { "$ref": "#/components/responses/NotFound" } }
      }
    },
    "/v1/scenarios/{id}/changes": {
      "parameters": [ { "name": "id", "in": "path", "required": true, "schema": { "type": "string" } } ],
      "post": {
        "summary": "Change the open scenario: {move: {creature, to: [x, y]}}, {conditions: {creature, set: [names]}}, {paint: {at: [x, y], terrain}}, or {changes: [those]} applied in order until one is refused.",
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object" } } } },
        "responses": { "200": { "description": "{scenario, applied}: every change applied.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
                       "400": { "$ref": "#/components/responses/BadInput" },
                       "404": { "$ref": "#/components/responses/NotFound" } }
      }
    },
    "/v1/openapi.json": {
      "get": {
        "summary": "This document.",
        "responses": { "200": { "description": "OpenAPI 3 document.", "content": { "application/json": { "schema": { "type": "object" } } } } }
      }
    }
  },
  "components": {
    "responses": {
      "BadInput": { "description": "The input has errors; diagnostics say where.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
      "NotFound": { "description": "An unknown route, or a scenario naming an unknown ruleset.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } },
      "Refused": { "description": "Refused before reading: wrong method (405), body too large (413), every worker busy (503, retry later).", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Document" } } } }
    },
    "schemas": {
      "Scenario": { "type": "object", "description": "docs/scenarios.md: ruleset, map, creatures, queries.",
        "required": [ "queries" ],
        "properties": { "ruleset": { "type": "string" }, "seed": { "type": "integer" }, "map": { "type": "object" },
                        "gravity": { "type": "string" }, "wind": { "type": "string" }, "creatures": { "type": "array", "items": { "type": "object" } },
                        "queries": { "type": "array", "items": { "type": "object" } } } },
      "Diagnostic": { "type": "object",
        "required": [ "severity", "code", "file", "line", "col", "message", "notes", "rendered" ],
        "properties": {
          "severity": { "type": "string", "enum": [ "error", "warning", "note" ] },
          "code": { "type": "string", "description": "stable kebab-case kind: malformed-json, unknown-ruleset, ruleset-path-refused, too-large, …" },
          "file": { "type": "string", "nullable": true },
          "line": { "type": "integer", "nullable": true },
          "col": { "type": "integer", "nullable": true },
          "end": { "type": "object", "nullable": true, "description": "where the span ends: line and col just past it" },
          "message": { "type": "string" },
          "notes": { "type": "array", "items": { "type": "object" } },
          "rendered": { "type": "string", "description": "the text stderr shows: message, source line, caret, notes" } } },
      "Document": { "type": "object", "required": [ "schema_version", "diagnostics" ],
        "properties": { "schema_version": { "type": "integer" },
                        "diagnostics": { "type": "array", "items": { "$ref": "#/components/schemas/Diagnostic" } },
                        "diagnostics_not_shown": { "type": "integer" } } },
      "RunDocument": { "allOf": [ { "$ref": "#/components/schemas/Document" }, { "type": "object",
        "required": [ "scenario", "results" ],
        "properties": { "scenario": { "type": "string" }, "ruleset": { "type": "string" },
                        "results": { "type": "array", "items": { "type": "object" } } } } ] }
    }
  }
})json";

}  // namespace

nlohmann::json OpenApiDocument() {
  nlohmann::json document = nlohmann::json::parse(kDocument);
  document["info"]["version"] = Version();
  document["components"]["schemas"]["Document"]["properties"]["schema_version"]["enum"] = {cli::kSchemaVersion};
  return document;
}

}  // namespace rulecraft::service
