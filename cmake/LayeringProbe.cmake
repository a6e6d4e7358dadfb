# The test `layering-rejects-upward-include` (CMakeLists.txt makes the probes):
# builds each probe target and checks that every "bad" probe (a layer's source
# including a header of the layer above) fails to compile on that #include,
# and every "ok" probe (own and bottom-layer headers) builds.
#
#   cmake -DBUILD_DIR=<build> -DPROBES_FILE=<build>/layering-probes/probes.cmake
#         -P cmake/LayeringProbe.cmake
include(${PROBES_FILE})
set(failures 0)
set(rejected 0)
foreach(probe IN LISTS PROBES)
  string(REPLACE ":" ";" parts ${probe})
  list(GET parts 0 kind)
  list(GET parts 1 layer)
  list(GET parts 2 other)
  list(GET parts 3 target)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${target}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(kind STREQUAL "ok")
    if(NOT rc EQUAL 0)
      message("FAIL: ${layer} including its own and ${other}'s headers does not build:\n${out}")
      math(EXPR failures "${failures} + 1")
    else()
      message("ok: ${layer} may include ${layer} and ${other}")
    endif()
  elseif(rc EQUAL 0)
    message("FAIL: ${layer} including a header of ${other} (a higher layer) builds")
    math(EXPR failures "${failures} + 1")
  elseif(NOT out MATCHES "piecewise/${other}/[A-Za-z0-9_]+\\.h")
    message("FAIL: ${layer} including ${other}: the build failed, but not on that #include:\n"
            "${out}")
    math(EXPR failures "${failures} + 1")
  else()
    message("ok: ${layer} cannot include ${other}")
    math(EXPR rejected "${rejected} + 1")
  endif()
endforeach()
if(failures GREATER 0 OR rejected EQUAL 0)
  message(FATAL_ERROR "${failures} layering probe(s) failed")
endif()
message("layering enforced: ${rejected} upward includes rejected by the compiler")
