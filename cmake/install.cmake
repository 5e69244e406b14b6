# `cmake --install build --prefix PREFIX` (README, "Install"): the command and beside it
# rulecraft-serve (the program `rulecraft serve` becomes), the library with its headers and CMake
# package, the bundled rulesets, shared scripts, web page and docs.
# PREFIX/bin/rulecraft and PREFIX/lib/librulecraft.so find PREFIX/share/rulecraft by their own
# location (engine/base/data_folder.h), so the prefix may move after installing.
include(CMakePackageConfigHelpers)

set(RULECRAFT_INSTALL_DATA_DIR ${CMAKE_INSTALL_DATADIR}/rulecraft)
set(RULECRAFT_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/rulecraft)

install(TARGETS rulecraft rulecraft-serve RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY rulesets scripts web DESTINATION ${RULECRAFT_INSTALL_DATA_DIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

if(TARGET rulecraft_library)
  install(TARGETS rulecraft_library EXPORT rulecraftTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(DIRECTORY engine/include/rulecraft DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT rulecraftTargets NAMESPACE rulecraft:: DESTINATION ${RULECRAFT_INSTALL_CMAKE_DIR})
  configure_package_config_file(cmake/rulecraftConfig.cmake.in
    ${PROJECT_BINARY_DIR}/cmake/rulecraftConfig.cmake
    INSTALL_DESTINATION ${RULECRAFT_INSTALL_CMAKE_DIR}
    PATH_VARS RULECRAFT_INSTALL_DATA_DIR)
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/rulecraftConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
  install(FILES ${PROJECT_BINARY_DIR}/cmake/rulecraftConfig.cmake
                ${PROJECT_BINARY_DIR}/cmake/rulecraftConfigVersion.cmake
          DESTINATION ${RULECRAFT_INSTALL_CMAKE_DIR})
endif()
