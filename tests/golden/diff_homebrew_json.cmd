diff dnd35 examples/homebrew --format json
