render examples/quickstart.yaml --query to_the_ogre
