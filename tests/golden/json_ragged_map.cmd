run tests/golden/json_ragged_map.yaml --format json
