render examples/quickstart.yaml --query valeros_mvoe
