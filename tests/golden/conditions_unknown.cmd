check tests/golden/conditions_unknown
