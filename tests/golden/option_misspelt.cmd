run examples/quickstart.yaml --explian
