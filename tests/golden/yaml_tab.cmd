test tests/golden/yaml_tab/scenario.yaml tests/golden/yaml_tab/uses_ruleset.yaml
