run tests/golden/explain_full.yaml --format text --explain=full
