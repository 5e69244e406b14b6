# A 3000 × 3000 map (docs/limits.md: within limits::kMaxMapSide) answers a reach and an
# unlimited path query in bounded time and memory: the scenario is made here, rulecraft runs under a 4 GiB
# address-space limit (where the build has no sanitizer, which needs more) and ctest's timeout.
#   cmake -DRULECRAFT=… -DWORK_DIR=… [-DSANITIZED=ON] -P big_map.cmake
set(side 3000)
string(REPEAT "." ${side} row)
string(REPEAT "    - \"${row}\"\n" ${side} rows)
file(MAKE_DIRECTORY "${WORK_DIR}")
set(scenario "${WORK_DIR}/big_map.yaml")
file(WRITE "${scenario}" "ruleset: dnd35
map:
  legend: { \".\": open }
  rows:
${rows}creatures:
  - { id: runner, at: [1500, 1500], speed: { land: 30 } }
queries:
  - { id: reach, reach: { creature: runner } }
  - { id: far, path: { creature: runner, to: [2999, 2999] } }
")
set(command "${RULECRAFT}" run "${scenario}")
if(NOT SANITIZED)
  set(command sh -c "ulimit -v 4194304 && exec \"$0\" \"$@\"" ${command})
endif()
execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "a ${side}² map: exit ${code}\n${err}")
endif()
string(JSON reachable GET "${out}" results 0 reachable_count)
string(JSON far_reachable GET "${out}" results 1 reachable)
string(JSON far_cost GET "${out}" results 1 cost)
if(NOT reachable GREATER 100 OR NOT far_reachable STREQUAL "ON" OR far_cost LESS 1499)
  message(FATAL_ERROR "a ${side}² map answered unexpectedly: reach ${reachable} squares, far corner ${far_reachable} at ${far_cost}\n${out}")
endif()
message(STATUS "a ${side}² map: reach counts ${reachable} squares; the far corner is ${far_cost} squares away")
file(REMOVE "${scenario}")
