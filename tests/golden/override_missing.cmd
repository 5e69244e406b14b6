check tests/golden/override_missing
