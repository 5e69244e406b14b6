test tests/golden/yaml_indent_list/scenario.yaml tests/golden/yaml_indent_list/uses_ruleset.yaml
