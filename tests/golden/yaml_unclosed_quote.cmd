test tests/golden/yaml_unclosed_quote/scenario.yaml tests/golden/yaml_unclosed_quote/uses_ruleset.yaml
