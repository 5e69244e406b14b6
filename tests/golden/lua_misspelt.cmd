run tests/golden/lua_misspelt.yaml --format text
