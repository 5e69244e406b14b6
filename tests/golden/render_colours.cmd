render tests/golden/render_colours.yaml
