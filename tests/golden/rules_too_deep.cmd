check tests/golden/rules_too_deep
