run tests/golden/lua_misspelt.yaml
