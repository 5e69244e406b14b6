// Table files: cell types, schema checks, and the exact text of their errors.
#include "tables/table_loader.h"

#include <gtest/gtest.h>

#include "tables/cell.h"

namespace rulecraft::tables {
namespace {

// Loads one in-memory table file and returns its rendered diagnostics.
std::string Errors(const std::string& table, const std::string& text, Table* out = nullptr) {
  SourceSet sources;
  const SourceFile& file = sources.Add(table + ".yaml", text);
  Diagnostics diagnostics;
  Table loaded = LoadTable(file, *FindSchema(table), 5, diagnostics);
  if (out != nullptr) *out = loaded;
  return Render(diagnostics, sources);
}

TEST(Cells, DistancesConvertToFeet) {
  EXPECT_EQ(ParseDistance("5 ft", 5), 5);
  EXPECT_EQ(ParseDistance("2.5 ft", 5), 2.5);
  EXPECT_EQ(ParseDistance("2 squares", 5), 10);
  EXPECT_EQ(ParseDistance("1 mile", 5), 5280);
  EXPECT_EQ(ParseDistance("5", 5), std::nullopt);
  EXPECT_EQ(ParseDistance("5 furlongs", 5), std::nullopt);
  EXPECT_EQ(ParseDistance("-5 ft", 5), std::nullopt);
}

TEST(Cells, RatiosReadFractions) {
  EXPECT_EQ(ParseRatio("3/4"), 0.75);
  EXPECT_EQ(ParseRatio("1"), 1);
  EXPECT_EQ(ParseRatio("1/0"), std::nullopt);
  EXPECT_EQ(ParseRatio("half"), std::nullopt);
}

TEST(LoadTable, ReadsRowsInOrderWithTypedCells) {
  Table sizes;
  EXPECT_EQ(Errors("sizes",
                   "source: test\n"
                   "rows:\n"
                   "  - { name: tiny, label: Tiny, space: 2.5 ft, fits_per_square: 4, size_modifier: +2 }\n"
                   "  - { name: medium, space: 5 ft, fits_per_square: 1 }\n",
                   &sizes),
            "");
  ASSERT_EQ(sizes.rows.size(), 2u);
  EXPECT_EQ(sizes.IndexOf("medium"), 1);
  EXPECT_EQ(sizes.Find("tiny")->Number("space"), 2.5);
  EXPECT_EQ(sizes.Find("tiny")->Number("size_modifier"), 2);
  EXPECT_EQ(sizes.Find("medium")->label, "medium");  // label defaults to the name
}

TEST(LoadTable, UnknownColumnSuggestsTheClosest) {
  EXPECT_EQ(Errors("terrain",
                   "rows:\n"
                   "  - name: open\n"
                   "    dificult: false\n"
                   "    difficult: false\n"
                   "    obstacle: none\n"
                   "    blocks_corners: false\n"
                   "    cover: none\n"
                   "    concealment: none\n"),
            "terrain.yaml:3:5: error[unknown-key]: unknown key 'dificult' in row 'open' of table 'terrain'\n"
            " 3 |     dificult: false\n"
            "   |     ^~~~~~~~\n"
            "  note: did you mean 'difficult'?\n");
}

TEST(LoadTable, WrongTypeNamesTheExpectedType) {
  EXPECT_EQ(Errors("sizes", "rows:\n  - { name: medium, space: 5, fits_per_square: one }\n"),
            "sizes.yaml:2:28: error[wrong-type]: expected a distance such as '5 ft' in column 'space', found '5'\n"
            " 2 |   - { name: medium, space: 5, fits_per_square: one }\n"
            "   |                            ^\n"
            "sizes.yaml:2:48: error[wrong-type]: expected a whole number in column 'fits_per_square', found 'one'\n"
            " 2 |   - { name: medium, space: 5, fits_per_square: one }\n"
            "   |                                                ^~~\n");
}

TEST(LoadTable, DuplicateRowPointsAtBoth) {
  EXPECT_EQ(Errors("armor", "rows:\n  - name: none\n  - name: none\n"),
            "armor.yaml:3:11: error[duplicate-row]: duplicate row 'none' in table 'armor'\n"
            " 3 |   - name: none\n"
            "   |           ^~~~\n"
            "  note: armor.yaml:2:11: first defined here\n"
            " 2 |   - name: none\n"
            "   |           ^~~~\n");
}

TEST(LoadTable, MissingColumnAndBadEnumAreReportedTogether) {
  EXPECT_EQ(Errors("movement_modes", "rows:\n  - { name: move, action: mvoe }\n"),
            "movement_modes.yaml:2:27: error[unknown-name]: unknown value 'mvoe' in column 'action': expected one of 'move', 'two_moves', 'full_round'\n"
            " 2 |   - { name: move, action: mvoe }\n"
            "   |                           ^~~~\n"
            "  note: did you mean 'move'?\n"
            "movement_modes.yaml:2:5: error[missing-key]: row 'move' of table 'movement_modes' needs exactly one of 'multiplier' or 'distance'\n"
            " 2 |   - { name: move, action: mvoe }\n"
            "   |     ^\n");
}

TEST(LoadTable, YamlSyntaxErrorIsADiagnostic) {
  // Reported where the bracket opened, not where the YAML reader gave up (issue 22).
  EXPECT_EQ(Errors("armor", "rows: [ { name: none }\n"),
            "armor.yaml:1:7: error[yaml-syntax]: the '[' opened here is never closed: expected ']' before the end of "
            "the file\n"
            " 1 | rows: [ { name: none }\n"
            "   |       ^\n"
            "  note: the YAML reader stopped at line 2, column 1: end of sequence flow not found\n");
}

TEST(LoadTable, FootnotesMustExist) {
  EXPECT_EQ(Errors("attack_modifiers",
                   "footnotes:\n"
                   "  - { id: 1, effect: loses_dex_bonus_to_ac, text: \"The defender loses Dex.\" }\n"
                   "rows:\n"
                   "  - { name: prone, melee: -4, ranged: n/a, notes: [1, 3] }\n"),
            "attack_modifiers.yaml:4:55: error[unknown-row]: row 'prone' names footnote 3, which table 'attack_modifiers' does not have\n"
            " 4 |   - { name: prone, melee: -4, ranged: n/a, notes: [1, 3] }\n"
            "   |                                                       ^\n");
}

TEST(CheckTableSet, MissingTablesRowsAndMapKeysAreReported) {
  SourceSet sources;
  Diagnostics diagnostics;
  TableSet tables;
  tables.Put(LoadTable(sources.Add("armor.yaml", "rows: [{name: none}, {name: heavy}]\n"),
                       *FindSchema("armor"), 5, diagnostics));
  tables.Put(LoadTable(sources.Add("speeds.yaml",
                                   "rows:\n  - name: human\n    speed: { none: 30 ft, hevy: 20 ft }\n"),
                       *FindSchema("speeds"), 5, diagnostics));
  tables.Put(LoadTable(sources.Add("sizes.yaml", "rows:\n  - { name: large, space: 10 ft, fits_per_square: 1 }\n"),
                       *FindSchema("sizes"), 5, diagnostics));
  CheckTableSet(tables, "tables", diagnostics);
  diagnostics.SortByPosition();
  EXPECT_EQ(Render(diagnostics, sources),
            "sizes.yaml:2:3: error[missing-row]: table 'sizes' has no row 'medium', which the engine needs\n"
            " 2 |   - { name: large, space: 10 ft, fits_per_square: 1 }\n"
            "   |   ^\n"
            "speeds.yaml:3:12: error[missing-row]: row 'human' of table 'speeds' has no 'speed' entry for armor 'heavy'\n"
            " 3 |     speed: { none: 30 ft, hevy: 20 ft }\n"
            "   |            ^\n"
            "speeds.yaml:3:27: error[unknown-row]: 'hevy' is not a row of table 'armor'\n"
            " 3 |     speed: { none: 30 ft, hevy: 20 ft }\n"
            "   |                           ^~~~\n"
            "  note: did you mean 'heavy'?\n"
            "tables: error[missing-table]: the ruleset has no 'terrain' table (tables/terrain.yaml)\n"
            "tables: error[missing-table]: the ruleset has no 'movement_modes' table (tables/movement_modes.yaml)\n"
            "tables: error[missing-table]: the ruleset has no 'attack_modifiers' table (tables/attack_modifiers.yaml)\n"
            "tables: error[missing-table]: the ruleset has no 'ac_modifiers' table (tables/ac_modifiers.yaml)\n");
}

const char* kTerrainRow = "{ difficult: false, obstacle: none, blocks_corners: false, cover: none, concealment: none";

TEST(ExtraColumns, RowsReadADeclaredColumnOrItsDefault) {
  Table terrain;
  EXPECT_EQ(Errors("terrain",
                   std::string("columns:\n  slippery: { type: bool, default: false }\n  depth: { type: distance, default: 0 ft }\n"
                               "rows:\n  - ") + kTerrainRow + ", name: open }\n  - " + kTerrainRow +
                       ", name: ice, slippery: true, depth: 1 square }\n",
                   &terrain),
            "");
  ASSERT_EQ(terrain.rows.size(), 2u);
  ASSERT_NE(terrain.Column("slippery"), nullptr);
  EXPECT_FALSE(terrain.rows[0].Get("slippery")->AsBool());
  EXPECT_TRUE(terrain.rows[1].Get("slippery")->AsBool());
  EXPECT_EQ(terrain.rows[1].Number("depth"), 5);
}

TEST(ExtraColumns, AChildsColumnReachesTheParentsRowsAndItsOwn) {
  SourceSet sources;
  Diagnostics diagnostics;
  Table parent = LoadTable(sources.Add("terrain.yaml", std::string("rows:\n  - ") + kTerrainRow + ", name: open }\n"),
                           *FindSchema("terrain"), 5, diagnostics);
  Table child = LoadTable(sources.Add("child/terrain.yaml", std::string("columns: { slippery: { type: bool, default: false } }\n"
                                                                        "rows:\n  - ") + kTerrainRow + ", name: ice, slippery: true }\n"),
                          *FindSchema("terrain"), 5, diagnostics);
  Table grandchild = LoadTable(sources.Add("grandchild/terrain.yaml", std::string("rows:\n  - ") + kTerrainRow +
                                                                          ", name: slush, slippery: true }\n"),
                               *FindSchema("terrain"), 5, diagnostics, child.extra_columns);
  EXPECT_EQ(Render(diagnostics, sources), "");
  parent.Overlay(child);
  parent.Overlay(grandchild);
  ASSERT_EQ(parent.rows.size(), 3u);
  EXPECT_FALSE(parent.Find("open")->Get("slippery")->AsBool());
  EXPECT_TRUE(parent.Find("ice")->Get("slippery")->AsBool());
  EXPECT_TRUE(parent.Find("slush")->Get("slippery")->AsBool());
}

TEST(ExtraColumns, UndeclaredKeysStayErrors) {
  std::string errors = Errors("terrain", std::string("rows:\n  - ") + kTerrainRow + ", name: ice, slippery: true }\n");
  EXPECT_NE(errors.find("error[unknown-key]: unknown key 'slippery'"), std::string::npos) << errors;
}

// A child's speeds table stating only its differences from the parent's (docs/tables.md, "A
// parent's table, changed").
TEST(TableOverlay, ChangeMergesCellsInPlaceAndRemoveDropsRows) {
  SourceSet sources;
  Diagnostics diagnostics;
  Table parent = LoadTable(sources.Add("speeds.yaml",
                                       "rows:\n"
                                       "  - { name: human, label: Human, speed: { none: 30 ft, heavy: 20 ft } }\n"
                                       "  - { name: elf, label: Elf, speed: { none: 30 ft, heavy: 20 ft } }\n"
                                       "  - { name: dwarf, label: Dwarf, speed: { none: 20 ft, heavy: 20 ft } }\n"),
                           *FindSchema("speeds"), 5, diagnostics);
  Table child = LoadTable(sources.Add("child/speeds.yaml",
                                      "change:\n  - { name: human, label: Hero }\n"
                                      "  - { name: dwarf, speed: { none: 25 ft, heavy: 20 ft } }\n"
                                      "remove: [elf]\n"
                                      "rows:\n  - { name: centaur, speed: { none: 50 ft, heavy: 35 ft } }\n"),
                          *FindSchema("speeds"), 5, diagnostics, {}, &parent);
  EXPECT_EQ(Render(diagnostics, sources), "");
  parent.Overlay(child);
  EXPECT_EQ(parent.RowNames(), (std::vector<std::string>{"human", "dwarf", "centaur"}));
  EXPECT_EQ(parent.Find("human")->label, "Hero");
  EXPECT_EQ(parent.Find("human")->Get("speed")->Entry("none")->number, 30);  // unchanged cell kept
  EXPECT_EQ(parent.Find("dwarf")->label, "Dwarf");                            // unchanged label kept
  EXPECT_EQ(parent.Find("dwarf")->Get("speed")->Entry("none")->number, 25);
  EXPECT_EQ(parent.Find("dwarf")->span.file, "child/speeds.yaml");
}

TEST(TableOverlay, AChangeOfNoParentRowIsLocatedWithTheClosestName) {
  SourceSet sources;
  Diagnostics diagnostics;
  Table parent = LoadTable(sources.Add("speeds.yaml", "rows:\n  - { name: human, speed: { none: 30 ft } }\n"),
                           *FindSchema("speeds"), 5, diagnostics);
  LoadTable(sources.Add("child/speeds.yaml", "change:\n  - { name: humna, label: Hero }\n"), *FindSchema("speeds"), 5,
            diagnostics, {}, &parent);
  std::string errors = Render(diagnostics, sources);
  EXPECT_NE(errors.find("child/speeds.yaml:2:13: error[unknown-row]: 'change:' names row 'humna', which the parent's "
                        "table 'speeds' does not have"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("did you mean 'human'?"), std::string::npos) << errors;
}

TEST(TableOverlay, ChangeWithoutAParentTableIsAnErrorAtTheKey) {
  std::string errors = Errors("speeds", "remove: [elf]\n");
  EXPECT_NE(errors.find("speeds.yaml:1:1: error[no-parent-table]: 'remove:' changes the parent's table 'speeds'"),
            std::string::npos)
      << errors;
}

}  // namespace
}  // namespace rulecraft::tables
