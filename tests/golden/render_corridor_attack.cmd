render examples/corridor.yaml --query arrow_at_the_goblin
