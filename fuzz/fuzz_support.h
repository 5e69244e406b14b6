// What the fuzz targets share: a scratch folder per process and files written into it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace rulecraft::fuzz {

// A fresh folder under $TMPDIR (or /tmp) for this process, removed at exit.
const std::filesystem::path& ScratchFolder();

// Copies the source tree's folder `relative` (e.g. "tests/fixtures/mini") into the scratch
// folder once and returns where the copy is.
std::filesystem::path CopyOfSourceFolder(const std::string& relative);

// Writes `size` bytes at `data` to `path`, replacing what was there.
void WriteFile(const std::filesystem::path& path, const uint8_t* data, size_t size);
void WriteFile(const std::filesystem::path& path, const std::string& text);

}  // namespace rulecraft::fuzz
