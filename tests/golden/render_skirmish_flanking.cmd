render examples/skirmish.yaml --query flanked_orc
