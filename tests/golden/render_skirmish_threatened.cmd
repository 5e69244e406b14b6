render examples/skirmish.yaml --query troll_threatens
