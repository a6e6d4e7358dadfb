# Writes the text file IN as a C++ raw string literal into OUT, split into
# chunks that every compiler accepts. Used for the aten schema table and the
# HTML report's page.
file(READ ${IN} content)
string(LENGTH "${content}" len)
get_filename_component(name ${IN} NAME)
set(out "// Generated from ${name} by cmake/EmbedText.cmake. Do not edit.\n")
string(APPEND out "static const char* const kEmbeddedChunks[] = {\n")
set(pos 0)
set(chunk 16000)
while(pos LESS len)
  string(SUBSTRING "${content}" ${pos} ${chunk} piece)
  string(APPEND out "R\"PWTEXT(${piece})PWTEXT\",\n")
  math(EXPR pos "${pos} + ${chunk}")
endwhile()
string(APPEND out "};\n")
file(WRITE ${OUT} "${out}")
