run examples/quickstart.yaml --explain=bogus
