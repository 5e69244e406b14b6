render tests/golden/render_colours.yaml --query scout_size
