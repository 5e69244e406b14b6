check tests/golden/override_nothing
