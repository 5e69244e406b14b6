# Makes a generated ANTLR recognizer build its tables on first use instead of at program start.
#
# ANTLR 4.7's C++ target gives each lexer and parser a static `Initializer` object whose
# constructor deserializes the recognizer's ATN before main() runs: about 1.5 million
# instructions and a few hundred KB of heap in every process, though rulecraft's own parser
# (engine/dsl/parse/fast_parser) reads every well-formed rules file and the ANTLR recognizers run
# only for a file it is unsure of. This script drops that static object and constructs the same
# Initializer as a function-local static in the recognizer's constructor: C++ runs it once,
# thread-safely, before the first recognizer is built. A file generated another way (a newer
# ANTLR that already initializes lazily) is left as it is.
#
# Usage: cmake -DFILE=RulesLexer.cpp -DCLASS=RulesLexer -P deferred_init.cmake
file(READ "${FILE}" text)
set(static_object "${CLASS}::Initializer ${CLASS}::_init;")
string(FIND "${text}" "${static_object}" at)
if(at EQUAL -1)
  return()
endif()
string(REGEX MATCH "${CLASS}::${CLASS}\\([A-Za-z]+ \\*input\\) : [A-Za-z]+\\(input\\) {\n" constructor "${text}")
if(constructor STREQUAL "")
  message(FATAL_ERROR "deferred_init.cmake: ${FILE} has a static ${CLASS}::_init but no constructor '${CLASS}::${CLASS}(... *input) : ...(input) {' to move it into")
endif()
string(REPLACE "${static_object}" "// ${CLASS}::Initializer runs in the constructor, on first use (deferred_init.cmake)." text "${text}")
string(REPLACE "${constructor}" "${constructor}  static Initializer initialized;  // once, before the first ${CLASS} (deferred_init.cmake)\n" text "${text}")
file(WRITE "${FILE}" "${text}")
