# The bad-input corpus (issue 16), run from the source folder:
#   scenarios/*.yaml   through `rulecraft run` and `rulecraft test`
#   rulesets/*/        through `rulecraft check`
#   lua/*.yaml         scenarios on the ruleset lua/hostile (hostile hooks) through `rulecraft run`
#   runtime/*.yaml     scenarios on the ruleset runtime/failing (rules that fail while a query
#                      runs) through `rulecraft run` as JSON and as text: stderr is the same
#   made at test time: a symlink loop where a scenario, a table, a manifest and a ruleset folder
#                      are expected (WORK_DIR)
# Each run must end with exit 1 (never a crash, a hang or exit 0), report an error at
# file:line:col with its line and a caret, never an internal error, and print on stderr exactly
# what the case's golden `<case>.expected` holds. Where a folder or a symlink loop stands in for
# a file, or a loop is on the way to it, there is no line to show: error[not-a-file] or
# error[missing-file] names the path alone.
#   cmake -DRULECRAFT=… -DSOURCE_DIR=… -DWORK_DIR=… [-DUPDATE=ON] [-DONLY=regex] -P run_corpus.cmake
# UPDATE=ON rewrites the goldens instead (a developer's tool; read the diff).
set(corpus tests/bad_inputs)
set(failures "")
set(count 0)
set(cases 0)

# run(OUTPUT_VAR ARGS…): runs rulecraft with ARGS from the source folder; sets OUTPUT_VAR to
# the transcript a golden holds, and records a failure unless the run behaved.
function(run transcript_var)
  execute_process(COMMAND "${RULECRAFT}" ${ARGN} WORKING_DIRECTORY "${SOURCE_DIR}"
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 30)
  string(REPLACE "${WORK_DIR}" "<work>" err "${err}")
  list(JOIN ARGN " " shown)
  string(REPLACE "${WORK_DIR}" "<work>" shown "${shown}")
  set(what "rulecraft ${shown}")
  if(NOT code STREQUAL "1")
    set(failures "${failures}\n${what}: exit ${code}, expected 1" PARENT_SCOPE)
  elseif(err MATCHES "^[^ \n]+: error\\[(not-a-file|missing-file)\\]: [^\n]+\n1 error\n$")
    # a folder or a loop where a file should be, or on the way to it: located by its path alone
  elseif(NOT err MATCHES "[^ \n]+:[0-9]+:[0-9]+: error\\[")
    set(failures "${failures}\n${what}: no error at file:line:col on stderr" PARENT_SCOPE)
  elseif(NOT err MATCHES "\n +\\| +\\^")
    set(failures "${failures}\n${what}: no caret under the error's line" PARENT_SCOPE)
  elseif("${out}${err}" MATCHES "internal error")
    set(failures "${failures}\n${what}: internal error" PARENT_SCOPE)
  endif()
  set(${transcript_var} "$ ${what}\nexit ${code}\n${err}" PARENT_SCOPE)
endfunction()

# golden(CASE_PATH TRANSCRIPT): compares TRANSCRIPT with CASE_PATH's `.expected`, or writes it.
function(golden case_path transcript)
  string(REGEX REPLACE "/$" "" expected_file "${SOURCE_DIR}/${case_path}")
  string(REGEX REPLACE "\\.yaml$" "" expected_file "${expected_file}")
  set(expected_file "${expected_file}.expected")
  if(UPDATE)
    file(WRITE "${expected_file}" "${transcript}")
    return()
  endif()
  if(NOT EXISTS "${expected_file}")
    set(failures "${failures}\n${case_path}: no golden ${expected_file} (run with -DUPDATE=ON)" PARENT_SCOPE)
    return()
  endif()
  file(READ "${expected_file}" expected)
  if(NOT expected STREQUAL transcript)
    set(failures "${failures}\n${case_path}: stderr differs from its golden; the actual transcript:\n${transcript}" PARENT_SCOPE)
  endif()
endfunction()

file(GLOB scenarios RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${corpus}/scenarios/*.yaml")
file(GLOB rulesets RELATIVE "${SOURCE_DIR}" LIST_DIRECTORIES true "${SOURCE_DIR}/${corpus}/rulesets/*")
file(GLOB lua_cases RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${corpus}/lua/*.yaml")
file(GLOB runtime_cases RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${corpus}/runtime/*.yaml")

foreach(scenario ${scenarios})
  if(ONLY AND NOT scenario MATCHES "${ONLY}")
    continue()
  endif()
  get_filename_component(name "${scenario}" NAME)
  set(transcript "")
  # `run` does not read `expect` or `with:`, so a case about them is only for `test`; `test`
  # takes a folder as a folder of tests, so a folder standing in for a scenario is only for `run`;
  # a query that fails as it runs (query_fails_*) is a failed case to `test`, reported on stdout,
  # so it is only for `run`.
  if(NOT name MATCHES "^query_(expect|with)")
    run(one run "${scenario}")
    string(APPEND transcript "${one}")
    math(EXPR count "${count} + 1")
  endif()
  if(NOT IS_DIRECTORY "${SOURCE_DIR}/${scenario}" AND NOT name MATCHES "^query_fails_")
    run(one test "${scenario}")
    string(APPEND transcript "${one}")
    math(EXPR count "${count} + 1")
  endif()
  golden("${scenario}" "${transcript}")
  math(EXPR cases "${cases} + 1")
endforeach()
foreach(ruleset ${rulesets})
  if(NOT IS_DIRECTORY "${SOURCE_DIR}/${ruleset}" OR (ONLY AND NOT ruleset MATCHES "${ONLY}"))
    continue()
  endif()
  run(transcript check "${ruleset}")
  math(EXPR count "${count} + 1")
  golden("${ruleset}" "${transcript}")
  math(EXPR cases "${cases} + 1")
endforeach()
foreach(scenario ${lua_cases})
  if(ONLY AND NOT scenario MATCHES "${ONLY}")
    continue()
  endif()
  run(transcript run "${scenario}")
  math(EXPR count "${count} + 1")
  golden("${scenario}" "${transcript}")
  math(EXPR cases "${cases} + 1")
endforeach()

foreach(scenario ${runtime_cases})
  if(ONLY AND NOT scenario MATCHES "${ONLY}")
    continue()
  endif()
  set(transcript "")
  foreach(format json text)
    run(one run "${scenario}" --format ${format})
    string(APPEND transcript "${one}")
    math(EXPR count "${count} + 1")
  endforeach()
  golden("${scenario}" "${transcript}")
  math(EXPR cases "${cases} + 1")
endforeach()

# Symlink loops git would rather not hold: made here, in WORK_DIR, each compared with a golden
# in made/.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/loop_table/tables")
file(CREATE_LINK "loop.yaml" "${WORK_DIR}/loop.yaml" SYMBOLIC)
file(WRITE "${WORK_DIR}/loop_table/ruleset.rules"
     "# Bad input: a table that is a symlink loop.\nruleset bad \"a broken ruleset\" extends dnd35 { square = 5 ft }\n")
file(CREATE_LINK "sizes.yaml" "${WORK_DIR}/loop_table/tables/sizes.yaml" SYMBOLIC)
file(MAKE_DIRECTORY "${WORK_DIR}/loop_manifest")
file(CREATE_LINK "ruleset.rules" "${WORK_DIR}/loop_manifest/ruleset.rules" SYMBOLIC)
file(CREATE_LINK "loop_folder" "${WORK_DIR}/loop_folder" SYMBOLIC)
foreach(made "run;loop.yaml" "test;loop.yaml" "check;loop_table" "check;loop_manifest" "check;loop_folder")
  list(GET made 0 command)
  list(GET made 1 name)
  if(ONLY AND NOT name MATCHES "${ONLY}")
    continue()
  endif()
  run(transcript ${command} "${WORK_DIR}/${name}")
  math(EXPR count "${count} + 1")
  golden("${corpus}/made/${command}_${name}" "${transcript}")
  math(EXPR cases "${cases} + 1")
endforeach()

if(NOT ONLY AND cases LESS 100)
  message(FATAL_ERROR "only ${cases} cases in ${corpus}: the corpus was not found")
endif()
if(failures)
  message(FATAL_ERROR "bad inputs not refused cleanly:${failures}")
endif()
message(STATUS "${cases} cases, ${count} runs over the bad-input corpus: each refused with exit 1, a located error and its golden")
