run tests/golden/bad_turn.yaml
