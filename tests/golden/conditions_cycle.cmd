check tests/golden/conditions_cycle
