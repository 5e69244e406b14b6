render examples/corridor.yaml --query ogre_through_the_corridor
