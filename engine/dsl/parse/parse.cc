#include "dsl/parse/parse.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/limits.h"
#include "base/text_bytes.h"
#include "RulesLexer.h"
#include "RulesParser.h"
#include "antlr4-runtime.h"
#include "dsl/parse/fast_parser.h"
#include "dsl/parse/nesting.h"
#include "dsl/parse/skipping_lexer.h"

namespace rulecraft::parse {
namespace {

using grammar::RulesLexer;
using grammar::RulesParser;

// ANTLR counts columns in code points; diagnostics count bytes.
uint32_t ByteOffset(const SourceFile& file, size_t line, size_t code_point_column) {
  uint32_t offset = file.OffsetOf(static_cast<uint32_t>(line), 1);
  std::string_view text = file.Line(static_cast<uint32_t>(line));
  size_t bytes = 0;
  for (size_t points = 0; points < code_point_column && bytes < text.size(); ++points) {
    ++bytes;
    while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) ++bytes;
  }
  return offset + static_cast<uint32_t>(bytes);
}

SourceSpan TokenSpan(const SourceFile& file, const antlr4::Token* token) {
  if (token == nullptr) return {file.path(), 0, 0};
  uint32_t begin = ByteOffset(file, token->getLine(), token->getCharPositionInLine());
  size_t width = token->getType() == antlr4::Token::EOF ? 1 : token->getText().size();
  return {file.path(), begin, begin + static_cast<uint32_t>(std::max<size_t>(1, width))};
}

// Token names as people read them.
std::string FriendlyTokens(std::string text) {
  const std::pair<const char*, const char*> names[] = {
      {"NUMBER", "a number"}, {"IDENT", "a name"}, {"STRING", "a quoted string"},
      {"<EOF>", "end of file"}};
  for (const auto& [token, friendly] : names) {
    for (size_t at = text.find(token); at != std::string::npos; at = text.find(token, at)) {
      text.replace(at, std::string_view(token).size(), friendly);
      at += std::string_view(friendly).size();
    }
  }
  return text;
}

// The set ANTLR lists where any expression may start, said in two words.
std::string ShortenExpected(std::string text) {
  size_t open = text.find("{'('");
  if (open == std::string::npos || text.find("'if'", open) == std::string::npos) return text;
  size_t close = text.find('}', open);
  if (close == std::string::npos) return text;
  return text.replace(open, close - open + 1, "an expression");
}

// Rewrites ANTLR's wording ("mismatched input 'x' expecting Y") as "expected Y, found 'x'".
std::string Reword(const std::string& raw) {
  const std::string message = ShortenExpected(FriendlyTokens(raw));
  auto rewrite = [&](const std::string& head, const std::string& middle) -> std::string {
    if (message.rfind(head, 0) != 0) return {};
    size_t split = message.find(middle, head.size());
    if (split == std::string::npos) return {};
    std::string found = message.substr(head.size(), split - head.size());
    std::string expected = message.substr(split + middle.size());
    if (found == "'end of file'") found = "end of file";
    return fmt::format("expected {}, found {}", expected, found);
  };
  for (const auto& [head, middle] : {std::pair{"mismatched input ", " expecting "},
                                     std::pair{"extraneous input ", " expecting "}}) {
    if (std::string text = rewrite(head, middle); !text.empty()) return text;
  }
  if (message.rfind("missing ", 0) == 0) {
    size_t at = message.find(" at ");
    if (at != std::string::npos) {
      return fmt::format("expected {} before {}", message.substr(8, at - 8), message.substr(at + 4));
    }
  }
  if (message.rfind("token recognition error at: ", 0) == 0) {
    return "unexpected character " + message.substr(28);
  }
  if (message.rfind("no viable alternative at input ", 0) == 0) {
    return "cannot read " + message.substr(31) + " here";
  }
  return message;
}

// Thrown by the listener to stop a parse once as many errors are reported as are shown.
struct EnoughErrors {};

class DiagnosticListener : public antlr4::BaseErrorListener {
 public:
  DiagnosticListener(const SourceFile& file, Diagnostics& diagnostics)
      : file_(file), diagnostics_(diagnostics) {}

  void syntaxError(antlr4::Recognizer*, antlr4::Token* offending, size_t line,
                   size_t column, const std::string& message, std::exception_ptr) override {
    SourceSpan span = offending != nullptr ? TokenSpan(file_, offending)
                                           : SourceSpan{file_.path(), ByteOffset(file_, line, column),
                                                        ByteOffset(file_, line, column) + 1};
    diagnostics_.Error("syntax", span, Reword(message));
    ++count_;
    if (diagnostics_.Full()) throw EnoughErrors{};
  }

  size_t count() const { return count_; }

 private:
  const SourceFile& file_;
  Diagnostics& diagnostics_;
  size_t count_ = 0;
};

std::string Unquote(const std::string& quoted) {
  std::string text;
  for (size_t i = 1; i + 1 < quoted.size(); ++i) {
    if (quoted[i] == '\\' && i + 2 < quoted.size()) ++i;
    text += quoted[i];
  }
  return text;
}

SourceSpan ContextSpan(const SourceFile& file, antlr4::ParserRuleContext* context) {
  SourceSpan first = TokenSpan(file, context->getStart());
  SourceSpan last = TokenSpan(file, context->getStop() != nullptr ? context->getStop() : context->getStart());
  return {file.path(), first.begin, std::max(first.end, last.end)};
}

// Turns parse-tree expressions into AST nodes; the only code that walks ANTLR contexts.
class Converter {
 public:
  explicit Converter(const SourceFile& file) : file_(file) {}

  ast::Manifest Manifest(RulesParser::ManifestContext* context) {
    ast::Manifest manifest;
    manifest.name = context->name->getText();
    manifest.name_span = TokenSpan(file_, context->name);
    manifest.title = Unquote(context->title->getText());
    if (context->parent != nullptr) {
      manifest.extends = context->parent->getType() == RulesLexer::STRING ? Unquote(context->parent->getText())
                                                                         : context->parent->getText();
      manifest.extends_span = TokenSpan(file_, context->parent);
    }
    for (auto* module : context->modules) {
      bool quoted = module->name->getType() == RulesLexer::STRING;
      manifest.uses.emplace_back(quoted ? Unquote(module->name->getText()) : module->name->getText(),
                                 TokenSpan(file_, module->name));
    }
    for (auto* setting : context->settings) manifest.settings.push_back(Setting(setting));
    return manifest;
  }

  ast::Rule Rule(RulesParser::RuleDefContext* context) {
    ast::Rule rule;
    rule.name = context->name->getText();
    rule.name_span = TokenSpan(file_, context->name);
    rule.span = ContextSpan(file_, context);
    rule.is_override = context->over != nullptr;
    for (auto* param : context->params) {
      ast::Param out;
      out.name = param->name->getText();
      out.span = TokenSpan(file_, param->name);
      if (param->type != nullptr) out.type_name = param->type->getText();
      rule.params.push_back(std::move(out));
    }
    if (context->result != nullptr) rule.result_name = context->result->getText();
    rule.body = Expr(context->body);
    return rule;
  }

 private:
  ast::Setting Setting(RulesParser::SettingContext* setting) {
    ast::Setting out;
    out.key = setting->key->getText();
    out.key_span = TokenSpan(file_, setting->key);
    auto* quantity = setting->value;
    out.amount = std::stod(quantity->amount->getText());
    if (quantity->unit != nullptr) out.unit = quantity->unit->getText();
    SourceSpan first = TokenSpan(file_, quantity->amount);
    SourceSpan last = TokenSpan(file_, quantity->unit != nullptr ? quantity->unit : quantity->amount);
    out.value_span = {file_.path(), first.begin, last.end};
    return out;
  }

  ast::ExprPtr Node(ast::ExprKind kind, antlr4::ParserRuleContext* context) {
    auto node = std::make_unique<ast::Expr>();
    node->kind = kind;
    node->span = ContextSpan(file_, context);
    return node;
  }

  void Args(ast::Expr& node, const std::vector<RulesParser::ExprContext*>& args) {
    for (auto* arg : args) node.operands.push_back(Expr(arg));
  }

  ast::ExprPtr Expr(RulesParser::ExprContext* context) {
    if (auto* atom = dynamic_cast<RulesParser::AtomContext*>(context)) return Primary(atom->primary());
    if (auto* member = dynamic_cast<RulesParser::MemberContext*>(context)) {
      auto node = Node(ast::ExprKind::kMember, member);
      node->text = member->field->getText();
      node->member_call = member->children.size() > 3;  // target '.' field '(' … ')'
      node->operands.push_back(Expr(member->target));
      Args(*node, member->args);
      return node;
    }
    if (auto* index = dynamic_cast<RulesParser::IndexContext*>(context)) {
      auto node = Node(ast::ExprKind::kIndex, index);
      node->operands.push_back(Expr(index->target));
      node->operands.push_back(Expr(index->index));
      return node;
    }
    if (auto* binary = dynamic_cast<RulesParser::BinaryContext*>(context)) {
      auto node = Node(ast::ExprKind::kBinary, binary);
      node->text = binary->op->getText();
      node->operands.push_back(Expr(binary->left));
      node->operands.push_back(Expr(binary->right));
      return node;
    }
    if (auto* unary = dynamic_cast<RulesParser::UnaryContext*>(context)) {
      auto node = Node(ast::ExprKind::kUnary, unary);
      node->text = unary->op->getText();
      node->operands.push_back(Expr(unary->operand));
      return node;
    }
    if (auto* branch = dynamic_cast<RulesParser::IfContext*>(context)) {
      auto node = Node(ast::ExprKind::kIf, branch);
      node->operands.push_back(Expr(branch->cond));
      node->operands.push_back(Expr(branch->yes));
      node->operands.push_back(Expr(branch->no));
      return node;
    }
    auto* let = dynamic_cast<RulesParser::LetContext*>(context);
    auto node = Node(ast::ExprKind::kLet, let);
    node->text = let->name->getText();
    node->operands.push_back(Expr(let->value));
    node->operands.push_back(Expr(let->body));
    return node;
  }

  ast::ExprPtr Primary(RulesParser::PrimaryContext* context) {
    if (auto* number = dynamic_cast<RulesParser::NumberLiteralContext*>(context)) {
      auto node = Node(ast::ExprKind::kNumber, number);
      node->number = std::stod(number->amount->getText());
      if (number->unit != nullptr) node->unit = number->unit->getText();
      return node;
    }
    if (auto* boolean = dynamic_cast<RulesParser::BoolLiteralContext*>(context)) {
      auto node = Node(ast::ExprKind::kBool, boolean);
      node->boolean = boolean->value->getText() == "true";
      return node;
    }
    if (auto* text = dynamic_cast<RulesParser::StringLiteralContext*>(context)) {
      auto node = Node(ast::ExprKind::kText, text);
      node->text = Unquote(text->text->getText());
      return node;
    }
    if (auto* call = dynamic_cast<RulesParser::CallContext*>(context)) {
      auto node = Node(ast::ExprKind::kCall, call);
      node->text = call->name->getText();
      Args(*node, call->args);
      return node;
    }
    if (auto* name = dynamic_cast<RulesParser::NameContext*>(context)) {
      auto node = Node(ast::ExprKind::kName, name);
      node->text = name->name->getText();
      return node;
    }
    if (auto* paren = dynamic_cast<RulesParser::ParenContext*>(context)) return Expr(paren->inner);
    auto* list = dynamic_cast<RulesParser::ListContext*>(context);
    auto node = Node(ast::ExprKind::kList, list);
    for (auto* entry : list->entries) {
      node->operands.push_back(Expr(entry->value));
      node->conditions.push_back(entry->cond != nullptr ? Expr(entry->cond) : nullptr);
    }
    return node;
  }

  const SourceFile& file_;
};

// The lexer's input: the file decoded from UTF-8 to code points in one pass (the runtime's own
// decoder grows its string a character at a time, a tenth of loading a ruleset). Invalid UTF-8
// is left to the runtime's decoder, which reports it.
//
// The lexer reads every code point above U+007F as kOther, and the tokens' text (and a lexer
// error's) is read from the code points as written. No lexer rule names a character above
// U+007F or kOther: the only ones that match them are the negated sets of STRING and COMMENT and
// the '.' after a backslash, which match both alike, so the tokens are the same. The lexer's
// DFA caches its moves for characters up to U+007F only; on any other it simulates the ATN
// again, allocating, which was a tenth of loading a ruleset whose comments use '×' and '—'.
class Utf8Input : public antlr4::ANTLRInputStream {
 public:
  explicit Utf8Input(std::string_view text) {
    if (!Decode(text)) load(std::string(text));
  }

  // The text of code points a..b as written. In well-formed UTF-8 it is the bytes between
  // their offsets in the file (the runtime's own getText re-encodes them from the code points,
  // a string each time); otherwise the runtime's, from the code points as written.
  std::string getText(const antlr4::misc::Interval& interval) override {
    if (text_.data() == nullptr) {
      if (written_.empty()) return ANTLRInputStream::getText(interval);
      std::swap(_data, written_);
      std::string text = ANTLRInputStream::getText(interval);
      std::swap(_data, written_);
      return text;
    }
    if (interval.a < 0 || interval.b < 0) return "";
    size_t start = static_cast<size_t>(interval.a);
    size_t stop = std::min(static_cast<size_t>(interval.b), _data.size() - 1);
    if (start >= _data.size() || stop < start) return "";
    size_t begin = ByteOf(start);
    return std::string(text_.substr(begin, ByteOf(stop + 1) - begin));
  }

 private:
  static constexpr char32_t kOther = 0x01;

  // The byte offset of code point `index` (the text's size past its last).
  size_t ByteOf(size_t index) const { return byte_of_.empty() ? index : byte_of_[index]; }

  bool Decode(std::string_view text) {
    _data.clear();
    _data.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
      auto byte = static_cast<unsigned char>(text[i]);
      int extra = byte < 0x80 ? 0 : (byte >> 5) == 0x6 ? 1 : (byte >> 4) == 0xE ? 2 : (byte >> 3) == 0x1E ? 3 : -1;
      if (extra < 0 || i + static_cast<size_t>(extra) >= text.size()) return false;
      char32_t code = extra == 0 ? byte : byte & (0x3F >> extra);
      for (int k = 1; k <= extra; ++k) {
        auto next = static_cast<unsigned char>(text[i + static_cast<size_t>(k)]);
        if ((next >> 6) != 0x2) return false;
        code = (code << 6) | (next & 0x3F);
      }
      _data.push_back(code);
      i += static_cast<size_t>(extra) + 1;
    }
    p = 0;
    bool well_formed = !FirstBadByte(text);
    if (well_formed) text_ = text;
    if (_data.size() != text.size()) {  // some characters take several bytes
      if (well_formed) {
        byte_of_.reserve(_data.size() + 1);
        for (size_t i = 0; i < text.size(); ++i) {
          if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) byte_of_.push_back(static_cast<uint32_t>(i));
        }
        byte_of_.push_back(static_cast<uint32_t>(text.size()));
      } else {
        written_ = _data;
      }
      for (char32_t& code : _data) {
        if (code > 0x7F) code = kOther;
      }
    }
    return true;
  }

  std::string_view text_{};        // the file's text, when it is well-formed UTF-8
  std::vector<uint32_t> byte_of_;  // then each code point's byte offset, if some take several bytes
  std::u32string written_;         // otherwise the code points as written, if some were read as kOther
};

// What each token type of the grammar does to the nesting, from the literal names of its
// vocabulary ("'('", "'+'", …), worked out once.
const std::vector<Nesting>& NestingByType(const antlr4::dfa::Vocabulary& vocabulary) {
  static const std::vector<Nesting> kinds = [&] {
    const std::set<std::string, std::less<>> levels = {
        "'+'", "'-'", "'*'", "'/'", "'%'", "'^'", "'=='", "'!='", "'<'", "'<='", "'>'", "'>='", "'not'",
        "'and'", "'or'", "'if'", "'then'", "'else'", "'let'", "'in'", "'.'", "'='"};
    std::vector<Nesting> out(vocabulary.getMaxTokenType() + 1, Nesting::kNone);
    for (size_t type = 0; type < out.size(); ++type) {
      std::string literal = vocabulary.getLiteralName(type);
      if (literal == "'rule'") out[type] = Nesting::kRule;
      if (literal == "'('" || literal == "'['") out[type] = Nesting::kOpen;
      if (literal == "')'" || literal == "']'") out[type] = Nesting::kClose;
      if (literal == "','") out[type] = Nesting::kComma;
      if (levels.count(literal) > 0) out[type] = Nesting::kLevel;
    }
    return out;
  }();
  return kinds;
}

// The first token at which the rules nest deeper than limits::kMaxRulesDepth (NestingDepth's
// estimate). No recursive walk of the parse tree or the AST (checking, folding, lowering,
// printing, freeing) then goes deeper than the limit allows.
const antlr4::Token* TooDeep(const std::vector<antlr4::Token*>& tokens, const antlr4::dfa::Vocabulary& vocabulary) {
  const std::vector<Nesting>& kinds = NestingByType(vocabulary);
  NestingDepth depth;
  for (const antlr4::Token* token : tokens) {
    size_t type = token->getType();
    if (depth.Step(type < kinds.size() ? kinds[type] : Nesting::kNone) > limits::kMaxRulesDepth) return token;
  }
  return nullptr;
}

// The first token longer than limits::kMaxRulesTokenBytes, or nullptr.
const antlr4::Token* TooLong(const std::vector<antlr4::Token*>& tokens) {
  for (const antlr4::Token* token : tokens) {
    if (token->getType() != antlr4::Token::EOF && token->getText().size() > limits::kMaxRulesTokenBytes) return token;
  }
  return nullptr;
}

// The first number too large for a double, or nullptr (then std::stod cannot fail).
const antlr4::Token* TooLarge(const std::vector<antlr4::Token*>& tokens) {
  for (const antlr4::Token* token : tokens) {
    if (token->getType() != RulesLexer::NUMBER) continue;
    std::string text = token->getText();
    if (!std::isfinite(std::strtod(text.c_str(), nullptr))) return token;
  }
  return nullptr;
}

// Parses the file in ANTLR's SLL prediction mode, which stops at the first syntax error or
// ambiguity it cannot settle alone, and only then again from the start in full LL mode with
// the listener's messages: an SLL parse that succeeds builds the tree LL builds, much faster,
// and every error is reported by the LL parse as before.
RulesParser::FileContext* TwoStageParse(RulesParser& parser, antlr4::CommonTokenStream& tokens,
                                        DiagnosticListener& listener) {
  parser.removeErrorListeners();
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  try {
    return parser.file();
  } catch (const antlr4::ParseCancellationException&) {
  }
  tokens.seek(0);
  parser.reset();
  parser.addErrorListener(&listener);
  parser.setErrorHandler(std::make_shared<antlr4::DefaultErrorStrategy>());
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(antlr4::atn::PredictionMode::LL);
  return parser.file();
}

}  // namespace

std::optional<ast::RulesFile> ParseRulesFile(const SourceFile& file, Diagnostics& diagnostics) {
  if (std::optional<ast::RulesFile> parsed = FastParseRulesFile(file)) return parsed;
  return ParseRulesFileWithAntlr(file, diagnostics);
}

std::optional<ast::RulesFile> ParseRulesFileWithAntlr(const SourceFile& file, Diagnostics& diagnostics) {
  try {
    Utf8Input input(file.text());
    SkippingLexer lexer(&input);
    DiagnosticListener listener(file, diagnostics);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();
    if (const antlr4::Token* deep = TooDeep(tokens.getTokens(), lexer.getVocabulary())) {
      diagnostics.Error("too-deep", TokenSpan(file, deep),
                        fmt::format("the rules nest deeper than {} levels here (limits::kMaxRulesDepth): "
                                    "split the expression into rules, or use let",
                                    limits::kMaxRulesDepth));
      return std::nullopt;
    }
    if (const antlr4::Token* long_token = TooLong(tokens.getTokens())) {
      diagnostics.Error("too-large", TokenSpan(file, long_token),
                        fmt::format("this token is longer than {} bytes (limits::kMaxRulesTokenBytes)",
                                    limits::kMaxRulesTokenBytes));
      return std::nullopt;
    }
    if (const antlr4::Token* large = TooLarge(tokens.getTokens())) {
      diagnostics.Error("out-of-range", TokenSpan(file, large),
                        fmt::format("expected a number a double can hold (below 1.8e308), found one of {} digits",
                                    large->getText().size()));
      return std::nullopt;
    }
    RulesParser parser(&tokens);
    RulesParser::FileContext* tree = TwoStageParse(parser, tokens, listener);
    if (listener.count() > 0) return std::nullopt;
    Converter converter(file);
    ast::RulesFile out;
    out.path = file.path();
    if (tree->manifest() != nullptr) {
      out.has_manifest = true;
      out.manifest = converter.Manifest(tree->manifest());
    }
    for (auto* rule : tree->rules) out.rules.push_back(converter.Rule(rule));
    return out;
  } catch (const EnoughErrors&) {
    return std::nullopt;
  } catch (const std::range_error&) {
    diagnostics.Error("encoding", {file.path(), 0, 1}, "the file is not valid UTF-8");
  } catch (const std::exception& error) {
    diagnostics.Error("syntax", {file.path(), 0, 1}, std::string("cannot parse: ") + error.what());
  }
  return std::nullopt;
}

}  // namespace rulecraft::parse
