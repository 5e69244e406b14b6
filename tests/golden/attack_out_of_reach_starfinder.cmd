run tests/golden/attack_out_of_reach_starfinder.yaml --format text --explain
