# Renders every example scenario (examples/*.yaml): the map alone and every query of it that has
# something to draw, each checked by `xmllint --noout`. Arguments: -DRULECRAFT -DXMLLINT
# -DSOURCE_DIR -DWORK_DIR.
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})
set(drawable_kinds reach path route threatened attack)

# Renders SCENARIO (with the extra arguments) to OUTPUT and checks the SVG is well-formed XML.
function(render_and_check scenario output)
  execute_process(COMMAND ${RULECRAFT} render ${scenario} ${ARGN} -o ${output}
                  WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE code ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "rulecraft render ${scenario} ${ARGN} exited ${code}:\n${err}")
  endif()
  execute_process(COMMAND ${XMLLINT} --noout ${output} RESULT_VARIABLE code ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${output} is not well-formed:\n${err}")
  endif()
endfunction()

file(GLOB scenarios RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/examples/*.yaml)
set(pictures 0)
foreach(scenario ${scenarios})
  get_filename_component(name ${scenario} NAME_WE)
  render_and_check(${scenario} ${WORK_DIR}/${name}.svg)
  math(EXPR pictures "${pictures} + 1")
  execute_process(COMMAND ${RULECRAFT} run ${scenario} WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE answers ERROR_QUIET)
  string(JSON count LENGTH "${answers}" results)
  math(EXPR last "${count} - 1")
  foreach(index RANGE ${last})
    string(JSON kind GET "${answers}" results ${index} kind)
    string(JSON id GET "${answers}" results ${index} id)
    if(kind IN_LIST drawable_kinds)
      render_and_check(${scenario} ${WORK_DIR}/${name}.${id}.svg --query ${id})
      math(EXPR pictures "${pictures} + 1")
    endif()
  endforeach()
endforeach()
message(STATUS "${pictures} pictures rendered, each well-formed")
