# The bad-input corpus (issue 16): every scenario in scenarios/ through `rulecraft run` and
# `rulecraft test`, every ruleset folder in rulesets/ through `rulecraft check`. Each must end
# with exit 1 (never a crash, a hang or exit 0) and report at least one error at file:line:col,
# never an internal error.
#   cmake -DRULECRAFT=… -DCORPUS=tests/bad_inputs -P run_corpus.cmake
file(GLOB scenarios "${CORPUS}/scenarios/*.yaml")
file(GLOB rulesets LIST_DIRECTORIES true "${CORPUS}/rulesets/*")
set(failures "")
set(count 0)

# check(WHAT ARGS…): runs rulecraft with ARGS and records a failure unless it behaved.
function(check what)
  execute_process(COMMAND "${RULECRAFT}" ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err
                  TIMEOUT 20)
  set(text "${out}${err}")
  if(NOT code STREQUAL "1")
    set(failures "${failures}\n${what}: exit ${code}, expected 1" PARENT_SCOPE)
  elseif(NOT err MATCHES "[^ \n]+:[0-9]+:[0-9]+: error\\[")
    set(failures "${failures}\n${what}: no error at file:line:col on stderr" PARENT_SCOPE)
  elseif(text MATCHES "internal error")
    set(failures "${failures}\n${what}: internal error" PARENT_SCOPE)
  endif()
endfunction()

foreach(scenario ${scenarios})
  get_filename_component(name "${scenario}" NAME)
  # `run` does not read `expect`, so a case about `expect` keys is only for `test`.
  if(NOT name MATCHES "^query_expect")
    check("run ${name}" run "${scenario}")
    math(EXPR count "${count} + 1")
  endif()
  check("test ${name}" test "${scenario}")
  math(EXPR count "${count} + 1")
endforeach()
foreach(ruleset ${rulesets})
  if(IS_DIRECTORY "${ruleset}")
    get_filename_component(name "${ruleset}" NAME)
    check("check ${name}" check "${ruleset}")
    math(EXPR count "${count} + 1")
  endif()
endforeach()
list(LENGTH scenarios scenario_count)
if(scenario_count LESS 50)
  message(FATAL_ERROR "only ${scenario_count} scenarios in ${CORPUS}/scenarios: the corpus was not found")
endif()
if(failures)
  message(FATAL_ERROR "bad inputs not refused cleanly:${failures}")
endif()
message(STATUS "${count} runs over the bad-input corpus: each refused with exit 1 and a located error")
