run rulesets/age_of_heroes/tests/line_geometry.yaml --format text
