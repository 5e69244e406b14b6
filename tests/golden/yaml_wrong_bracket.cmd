test tests/golden/yaml_wrong_bracket/scenario.yaml tests/golden/yaml_wrong_bracket/uses_ruleset.yaml
