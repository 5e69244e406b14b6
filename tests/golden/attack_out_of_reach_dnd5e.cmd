run tests/golden/attack_out_of_reach_dnd5e.yaml --format text --explain
