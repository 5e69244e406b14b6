# Runs one golden case: CASE.cmd holds the rulecraft arguments (one line, run from the
# source folder); CASE.expected holds the exit code on its first line, then the output.
# With -DUPDATE=ON the expected file is rewritten instead (a developer's tool).
file(READ ${CASE} arguments)
string(STRIP "${arguments}" arguments)
separate_arguments(arguments UNIX_COMMAND "${arguments}")
execute_process(COMMAND ${RULECRAFT} ${arguments}
                WORKING_DIRECTORY ${SOURCE_DIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
set(actual "exit ${code}\n--- stdout\n${out}--- stderr\n${err}")
string(REGEX REPLACE "\\.cmd$" ".expected" expected_file ${CASE})
if(UPDATE)
  file(WRITE ${expected_file} "${actual}")
  return()
endif()
file(READ ${expected_file} expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "output differs from ${expected_file}; the actual output:\n${actual}")
endif()
