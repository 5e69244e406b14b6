check tests/golden/input_bad_sizes
