#include "dsl/parse/parse.h"

#include <string>

#include <fmt/format.h>

#include "RulesLexer.h"
#include "RulesParser.h"
#include "antlr4-runtime.h"

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

// Rewrites ANTLR's wording ("mismatched input 'x' expecting Y") as "expected Y, found 'x'".
std::string Reword(const std::string& raw) {
  const std::string message = FriendlyTokens(raw);
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

ast::Setting ToSetting(const SourceFile& file, RulesParser::SettingContext* setting) {
  ast::Setting out;
  out.key = setting->key->getText();
  out.key_span = TokenSpan(file, setting->key);
  auto* quantity = setting->value;
  out.amount = std::stod(quantity->amount->getText());
  if (quantity->unit != nullptr) out.unit = quantity->unit->getText();
  SourceSpan first = TokenSpan(file, quantity->amount);
  SourceSpan last = TokenSpan(file, quantity->unit != nullptr ? quantity->unit : quantity->amount);
  out.value_span = {file.path(), first.begin, last.end};
  return out;
}

ast::Manifest ToManifest(const SourceFile& file, RulesParser::ManifestContext* context) {
  ast::Manifest manifest;
  manifest.name = context->name->getText();
  manifest.name_span = TokenSpan(file, context->name);
  manifest.title = Unquote(context->title->getText());
  if (context->parent != nullptr) {
    manifest.extends = context->parent->getText();
    manifest.extends_span = TokenSpan(file, context->parent);
  }
  for (auto* setting : context->settings) manifest.settings.push_back(ToSetting(file, setting));
  return manifest;
}

}  // namespace

std::optional<ast::RulesFile> ParseRulesFile(const SourceFile& file, Diagnostics& diagnostics) {
  try {
    antlr4::ANTLRInputStream input(file.text());
    RulesLexer lexer(&input);
    DiagnosticListener listener(file, diagnostics);
    lexer.removeErrorListeners();
    lexer.addErrorListener(&listener);
    antlr4::CommonTokenStream tokens(&lexer);
    RulesParser parser(&tokens);
    parser.removeErrorListeners();
    parser.addErrorListener(&listener);
    RulesParser::FileContext* tree = parser.file();
    if (listener.count() > 0 || tree->manifest() == nullptr) return std::nullopt;
    return ast::RulesFile{ToManifest(file, tree->manifest())};
  } catch (const std::range_error&) {
    diagnostics.Error("encoding", {file.path(), 0, 1}, "the file is not valid UTF-8");
  } catch (const std::exception& error) {
    diagnostics.Error("syntax", {file.path(), 0, 1}, std::string("cannot parse: ") + error.what());
  }
  return std::nullopt;
}

}  // namespace rulecraft::parse
