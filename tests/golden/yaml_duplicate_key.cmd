test tests/golden/yaml_duplicate_key/scenario.yaml tests/golden/yaml_duplicate_key/uses_ruleset.yaml
