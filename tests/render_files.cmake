# `rulecraft render -o` never replaces a user's file unless --force is given, and a scenario with
# errors is reported exactly as `rulecraft run` reports it, with no file written (docs/render.md,
# "Files and errors"). Arguments: -DRULECRAFT -DSOURCE_DIR -DWORK_DIR.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(scenario examples/quickstart.yaml)
set(picture ${WORK_DIR}/picture.svg)

# Runs rulecraft with the arguments; sets code, out and err in the caller.
function(rulecraft)
  execute_process(COMMAND ${RULECRAFT} ${ARGN} WORKING_DIRECTORY ${SOURCE_DIR}
                  RESULT_VARIABLE result OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  set(code ${result} PARENT_SCOPE)
  set(out "${stdout}" PARENT_SCOPE)
  set(err "${stderr}" PARENT_SCOPE)
endfunction()

# A new file is written, and holds what stdout would.
rulecraft(render ${scenario} --query to_the_ogre)
set(on_stdout "${out}")
rulecraft(render ${scenario} --query to_the_ogre -o ${picture})
file(READ ${picture} written)
if(NOT code EQUAL 0 OR NOT written STREQUAL on_stdout)
  message(FATAL_ERROR "writing a new file: exit ${code}, or the file differs from stdout: ${err}")
endif()

# An existing file is kept: exit 1, a clear error, nothing on stdout.
file(WRITE ${picture} "the user's own file\n")
rulecraft(render ${scenario} -o ${picture})
file(READ ${picture} kept)
if(NOT code EQUAL 1 OR NOT err MATCHES "error\\[file-exists\\]: '[^']*picture.svg' exists; pass --force to replace it"
   OR NOT out STREQUAL "" OR NOT kept STREQUAL "the user's own file\n")
  message(FATAL_ERROR "rendering over an existing file: exit ${code}, stdout '${out}', stderr:\n${err}")
endif()

# --force replaces it.
rulecraft(render ${scenario} --query to_the_ogre -o ${picture} --force)
file(READ ${picture} replaced)
if(NOT code EQUAL 0 OR NOT replaced STREQUAL on_stdout)
  message(FATAL_ERROR "--force: exit ${code}, or the file was not replaced: ${err}")
endif()

# A scenario with errors: the diagnostics of `run`, exit 1, nothing written, even with --force.
set(broken tests/golden/bad_scenario.yaml)
rulecraft(run ${broken})
set(run_err "${err}")
rulecraft(render ${broken} -o ${WORK_DIR}/broken.svg)
if(NOT code EQUAL 1 OR NOT err STREQUAL run_err OR EXISTS ${WORK_DIR}/broken.svg)
  message(FATAL_ERROR "a broken scenario: exit ${code}, a file written, or diagnostics other than run's:\n"
                      "${err}\n--- run:\n${run_err}")
endif()
rulecraft(render ${broken} --force -o ${picture})
file(READ ${picture} untouched)
if(NOT code EQUAL 1 OR NOT untouched STREQUAL replaced)
  message(FATAL_ERROR "a broken scenario with --force: exit ${code}, or it changed the file")
endif()
