test tests/golden/yaml_dash_space/scenario.yaml tests/golden/yaml_dash_space/uses_ruleset.yaml
