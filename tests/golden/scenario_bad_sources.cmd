run tests/golden/scenario_bad_sources.yaml --format text
