check tests/golden/lua_broken
