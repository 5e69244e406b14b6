run tests/golden/attack_out_of_reach_dnd35.yaml --format text --explain
