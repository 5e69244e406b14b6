run examples/quickstart.yaml --format text --explain
