check tests/golden/override_super
