# Checks the #include lines of every layer against cmake/Layers.cmake: a file
# in lib/<layer> or include/piecewise/<layer> may include
# "piecewise/<other>/..." only for <other> at or below <layer>, and may not
# reach into another folder with a relative path ("../"). Prints every
# violation as file:line and fails when there is one.
#
#   cmake -DSOURCE_DIR=<repo> -P cmake/CheckLayering.cmake
#
# The build enforces the same rule by compiling each layer against only the
# allowed headers; this check also names relative includes and runs without a
# build.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P CheckLayering.cmake")
endif()
get_filename_component(SOURCE_DIR ${SOURCE_DIR} ABSOLUTE)
include(${CMAKE_CURRENT_LIST_DIR}/Layers.cmake)

set(violations 0)
set(allowed "")
set(checked 0)
foreach(layer IN LISTS PIECEWISE_LAYERS)
  list(APPEND allowed ${layer})
  file(GLOB_RECURSE files ${SOURCE_DIR}/lib/${layer}/*.cpp ${SOURCE_DIR}/lib/${layer}/*.h
       ${SOURCE_DIR}/include/piecewise/${layer}/*.h)
  foreach(f IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${f} lines)
    set(n 0)
    foreach(line IN LISTS lines)
      math(EXPR n "${n} + 1")
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<]piecewise/([A-Za-z0-9_]+)/")
        set(target ${CMAKE_MATCH_1})
        if(NOT target IN_LIST allowed)
          file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
          message("${rel}:${n}: layer '${layer}' includes the higher layer '${target}': ${line}")
          math(EXPR violations "${violations} + 1")
        endif()
      elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"[^\"]*\\.\\./")
        file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
        message("${rel}:${n}: layer '${layer}' includes a file outside its folder: ${line}")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()

if(violations GREATER 0)
  message(FATAL_ERROR "${violations} layering violation(s)")
endif()
message("layering ok: ${checked} files")
