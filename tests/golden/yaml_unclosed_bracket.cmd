test tests/golden/yaml_unclosed_bracket/scenario.yaml tests/golden/yaml_unclosed_bracket/uses_ruleset.yaml
