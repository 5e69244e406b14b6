run tests/golden/scenario_bad_weapons.yaml --format text
