// The hand-written rules parser (dsl/parse/fast_parser.h, issue 15) against ANTLR's: whenever it
// accepts a file, ANTLR accepts it too and builds the same AST, node for node and span for span;
// checked on every rules file of the repository (it must take each one ANTLR accepts; the fuzz
// regressions are the limits' cases), on thousands of mutations of them, and on hand-written
// cases of each precedence and associativity rule.
#include "dsl/parse/fast_parser.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "base/limits.h"
#include "base/text_bytes.h"
#include "dsl/ast/printer.h"
#include "dsl/parse/parse.h"
#include "repository_files.h"

namespace rulecraft::parse {
namespace {

namespace fs = std::filesystem;

std::string SpanText(const SourceSpan& span) { return fmt::format("{}@{}-{}", span.file, span.begin, span.end); }

// Every field of an expression the parser sets, spans included, one node a line.
void DescribeExpr(const ast::Expr& expr, int depth, std::string& out) {
  out += fmt::format("{:{}}kind={} span={} text='{}' number={:.17g} unit='{}' bool={} call={} conditions={}\n", "",
                     depth * 2, static_cast<int>(expr.kind), SpanText(expr.span), expr.text, expr.number, expr.unit,
                     expr.boolean, expr.member_call, expr.conditions.size());
  for (size_t i = 0; i < expr.operands.size(); ++i) {
    DescribeExpr(*expr.operands[i], depth + 1, out);
    if (i < expr.conditions.size()) {
      if (expr.conditions[i]) {
        out += fmt::format("{:{}}if\n", "", depth * 2 + 2);
        DescribeExpr(*expr.conditions[i], depth + 2, out);
      } else {
        out += fmt::format("{:{}}unconditional\n", "", depth * 2 + 2);
      }
    }
  }
}

// Every field of a manifest the parser sets.
std::string DescribeManifest(const ast::Manifest& m) {
  std::string out = fmt::format("manifest name={} {} title='{}' extends='{}' {}\n", m.name, SpanText(m.name_span),
                                m.title, m.extends, SpanText(m.extends_span));
  for (const auto& [name, span] : m.uses) out += fmt::format("  uses {} {}\n", name, SpanText(span));
  for (const ast::Setting& s : m.settings) {
    out += fmt::format("  setting {} {} = {:.17g} '{}' {}\n", s.key, SpanText(s.key_span), s.amount, s.unit,
                       SpanText(s.value_span));
  }
  return out;
}

// Every field of a parsed file the parser sets.
std::string Describe(const ast::RulesFile& file) {
  std::string out = "path=" + file.path + "\n";
  if (file.has_manifest) out += DescribeManifest(file.manifest);
  for (const ast::Rule& rule : file.rules) {
    out += fmt::format("rule {} {} {} override={} result='{}'\n", rule.name, SpanText(rule.name_span),
                       SpanText(rule.span), rule.is_override, rule.result_name);
    for (const ast::Param& param : rule.params) {
      out += fmt::format("  param {} '{}' {}\n", param.name, param.type_name, SpanText(param.span));
    }
    DescribeExpr(*rule.body, 1, out);
  }
  return out;
}

// What a parse gives: the file described, or its diagnostics rendered.
std::string Outcome(const std::optional<ast::RulesFile>& parsed, const Diagnostics& diagnostics,
                    const SourceSet& sources) {
  return parsed ? Describe(*parsed) : "errors:\n" + Render(diagnostics, sources);
}

struct Compared {
  bool fast_accepted = false;
  bool antlr_accepted = false;
};

// Parses `text` both ways and checks the results agree; says which accepted.
Compared Compare(const std::string& text, const std::string& label) {
  SourceSet sources;
  const SourceFile& file = sources.Add("r.rules", text);
  Compared compared;
  std::optional<ast::RulesFile> fast = FastParseRulesFile(file);
  Diagnostics antlr_diagnostics;
  std::optional<ast::RulesFile> antlr = ParseRulesFileWithAntlr(file, antlr_diagnostics);
  compared.fast_accepted = fast.has_value();
  compared.antlr_accepted = antlr.has_value();
  // The manifest read alone (planning a load reads only it) is the whole parse's, whenever that
  // parse is taken.
  std::optional<ast::Manifest> header = FastParseManifest(file);
  if (fast && fast->has_manifest) {
    EXPECT_TRUE(header) << label << ": the manifest alone was declined\n--- text ---\n" << text;
    if (header) {
      EXPECT_EQ(DescribeManifest(*header), DescribeManifest(fast->manifest)) << label;
    }
  } else if (fast) {
    EXPECT_FALSE(header) << label << ": a manifest read where the file has none";
  }
  if (fast) {
    EXPECT_TRUE(antlr) << label << ": the fast parser accepted what ANTLR refuses:\n"
                       << Render(antlr_diagnostics, sources) << "--- text ---\n"
                       << text;
    if (antlr) {
      EXPECT_EQ(Describe(*fast), Describe(*antlr)) << label << "\n--- text ---\n" << text;
    }
  }
  // The whole of ParseRulesFile: the same answer, or the same diagnostics, as ANTLR alone.
  Diagnostics diagnostics;
  std::optional<ast::RulesFile> parsed = ParseRulesFile(file, diagnostics);
  EXPECT_EQ(Outcome(parsed, diagnostics, sources), Outcome(antlr, antlr_diagnostics, sources)) << label;
  // Read as a file is (SourceSet::AddText checks its UTF-8, SourceFile::checked), the text is
  // lexed without checking its comments again, to the same tree.
  SourceSet read_sources;
  Diagnostics read_diagnostics;
  if (const SourceFile* read = read_sources.AddText("r.rules", text, read_diagnostics)) {
    EXPECT_TRUE(read->checked()) << label;
    std::optional<ast::RulesFile> fast_read = FastParseRulesFile(*read);
    EXPECT_EQ(fast_read.has_value(), fast.has_value()) << label;
    if (fast_read && fast) {
      EXPECT_EQ(Describe(*fast_read), Describe(*fast)) << label;
    }
  }
  return compared;
}

std::vector<fs::path> RulesFiles() {
  return testing_files::RepositoryFiles({"rulesets", "bench/rulesets", "tests", "examples", "fuzz/regressions"},
                                        {".rules"});
}

using testing_files::ReadFile;

TEST(FastParse, TakesEveryRepositoryFileAnAntlrParseAcceptsAndBuildsItsAst) {
  std::vector<fs::path> files = RulesFiles();
  ASSERT_GT(files.size(), 100u);
  size_t fast = 0;
  size_t accepted = 0;
  size_t not_text = 0;
  for (const fs::path& path : files) {
    std::string text = ReadFile(path);
    Compared compared = Compare(text, path.string());
    fast += compared.fast_accepted;
    // A file that is not UTF-8 text is refused on reading (SourceSet::Read) before any parse;
    // the lenient decoder before ANTLR's lexer may still take it, the fast parser leaves it.
    if (FirstBadByte(text)) {
      ++not_text;
      EXPECT_FALSE(compared.fast_accepted) << path;
      continue;
    }
    accepted += compared.antlr_accepted;
    EXPECT_EQ(compared.fast_accepted, compared.antlr_accepted) << "the fast parser did not take " << path;
  }
  std::printf("fast path taken on %zu of %zu repository rules files (%zu of them are text ANTLR parses; %zu are not "
              "UTF-8 text)\n", fast, files.size(), accepted, not_text);
  EXPECT_EQ(fast, accepted);
  EXPECT_GT(accepted, 100u);
}

// Pieces of rules text: words, numbers, strings, comments, runs of blanks, and single marks.
std::vector<std::string> Pieces(const std::string& text) {
  std::vector<std::string> pieces;
  size_t i = 0;
  auto word = [](unsigned char c) { return std::isalnum(c) || c == '_' || c == '.' || c >= 0x80; };
  while (i < text.size()) {
    size_t begin = i;
    unsigned char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
        if (text[i] == '\\') ++i;
      }
      i = std::min(i + 1, text.size());
    } else if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (std::isspace(c)) {
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    } else if (word(c)) {
      while (i < text.size() && word(static_cast<unsigned char>(text[i]))) ++i;
    } else {
      ++i;
    }
    pieces.push_back(text.substr(begin, i - begin));
  }
  return pieces;
}

// What a mutation may insert: every keyword and unit, names near them, numbers `5.` and `1.5`,
// strings with escapes, non-ASCII text, CRLF, every operator and bracket.
const std::vector<std::string>& Inserts() {
  static const std::vector<std::string> inserts = {
      "ruleset", "extends", "uses", "override", "rule", "not", "and", "or", "if", "then", "else", "let", "in",
      "true", "false", "iff", "rules", "ft", "feet", "square", "squares", "mile", "miles", "fts", "x", "_a1",
      "5", "5.", "1.5", "5.x", "0.25", "007", "1e5", "99999999999999999999", "\"a\"", "\"a\\\"b\"",
      "\"\\\\\"", "\"é—×\"", "\"\\é\"", "# ünïcödé — comment\n", "# x\r\n", "\r\n", "\r", "\t", " ", "\n",
      "(", ")", "[", "]", "{", "}", ",", ":", "=", ".", "+", "-", "*", "/", "%", "^", "==", "!=", "<", "<=",
      ">", ">=", "!", "[,]", "[]", "()", "\"", "\\", "é", "\xff", "\x01", "$"};
  return inserts;
}

std::string Mutate(const std::string& text, std::mt19937& random) {
  std::vector<std::string> pieces = Pieces(text);
  if (pieces.empty()) pieces.push_back("");
  auto pick = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(random); };
  int edits = 1 + static_cast<int>(pick(3));
  for (int edit = 0; edit < edits; ++edit) {
    size_t at = pick(pieces.size());
    switch (pick(6)) {
      case 0: pieces.erase(pieces.begin() + static_cast<long>(at)); break;
      case 1: pieces.insert(pieces.begin() + static_cast<long>(at), pieces[at]); break;
      case 2: std::swap(pieces[at], pieces[pick(pieces.size())]); break;
      case 3: {
        const std::string& insert = Inserts()[pick(Inserts().size())];
        pieces.insert(pieces.begin() + static_cast<long>(at), pick(2) == 0 ? insert : " " + insert + " ");
        break;
      }
      case 4: {  // a byte deleted or inserted inside a piece
        std::string& piece = pieces[at];
        if (!piece.empty() && pick(2) == 0) {
          piece.erase(pick(piece.size()), 1);
        } else {
          piece.insert(pick(piece.size() + 1), 1, "()[],.=+-*/^<>!\"\\#e5 \n"[pick(22)]);
        }
        break;
      }
      default: {  // a CRLF file
        std::string out;
        for (const std::string& piece : pieces) out += piece;
        std::string crlf;
        for (char c : out) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        pieces = {crlf};
        break;
      }
    }
    if (pieces.empty()) pieces.push_back("");
  }
  std::string out;
  for (const std::string& piece : pieces) out += piece;
  return out;
}

TEST(FastParse, AgreesWithAntlrOnMutatedFiles) {
  std::vector<fs::path> files = RulesFiles();
  size_t mutants = 0;
  size_t fast = 0;
  size_t accepted = 0;
  for (size_t index = 0; index < files.size(); ++index) {
    std::string text = ReadFile(files[index]);
    if (text.size() > 20000) continue;  // the large files' mutants add time, not cases
    std::mt19937 random(static_cast<uint32_t>(index) * 7919u + 17u);
    for (int round = 0; round < 25; ++round) {
      Compared compared = Compare(Mutate(text, random), fmt::format("{} mutant {}", files[index].string(), round));
      ++mutants;
      fast += compared.fast_accepted;
      accepted += compared.antlr_accepted;
      if (HasFailure()) return;
    }
  }
  std::printf("%zu mutants: ANTLR accepted %zu, the fast parser %zu\n", mutants, accepted, fast);
  EXPECT_GT(mutants, 2000u);
  EXPECT_GT(fast, 200u);
}

std::string Repeat(const std::string& piece, size_t count) {
  std::string out;
  for (size_t i = 0; i < count; ++i) out += piece;
  return out;
}

TEST(FastParse, AgreesWithAntlrNearTheLimits) {
  const size_t limit = limits::kMaxRulesDepth;
  for (size_t depth : {limit - 20, limit - 9, limit - 8, limit - 7, limit - 1, limit, limit + 1, limit + 5}) {
    Compare("rule a() = " + Repeat("(", depth) + "1" + Repeat(")", depth) + "\n", fmt::format("parens {}", depth));
    Compare("rule a() = " + Repeat("1 + ", depth) + "1\n", fmt::format("sum {}", depth));
    Compare("rule a() = " + Repeat("- ", depth) + "1\n", fmt::format("signs {}", depth));
    Compare("rule a() = " + Repeat("[", depth) + Repeat("]", depth) + "\n", fmt::format("lists {}", depth));
    Compare("rule a() = " + Repeat("f(", depth) + "1" + Repeat(")", depth) + "\n", fmt::format("calls {}", depth));
  }
  Compare("rule a() = \"" + std::string(limits::kMaxRulesTokenBytes - 2, 'a') + "\"\n", "string at the limit");
  Compare("rule a() = \"" + std::string(limits::kMaxRulesTokenBytes - 1, 'a') + "\"\n", "string past the limit");
  Compare("rule a() = " + std::string(308, '9') + "\n", "a number a double holds");
  Compare("rule a() = " + std::string(309, '9') + "\n", "a number too large");
  EXPECT_TRUE(Compare("rule a() = 1\n", "plain").fast_accepted);
}

// The fast parse of one rule's body, printed; and the same from ANTLR.
std::string Body(const std::string& body) {
  std::string text = "rule a() = " + body + "\n";
  Compared compared = Compare(text, body);
  EXPECT_TRUE(compared.fast_accepted) << body;
  SourceSet sources;
  std::optional<ast::RulesFile> parsed = FastParseRulesFile(sources.Add("r.rules", text));
  return parsed && parsed->rules.size() == 1 ? ast::PrintExpr(*parsed->rules[0].body) : "";
}

TEST(FastParse, Precedence) {
  EXPECT_EQ(Body("a.b[c].d(e)"), "(.d() ([] (.b a) c) e)");
  EXPECT_EQ(Body("-a.b"), "(- (.b a))");
  EXPECT_EQ(Body("a ^ b ^ c"), "(^ a (^ b c))");
  EXPECT_EQ(Body("-a ^ b"), "(- (^ a b))");
  EXPECT_EQ(Body("-a * b"), "(* (- a) b)");
  EXPECT_EQ(Body("a ^ -b ^ c"), "(^ a (- (^ b c)))");
  EXPECT_EQ(Body("a ^ -b * c"), "(* (^ a (- b)) c)");
  EXPECT_EQ(Body("a * b + c * d"), "(+ (* a b) (* c d))");
  EXPECT_EQ(Body("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(Body("a / b % c"), "(% (/ a b) c)");
  EXPECT_EQ(Body("a + b < c + d"), "(< (+ a b) (+ c d))");
  EXPECT_EQ(Body("a == b != c"), "(!= (== a b) c)");
  EXPECT_EQ(Body("a <= b >= c"), "(>= (<= a b) c)");
  EXPECT_EQ(Body("not a == b"), "(not (== a b))");
  EXPECT_EQ(Body("not a and b"), "(and (not a) b)");
  EXPECT_EQ(Body("a + not b == c"), "(+ a (not (== b c)))");
  EXPECT_EQ(Body("a or b and c"), "(or a (and b c))");
  EXPECT_EQ(Body("a and b or c and d"), "(or (and a b) (and c d))");
  EXPECT_EQ(Body("a or b or c"), "(or (or a b) c)");
  EXPECT_EQ(Body("if a then b else c or d"), "(if a b (or c d))");
  EXPECT_EQ(Body("x * if a then b else c + d"), "(* x (if a b (+ c d)))");
  EXPECT_EQ(Body("let x = 1 in x + 2"), "(let x 1 (+ x 2))");
  EXPECT_EQ(Body("let ft = 5 ft in ft * 2"), "(let ft 5 ft (* ft 2))");
  EXPECT_EQ(Body("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(Body("-(a ^ b)"), "(- (^ a b))");
}

TEST(FastParse, TokensAsTheGrammarReadsThem) {
  EXPECT_EQ(Body("iff + ft(square) + feet"), "(+ (+ iff (ft square)) feet)");
  EXPECT_EQ(Body("5.x"), "(.x 5)");
  EXPECT_EQ(Body("1.5 squares"), "1.5 squares");
  EXPECT_EQ(Body("5ft"), "5 ft");
  EXPECT_EQ(Body("\"a\\\"b\\\\c\""), "\"a\"b\\c\"");
  EXPECT_EQ(Body("[a if b, c,]"), "(list (if b a) c)");
  EXPECT_EQ(Body("[,]"), "(list)");
  EXPECT_EQ(Body("[]"), "(list)");
  EXPECT_EQ(Body("[if a then b else c if d]"), "(list (if d (if a b c)))");
  EXPECT_EQ(Body("a.ft(1, 2)"), "(.ft() a 1 2)");
  EXPECT_EQ(Body("a.b()"), "(.b() a)");
  // `5.` is NUMBER then '.', which needs a field: ANTLR refuses it, and so does the fast parser.
  EXPECT_FALSE(Compare("rule a() = 5.\n", "5.").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = [a,,]\n", "two commas").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = a ! b\n", "a lone !").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = \"é\n", "an open string").fast_accepted);
}

// Numbers of up to 15 digits are read without strtod (ShortNumber); every one must be the double
// strtod gives, as ANTLR's path reads it (Describe prints 17 significant digits).
TEST(FastParse, NumbersAsStrtodReadsThem) {
  const char* numbers[] = {"0", "7", "007", "0.1", "0.3", "2.675", "1.005", "123456789012345", "999999999999999",
                           "1234567890123456", "12345678901234567890", "99999999999999.9", "0.00000000000001",
                           "0.000000000000001", "3.14159265358979", "314159265358979.3", "9007199254740993",
                           "4.35", "0.7", "1.1"};
  for (const char* number : numbers) {
    std::string text = fmt::format("ruleset r \"r\" {{ square = {} ft }}\nrule a() = {} + {}5\n", number, number, number);
    EXPECT_TRUE(Compare(text, number).fast_accepted) << number;
    SourceSet sources;
    std::optional<ast::RulesFile> parsed = FastParseRulesFile(sources.Add("r.rules", text));
    ASSERT_TRUE(parsed) << number;
    EXPECT_EQ(parsed->manifest.settings.at(0).amount, std::strtod(number, nullptr)) << number;
    EXPECT_EQ(parsed->rules.at(0).body->operands[0]->number, std::strtod(number, nullptr)) << number;
  }
}

TEST(FastParse, CommentsAndStringsHoldUtf8TextOnly) {
  EXPECT_TRUE(Compare("# a — b ×\trule\nrule a() = \"\t—\\é\\\n\" # \xF0\x9F\x8E\xB2\n", "text").fast_accepted);
  EXPECT_EQ(Body("\"a\\\nb\""), "\"a\nb\"");  // a backslash takes a line break
  EXPECT_FALSE(Compare("rule a() = \"a\\\r\nb\"\n", "a backslash takes one character").fast_accepted);
  EXPECT_FALSE(Compare("# \xC3(\nrule a() = 1\n", "a broken sequence in a comment").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = \"\xE2\x80\"\n", "a cut sequence in a string").fast_accepted);
  EXPECT_FALSE(Compare("# \xC0\xAF\nrule a() = 1\n", "an overlong form").fast_accepted);
  EXPECT_FALSE(Compare("# \x01\nrule a() = 1\n", "a control character").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = é\n", "non-ASCII outside comments and strings").fast_accepted);
  // Comments are read eight bytes at a time: a bad byte is found wherever it falls in a long one.
  const std::string words = "# a comment long enough for words of eight bytes,";
  for (size_t at = 0; at <= 17; ++at) {
    std::string before = words + std::string(at, 'x');
    EXPECT_TRUE(Compare(before + " тест 다이 —\t\xF0\x9F\x8E\xB2 x\r\nrule a() = 1 # end", "scripts").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "\x7F tail\nrule a() = 1\n", "a DEL").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "\x1B tail\nrule a() = 1\n", "an escape").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "тест\x80 tail\nrule a() = 1\n", "a lone continuation").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "\xED\xA0\x80\nrule a() = 1\n", "a surrogate").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "\xF4\x90\x80\x80\nrule a() = 1\n", "past U+10FFFF").fast_accepted) << at;
    EXPECT_FALSE(Compare(before + "\xE2\x80", "a sequence cut by the end").fast_accepted) << at;
  }
}

// Rules.g4: COMMENT : '#' ~[\r\n]* — a comment ends at a carriage return as at a line feed, in a
// file read (its UTF-8 checked once, comments then skipped to the break) as in one given.
TEST(FastParse, ACommentEndsAtEitherLineBreak) {
  const std::vector<std::string> texts = {
      "# one\rrule a(x: int) = x\n",
      "# é\t\r\nrule a(x: int) = x # après\r",
      "rule a(x: int) = x # tail\r\r# и ещё\nrule b(x: int) = x",
      "# 끝\n# no break at the end",
      "rule a(x: int) = x#\r#\n",
  };
  for (const std::string& text : texts) {
    Compared compared = Compare(text, text);
    EXPECT_TRUE(compared.fast_accepted) << text;
    EXPECT_TRUE(compared.antlr_accepted) << text;
  }
}

// The lexer reads the byte past a token as the text's NUL terminator when the token ends the
// text (a word, a number, a mark of one or two bytes): each ending is read as ANTLR reads it.
TEST(FastParse, TokensThatEndTheText) {
  const std::vector<std::string> endings = {"x", "ft", "rule", "5", "1.5", "5.", "5.x", "\"s\"", "=", "==", "<",
                                            "<=", ">", ">=", "!", "!=", "(", "]", ")", "x ", "x\n", "x #", "x\r"};
  for (const std::string& ending : endings) {
    for (const char* before : {"rule a() = ", "rule a() = b + ", "rule a() = (b) "}) {
      Compare(before + ending, std::string(before) + "|" + ending);
    }
  }
  EXPECT_TRUE(Compare("rule a() = b >= 1.25", "a number at the end").fast_accepted);
  EXPECT_TRUE(Compare("rule a() = b != c", "a name at the end").fast_accepted);
}

// Comments end at a '\r' wherever one is in the text; a text without one is not searched for it.
TEST(FastParse, CommentsInTextsWithAndWithoutCarriageReturns) {
  const std::vector<std::string> texts = {
      "# a\nrule a() = 1 # b\nrule b() = 2 # c",
      "# a\nrule a() = \"x\\\r\" # b\rrule b() = 2",
      "rule a() = 1 # b\r\n# c\nrule b() = 2 # d\r",
  };
  for (const std::string& text : texts) {
    EXPECT_TRUE(Compare(text, text).fast_accepted) << text;
  }
}

// The depth limit: a rule with many operators that does not nest deep is still the fast parser's
// (NestingDepth's estimate walked only when a rule holds enough operators to pass it), before and
// after the first rule, across several rules, with the limit's deep cases in AgreesWithAntlrNearTheLimits.
TEST(FastParse, WideRulesAreNotTooDeep) {
  const size_t limit = limits::kMaxRulesDepth;
  std::string wide = "rule a() = f(" + Repeat("1 + 1, ", limit) + "1)\n";
  EXPECT_TRUE(Compare(wide, "wide call").fast_accepted);
  EXPECT_TRUE(Compare("rule a() = [" + Repeat("(a.b), ", limit) + "]\n", "wide list").fast_accepted);
  EXPECT_TRUE(Compare(Repeat("rule a() = " + Repeat("1 + ", limit / 2) + "1\n", 3), "many rules").fast_accepted);
  std::string deep_then_wide = "rule a() = " + Repeat("(", limit - 9) + "1" + Repeat(")", limit - 9) + "\n" + wide;
  EXPECT_TRUE(Compare(deep_then_wide, "deep, then wide").fast_accepted);
  EXPECT_FALSE(Compare("rule a() = " + Repeat("1 + ", limit) + "1\n" + wide, "too deep, then wide").fast_accepted);
}

TEST(FastParse, SpansAsAntlrGivesThem) {
  SourceSet sources;
  const SourceFile& file = sources.Add("r.rules", "# é\r\nrule a(x: int) = (x + 1) * \"é\"\n");
  std::optional<ast::RulesFile> parsed = FastParseRulesFile(file);
  ASSERT_TRUE(parsed);
  const ast::Expr& product = *parsed->rules[0].body;
  EXPECT_EQ(file.text().substr(product.span.begin, product.span.end - product.span.begin), "(x + 1) * \"é\"");
  const ast::Expr& sum = *product.operands[0];  // a Paren's node keeps the inner span
  EXPECT_EQ(file.text().substr(sum.span.begin, sum.span.end - sum.span.begin), "x + 1");
  EXPECT_EQ(parsed->rules[0].params[0].span.begin, 13u);
  Compare(file.text(), "spans");
}

TEST(FastParse, Manifest) {
  std::string text =
      "ruleset mine \"My \\\"game\\\"\" extends \"../base\" uses mod_a, \"x/y\" { square = 5 ft ft = 2 x = 3 }\n"
      "override rule ft(square: square, b): ft = square\n";
  Compared compared = Compare(text, "manifest");
  EXPECT_TRUE(compared.fast_accepted);
  SourceSet sources;
  std::optional<ast::RulesFile> parsed = FastParseRulesFile(sources.Add("r.rules", text));
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->manifest.title, "My \"game\"");
  EXPECT_EQ(parsed->manifest.extends, "../base");
  ASSERT_EQ(parsed->manifest.uses.size(), 2u);
  EXPECT_EQ(parsed->manifest.uses[1].first, "x/y");
  ASSERT_EQ(parsed->manifest.settings.size(), 3u);
  EXPECT_EQ(parsed->manifest.settings[0].unit, "ft");
  EXPECT_EQ(parsed->manifest.settings[1].key, "ft");
  EXPECT_EQ(parsed->manifest.settings[1].unit, "");
  EXPECT_TRUE(parsed->rules[0].is_override);
  EXPECT_EQ(parsed->rules[0].result_name, "ft");
  // The manifest only at the start.
  EXPECT_FALSE(Compare("rule a() = 1\nruleset m \"t\" { }\n", "late manifest").fast_accepted);
  EXPECT_TRUE(Compare("", "empty").fast_accepted);
}

}  // namespace
}  // namespace rulecraft::parse
