test tests/golden/expect_misspelt.yaml
