check tests/golden/unknown_module
