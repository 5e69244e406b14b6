run rulesets/starfinder/tests/line_geometry.yaml --format text
