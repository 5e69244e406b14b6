test tests/golden/yaml_indent_mapping/scenario.yaml tests/golden/yaml_indent_mapping/uses_ruleset.yaml
