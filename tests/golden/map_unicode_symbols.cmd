run tests/golden/map_unicode_symbols.yaml --format text
