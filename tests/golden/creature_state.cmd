run tests/golden/creature_state.yaml
