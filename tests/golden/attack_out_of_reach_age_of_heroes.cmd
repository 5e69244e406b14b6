run tests/golden/attack_out_of_reach_age_of_heroes.yaml --format text --explain
