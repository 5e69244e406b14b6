// Pictures (docs/render.md): the SVG writer, terrain colours and the colour column, and the
// file writer that never replaces a user's file unless asked.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/output_file.h"
#include "render/palette.h"
#include "render/svg_writer.h"
#include "tables/table_loader.h"

namespace rulecraft {
namespace {

TEST(SvgWriter, LengthsHaveAtMostTwoDecimalsAndNoTrailingZeros) {
  EXPECT_EQ(render::Px(40), "40");
  EXPECT_EQ(render::Px(12.5), "12.5");
  EXPECT_EQ(render::Px(1.0 / 3), "0.33");
  EXPECT_EQ(render::Px(-0.001), "0");
  EXPECT_EQ(render::Px(163840), "163840");
}

TEST(SvgWriter, EscapesMarkupAndReplacesForbiddenControlCharacters) {
  EXPECT_EQ(render::EscapeXml("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(render::EscapeXml(std::string("x\x01y\tz", 5)), "x?y\tz");
  EXPECT_EQ(render::EscapeXml("Ærin"), "Ærin");  // UTF-8 passes through
}

TEST(SvgWriter, FinishClosesWhatIsOpenAndSizesTheDocument) {
  render::SvgWriter svg;
  svg.Open("g", {{"class", "map"}});
  svg.Empty("rect", {{"x", "1"}, {"fill", "#fff"}});
  svg.WithText("text", {{"x", "2"}}, "<orc>");
  std::string document = svg.Finish(100, 50.5, "a & b");
  EXPECT_EQ(document,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"50.5\" viewBox=\"0 0 100 50.5\" "
            "font-family=\"sans-serif\">\n"
            "  <title>a &amp; b</title>\n"
            "  <g class=\"map\">\n"
            "    <rect x=\"1\" fill=\"#fff\"/>\n"
            "    <text x=\"2\">&lt;orc&gt;</text>\n"
            "  </g>\n"
            "</svg>\n");
}

// Loads a terrain table from text; the rendered diagnostics go to `errors`.
tables::Table Terrain(const std::string& rows, std::string& errors) {
  SourceSet sources;
  const SourceFile& file = sources.Add("terrain.yaml", "rows:\n" + rows);
  Diagnostics diagnostics;
  tables::Table table = tables::LoadTable(file, *tables::FindSchema("terrain"), 5, diagnostics);
  errors = Render(diagnostics, sources);
  return table;
}

constexpr const char* kOpenRow =
    "  - { name: open, difficult: false, obstacle: none, blocks_corners: false, cover: none, concealment: none }\n";

TEST(TerrainColour, ARowsColourIsItsOwn) {
  std::string errors;
  tables::Table table = Terrain(
      std::string(kOpenRow) +
          "  - { name: moss, difficult: true, obstacle: none, blocks_corners: false, cover: none, concealment: none, "
          "colour: \"#4A7a2b\" }\n",
      errors);
  EXPECT_EQ(errors, "");
  EXPECT_EQ(render::TerrainColour(*table.Find("moss")), "#4A7a2b");
}

TEST(TerrainColour, ARowWithoutOneIsPaintedByWhatItIs) {
  std::string errors;
  tables::Table table = Terrain(
      std::string(kOpenRow) +
          "  - { name: mud, difficult: true, obstacle: none, blocks_corners: false, cover: none, concealment: none }\n"
          "  - { name: hedge, difficult: true, obstacle: hampering, blocks_corners: false, cover: none, concealment: none }\n"
          "  - { name: rock, difficult: false, obstacle: blocking, blocks_corners: true, cover: full, concealment: none }\n",
      errors);
  EXPECT_EQ(errors, "");
  EXPECT_EQ(render::TerrainColour(*table.Find("open")), "#eeeeee");
  EXPECT_EQ(render::TerrainColour(*table.Find("mud")), "#d6c48c");
  EXPECT_EQ(render::TerrainColour(*table.Find("hedge")), "#a0825a");
  EXPECT_EQ(render::TerrainColour(*table.Find("rock")), "#555555");
}

TEST(TerrainColour, AColourIsAHashAndSixHexDigits) {
  for (const char* wrong : {"green", "#12345", "#1234567", "#12345g", "123456"}) {
    std::string errors;
    Terrain("  - { name: open, difficult: false, obstacle: none, blocks_corners: false, cover: none, "
            "concealment: none, colour: \"" + std::string(wrong) + "\" }\n",
            errors);
    EXPECT_NE(errors.find("error[wrong-type]: expected a colour such as '#7a9a5b' in column 'colour'"),
              std::string::npos)
        << wrong << ": " << errors;
  }
}

class UserFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("rulecraft_render_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  static std::string Read(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  std::filesystem::path folder_;
};

TEST_F(UserFile, ANewFileIsWritten) {
  Diagnostics diagnostics;
  std::string path = (folder_ / "map.svg").string();
  EXPECT_TRUE(cli::WriteUserFile(path, "<svg/>", false, diagnostics));
  EXPECT_TRUE(diagnostics.empty());
  EXPECT_EQ(Read(path), "<svg/>");
}

TEST_F(UserFile, AnExistingFileIsKeptUnlessForced) {
  std::string path = (folder_ / "map.svg").string();
  std::ofstream(path) << "mine";
  Diagnostics diagnostics;
  EXPECT_FALSE(cli::WriteUserFile(path, "<svg/>", false, diagnostics));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, "file-exists");
  EXPECT_EQ(diagnostics.items()[0].message, "'" + path + "' exists; pass --force to replace it");
  EXPECT_EQ(Read(path), "mine");
  Diagnostics forced;
  EXPECT_TRUE(cli::WriteUserFile(path, "<svg/>", true, forced));
  EXPECT_EQ(Read(path), "<svg/>");
}

TEST_F(UserFile, AFileThatCannotBeWrittenIsAnError) {
  Diagnostics diagnostics;
  EXPECT_FALSE(cli::WriteUserFile((folder_ / "no_such_folder" / "map.svg").string(), "<svg/>", false, diagnostics));
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, "cannot-write");
}

}  // namespace
}  // namespace rulecraft
