diff dnd35 examples/homebrew
