diff tests/golden/diff_order/a tests/golden/diff_order/b
