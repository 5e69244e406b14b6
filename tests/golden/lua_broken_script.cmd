run tests/golden/lua_broken_script.yaml --format text
