# `--cache` (docs/cache.md) as a person uses it: each example scenario run without a cache, then
# twice with one (the first keeps the compiled ruleset, the second reads it), answers the same;
# `check` and `test` too; only *.rulecraft-compiled files are written, and only in that folder.
#   cmake -DRULECRAFT=… -DSOURCE_DIR=… -DWORK_DIR=… -P compiled_cache.cmake
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(cache "${WORK_DIR}/kept")

# Runs rulecraft with ARGN in the source folder; the output and exit code go to `out`.
function(rulecraft out)
  execute_process(COMMAND "${RULECRAFT}" ${ARGN} WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr RESULT_VARIABLE code)
  set(${out} "exit ${code}\n${stdout}\n--- stderr\n${stderr}" PARENT_SCOPE)
endfunction()

file(GLOB scenarios RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/examples/*.yaml")
list(LENGTH scenarios count)
if(count LESS 2)
  message(FATAL_ERROR "expected the example scenarios in ${SOURCE_DIR}/examples")
endif()
set(commands "")
foreach(scenario ${scenarios})
  list(APPEND commands "run|${scenario}|--explain" "test|${scenario}")
endforeach()
list(APPEND commands "check|dnd35|starfinder|age_of_heroes|dnd5e" "test|rulesets/dnd35")
foreach(command_line ${commands})
  string(REPLACE "|" ";" command "${command_line}")
  rulecraft(plain ${command})
  rulecraft(keeping ${command} --cache "${cache}")
  rulecraft(kept ${command} --cache "${cache}")
  foreach(answer keeping kept)
    if(NOT ${answer} STREQUAL plain)
      file(WRITE "${WORK_DIR}/plain.txt" "${plain}")
      file(WRITE "${WORK_DIR}/${answer}.txt" "${${answer}}")
      message(FATAL_ERROR "`rulecraft ${command_line}` answered otherwise with --cache (${answer}): compare ${WORK_DIR}/plain.txt and ${WORK_DIR}/${answer}.txt")
    endif()
  endforeach()
endforeach()

file(GLOB_RECURSE written RELATIVE "${WORK_DIR}" "${WORK_DIR}/*")
list(FILTER written EXCLUDE REGEX "^kept/[0-9a-f]+\\.rulecraft-compiled$")
if(written)
  message(FATAL_ERROR "--cache wrote other files: ${written}")
endif()
file(GLOB kept_files "${cache}/*.rulecraft-compiled")
list(LENGTH kept_files kept_count)
if(kept_count LESS 4)
  message(FATAL_ERROR "expected a compiled ruleset kept for each of the four systems, found ${kept_count}")
endif()

# The environment variable is --cache's default.
set(ENV{RULECRAFT_CACHE} "${WORK_DIR}/from_env")
rulecraft(from_env check dnd35)
file(GLOB env_files "${WORK_DIR}/from_env/*.rulecraft-compiled")
if(NOT env_files)
  message(FATAL_ERROR "RULECRAFT_CACHE kept nothing: ${from_env}")
endif()
message(STATUS "${count} examples, ${kept_count} rulesets kept; answers identical with and without --cache")
