run tests/golden/reach_square.yaml --format text --explain
