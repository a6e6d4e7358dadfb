# The library's layers (docs/architecture.md §1), bottom to top. A layer may include the
# headers of, and link against, only itself and the layers listed before it;
# the build enforces this (CMakeLists.txt: one static library per layer, each
# compiled against a staged include directory that holds only those layers'
# headers), and cmake/CheckLayering.cmake checks the #include lines.
#
# To add, remove or reorder a layer, edit this list. A layer whose folders
# (lib/<layer>, include/piecewise/<layer>) do not exist is skipped, so a layer
# may be listed before it is written. A folder under lib/ or
# include/piecewise/ that is not listed here is a configure error.
set(PIECEWISE_LAYERS
    support
    ir
    schema
    analysis
    text
    verify
    pass
    transforms
    partition
    codegen)
