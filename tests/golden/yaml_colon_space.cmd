test tests/golden/yaml_colon_space/scenario.yaml tests/golden/yaml_colon_space/uses_ruleset.yaml
