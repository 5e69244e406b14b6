test tests/golden/yaml_key_in_list/scenario.yaml tests/golden/yaml_key_in_list/uses_ruleset.yaml
