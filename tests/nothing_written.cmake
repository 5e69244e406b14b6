# Runs every rulecraft command a user runs on a copy of the bundled inputs, good and bad, and
# checks that nothing in that folder was created, changed or removed (issue 16: "no input wrote a
# file"; the README: nothing rulecraft does overwrites a user's file).
#   cmake -DRULECRAFT=… -DSOURCE_DIR=… -DWORK_DIR=… -P nothing_written.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
foreach(part examples rulesets tests/golden tests/lua tests/bad_inputs)
  get_filename_component(parent "${WORK_DIR}/${part}" DIRECTORY)
  file(COPY "${SOURCE_DIR}/${part}" DESTINATION "${parent}")
endforeach()

# path → SHA-256 of every file below WORK_DIR, as one sorted text.
function(snapshot out)
  file(GLOB_RECURSE files RELATIVE "${WORK_DIR}" "${WORK_DIR}/*")
  list(SORT files)
  set(text "")
  foreach(f ${files})
    file(SHA256 "${WORK_DIR}/${f}" hash)
    string(APPEND text "${f} ${hash}\n")
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

snapshot(before)
file(GLOB scenarios "${WORK_DIR}/examples/*.yaml" "${WORK_DIR}/tests/golden/*.yaml"
                    "${WORK_DIR}/tests/golden/*/*.yaml" "${WORK_DIR}/tests/bad_inputs/scenarios/*.yaml")
file(GLOB rulesets LIST_DIRECTORIES true "${WORK_DIR}/rulesets/*" "${WORK_DIR}/tests/golden/*"
                                          "${WORK_DIR}/tests/lua/*" "${WORK_DIR}/tests/bad_inputs/rulesets/*")
set(runs 0)
foreach(scenario ${scenarios})
  foreach(format json text)
    execute_process(COMMAND "${RULECRAFT}" run "${scenario}" --format ${format} --explain
                    WORKING_DIRECTORY "${WORK_DIR}" OUTPUT_QUIET ERROR_QUIET)
  endforeach()
  execute_process(COMMAND "${RULECRAFT}" test "${scenario}" WORKING_DIRECTORY "${WORK_DIR}" OUTPUT_QUIET ERROR_QUIET)
  math(EXPR runs "${runs} + 3")
endforeach()
foreach(ruleset ${rulesets})
  if(IS_DIRECTORY "${ruleset}")
    execute_process(COMMAND "${RULECRAFT}" check "${ruleset}" WORKING_DIRECTORY "${WORK_DIR}" OUTPUT_QUIET ERROR_QUIET)
    execute_process(COMMAND "${RULECRAFT}" test "${ruleset}" WORKING_DIRECTORY "${WORK_DIR}" OUTPUT_QUIET ERROR_QUIET)
    math(EXPR runs "${runs} + 2")
  endif()
endforeach()
snapshot(after)
if(NOT before STREQUAL after)
  file(WRITE "${WORK_DIR}.before" "${before}")
  file(WRITE "${WORK_DIR}.after" "${after}")
  message(FATAL_ERROR "rulecraft changed files under ${WORK_DIR}: compare ${WORK_DIR}.before and ${WORK_DIR}.after")
endif()
if(runs LESS 50)
  message(FATAL_ERROR "only ${runs} commands ran: the inputs were not found")
endif()
message(STATUS "${runs} commands ran; no file was created, changed or removed")
