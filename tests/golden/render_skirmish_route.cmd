render examples/skirmish.yaml --query kyra_over_the_low_wall
