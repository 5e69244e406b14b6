check tests/golden/override_signature
