check tests/golden/broken_rules
