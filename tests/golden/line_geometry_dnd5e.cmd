run rulesets/dnd5e/tests/line_geometry.yaml --format text
