#include "service/web_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "base/data_folder.h"
#include "base/limits.h"

namespace rulecraft::service {
namespace {

namespace fs = std::filesystem;

constexpr int kBadRequest = 400;
constexpr int kNotFound = 404;

// The Content-Type of a file by its extension; unknown ones are plain bytes.
std::string ContentTypeOf(const fs::path& file) {
  static const std::map<std::string, std::string> kTypes = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
      {".png", "image/png"},                 {".ico", "image/x-icon"},
      {".json", "application/json"},         {".txt", "text/plain; charset=utf-8"}};
  auto found = kTypes.find(file.extension().string());
  return found == kTypes.end() ? "application/octet-stream" : found->second;
}

// Whether a request path names a file below the folder by plain segments only.
bool IsPlainRelative(const std::string& relative) {
  if (relative.empty() || relative.find('\\') != std::string::npos || relative.find('\0') != std::string::npos) {
    return false;
  }
  std::stringstream segments(relative);
  for (std::string segment; std::getline(segments, segment, '/');) {
    if (segment.empty() || segment == "." || segment == "..") return false;
  }
  return relative.back() != '/';
}

Reply NotFound(const std::string& path) {
  return Refusal(kNotFound, "unknown-route", fmt::format("no page file or endpoint GET {}: see GET /v1/openapi.json", path));
}

}  // namespace

std::string WebFolder() {
  if (const char* override_folder = std::getenv("RULECRAFT_WEB")) return override_folder;
  return DataFolder("web", RULECRAFT_WEB_DIR);
}

Reply AnswerWebFileRequest(const std::string& folder, const std::string& path) {
  std::string relative = path == "/" ? "index.html" : path.substr(path.empty() ? 0 : 1);
  if (!IsPlainRelative(relative)) {
    return Refusal(kBadRequest, "path-refused",
                   fmt::format("'{}' is not a plain path inside the page's folder: no '..', '.' or empty segment", path));
  }
  std::error_code error;
  fs::path root = fs::canonical(folder, error);
  if (error) return NotFound(path);
  fs::path file = fs::weakly_canonical(root / relative, error);
  // A symbolic link inside the folder may point out of it: what is served must stay below it.
  auto [root_end, file_at] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (error || root_end != root.end()) {
    return Refusal(kBadRequest, "path-refused", fmt::format("'{}' leads outside the page's folder", path));
  }
  if (!fs::is_regular_file(file, error) || fs::file_size(file, error) > limits::kMaxWebFileBytes) return NotFound(path);
  std::ifstream in(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return NotFound(path);
  Reply reply;
  reply.content_type = ContentTypeOf(file);
  reply.body = bytes.str();
  return reply;
}

}  // namespace rulecraft::service
