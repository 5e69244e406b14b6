run rulesets/dnd35/tests/line_geometry.yaml --format text
