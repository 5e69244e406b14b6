#include "dsl/parse/fast_parser.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/limits.h"
#include "base/text_bytes.h"
#include "dsl/parse/nesting.h"

namespace rulecraft::parse {
namespace {

// The token types of grammar/Rules.g4 (its literals, UNIT, NUMBER, STRING and IDENT).
enum class Tok : uint8_t {
  kEof, kIdent, kUnit, kNumber, kString,
  kRuleset, kExtends, kUses, kOverride, kRule, kNot, kAnd, kOr, kIf, kThen, kElse, kLet, kIn, kTrue, kFalse,
  kLParen, kRParen, kLBracket, kRBracket, kLBrace, kRBrace, kComma, kColon, kAssign, kDot,
  kPlus, kMinus, kStar, kSlash, kPercent, kCaret, kEq, kNe, kLt, kLe, kGt, kGe,
};
constexpr size_t kTokKinds = static_cast<size_t>(Tok::kGe) + 1;  // kGe is the last

struct Token {
  Tok kind;
  uint32_t begin;  // byte offsets in the file
  uint32_t end;
};

// Thrown wherever the fast parse is not sure; the caller then parses with ANTLR.
struct Unsure {};

// A word's token: ANTLR's lexer takes the longest match and, between matches of one length, the
// rule listed first, and the grammar's literals come before UNIT, which comes before IDENT.
// Whether `word`, known to be as long as `literal`, spells it: one compare of a few bytes.
template <size_t N>
bool Is(std::string_view word, const char (&literal)[N]) {
  return std::memcmp(word.data(), literal, N - 1) == 0;
}

[[gnu::always_inline]] inline Tok WordKind(std::string_view word) {
  switch (word.size()) {
    case 2:
      if (Is(word, "if")) return Tok::kIf;
      if (Is(word, "in")) return Tok::kIn;
      if (Is(word, "or")) return Tok::kOr;
      if (Is(word, "ft")) return Tok::kUnit;
      break;
    case 3:
      if (Is(word, "and")) return Tok::kAnd;
      if (Is(word, "not")) return Tok::kNot;
      if (Is(word, "let")) return Tok::kLet;
      break;
    case 4:
      if (Is(word, "rule")) return Tok::kRule;
      if (Is(word, "uses")) return Tok::kUses;
      if (Is(word, "then")) return Tok::kThen;
      if (Is(word, "else")) return Tok::kElse;
      if (Is(word, "true")) return Tok::kTrue;
      if (Is(word, "feet") || Is(word, "mile")) return Tok::kUnit;
      break;
    case 5:
      if (Is(word, "false")) return Tok::kFalse;
      if (Is(word, "miles")) return Tok::kUnit;
      break;
    case 6:
      if (Is(word, "square")) return Tok::kUnit;
      break;
    case 7:
      if (Is(word, "ruleset")) return Tok::kRuleset;
      if (Is(word, "extends")) return Tok::kExtends;
      if (Is(word, "squares")) return Tok::kUnit;
      break;
    case 8:
      if (Is(word, "override")) return Tok::kOverride;
      break;
    default:
      break;
  }
  return Tok::kIdent;
}

constexpr bool IsWordStart(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
constexpr bool IsDigit(unsigned char c) { return c >= '0' && c <= '9'; }

// Which bytes continue a word ([a-zA-Z_0-9]), one lookup a byte.
constexpr std::array<bool, 256> kWordPart = [] {
  std::array<bool, 256> part{};
  for (unsigned c = 0; c < 256; ++c) part[c] = IsWordStart(static_cast<unsigned char>(c)) || IsDigit(static_cast<unsigned char>(c));
  return part;
}();

bool IsPrintable(unsigned char c) { return c >= 0x20 && c < 0x7F; }

// Past a byte of a comment or string that is not printable ASCII: a tab, or a run of well-formed
// UTF-8 sequences (no ASCII byte is part of one); throws Unsure at anything else.
size_t SkipOther(std::string_view text, size_t at) {
  if (text[at] == '\t') return at + 1;
  size_t end = at;
  while (end < text.size() && static_cast<unsigned char>(text[end]) >= 0x80) ++end;
  if (end == at || FirstBadByte(text.substr(at, end - at))) throw Unsure{};
  return end;
}

// Whether all eight bytes of `word` are printable ASCII (0x20 to 0x7E).
bool AllPrintable(uint64_t word) {
  constexpr uint64_t kOnes = ~uint64_t{0} / 255;
  constexpr uint64_t kHighs = kOnes * 0x80;
  uint64_t below_space = (word - kOnes * 0x20) & ~word & kHighs;  // set when a byte is below 0x20
  uint64_t above_tilde = ((word + kOnes) | word) & kHighs;         // set when a byte is above 0x7E
  return (below_space | above_tilde) == 0;
}

// Past a comment's text from `at` (just after its '#') to the line break or end that closes it
// (COMMENT : '#' ~[\r\n]*), printable ASCII eight bytes at a time; throws Unsure at a byte that is
// not UTF-8 text (base/text_bytes.h's FirstBadByte): a control character other than a tab, or a
// byte that is not part of a well-formed UTF-8 sequence.
size_t SkipComment(std::string_view text, size_t at) {
  const size_t size = text.size();
  while (true) {
    for (uint64_t word; at + sizeof word <= size; at += sizeof word) {
      std::memcpy(&word, text.data() + at, sizeof word);
      if (!AllPrintable(word)) break;
    }
    while (at < size && IsPrintable(static_cast<unsigned char>(text[at]))) ++at;
    if (at >= size) return at;
    auto byte = static_cast<unsigned char>(text[at]);
    if (byte == '\n' || byte == '\r') return at;
    if (byte == '\t') {
      ++at;
      continue;
    }
    do {  // a run of multi-byte sequences, as in a word of a script other than Latin
      size_t length = MultiByteLength(text, at);
      if (length == 0) throw Unsure{};
      at += length;
    } while (at < size && static_cast<unsigned char>(text[at]) >= 0x80);
  }
}

// Past a comment's text from `at` to the line break or end that closes it, in a text already
// found to be UTF-8 text (SourceFile::checked): every byte up to the break is comment.
// `has_carriage_return`: whether the text holds a '\r' anywhere (else none is looked for).
[[gnu::always_inline]] inline size_t SkipCheckedComment(std::string_view text, size_t at, bool has_carriage_return) {
  size_t line_feed = text.find('\n', at);
  size_t end = line_feed == std::string_view::npos ? text.size() : line_feed;
  if (!has_carriage_return) return end;
  size_t carriage_return = text.substr(0, end).find('\r', at);
  return carriage_return == std::string_view::npos ? end : carriage_return;
}

// How the lexer reads a token that starts with a byte.
enum class Start : uint8_t { kOther, kSpace, kWord, kDigit, kQuote, kHash, kMark };

// Each byte's Start, and for a mark its one-byte token (a two-byte one is told apart after).
struct ByteTable {
  std::array<Start, 256> start{};
  std::array<Tok, 256> mark{};
};

constexpr ByteTable kBytes = [] {
  ByteTable table;
  for (unsigned c = 0; c < 256; ++c) {
    auto byte = static_cast<unsigned char>(c);
    if (IsWordStart(byte)) table.start[c] = Start::kWord;
    if (IsDigit(byte)) table.start[c] = Start::kDigit;
  }
  for (char c : {' ', '\t', '\r', '\n'}) table.start[static_cast<unsigned char>(c)] = Start::kSpace;
  table.start['"'] = Start::kQuote;
  table.start['#'] = Start::kHash;
  const std::pair<char, Tok> marks[] = {
      {'(', Tok::kLParen}, {')', Tok::kRParen}, {'[', Tok::kLBracket}, {']', Tok::kRBracket},
      {'{', Tok::kLBrace}, {'}', Tok::kRBrace}, {',', Tok::kComma},    {':', Tok::kColon},
      {'.', Tok::kDot},    {'+', Tok::kPlus},   {'-', Tok::kMinus},    {'*', Tok::kStar},
      {'/', Tok::kSlash},  {'%', Tok::kPercent}, {'^', Tok::kCaret},   {'=', Tok::kAssign},
      {'!', Tok::kNe},     {'<', Tok::kLt},     {'>', Tok::kGt}};
  for (auto [c, kind] : marks) {
    table.start[static_cast<unsigned char>(c)] = Start::kMark;
    table.mark[static_cast<unsigned char>(c)] = kind;
  }
  return table;
}();

// What a token does to the nesting (Rules.g4's literals as parse.cc's NestingByType reads them).
constexpr Nesting NestingOf(Tok kind) {
  switch (kind) {
    case Tok::kRule: return Nesting::kRule;
    case Tok::kLParen: case Tok::kLBracket: return Nesting::kOpen;
    case Tok::kRParen: case Tok::kRBracket: return Nesting::kClose;
    case Tok::kComma: return Nesting::kComma;
    case Tok::kPlus: case Tok::kMinus: case Tok::kStar: case Tok::kSlash: case Tok::kPercent:
    case Tok::kCaret: case Tok::kEq: case Tok::kNe: case Tok::kLt: case Tok::kLe: case Tok::kGt:
    case Tok::kGe: case Tok::kNot: case Tok::kAnd: case Tok::kOr: case Tok::kIf: case Tok::kThen:
    case Tok::kElse: case Tok::kLet: case Tok::kIn: case Tok::kDot: case Tok::kAssign:
      return Nesting::kLevel;
    default:
      return Nesting::kNone;
  }
}

// Whether a token adds to NestingDepth's estimate (nesting.h): Nesting::kOpen or kLevel.
bool RaisesNesting(Tok kind) {
  static constexpr std::array<bool, kTokKinds> kRaises = [] {
    std::array<bool, kTokKinds> raises{};
    for (size_t index = 0; index < raises.size(); ++index) {
      Nesting nesting = NestingOf(static_cast<Tok>(index));
      raises[index] = nesting == Nesting::kOpen || nesting == Nesting::kLevel;
    }
    return raises;
  }();
  return kRaises[static_cast<size_t>(kind)];
}

// A file's tokens with a last kEof, and what the parse sizes itself by.
struct Lexed {
  std::vector<Token> tokens;
  size_t rules = 0;  // `rule` tokens
  // The most tokens that raise the nesting (RaisesNesting) between two `rule` tokens, or before
  // the first: NestingDepth's estimate never passes it, since only they add to it.
  size_t most_raises = 0;
};

// The tokens of `text` as Rules.g4's lexer reads them; throws Unsure at anything its lexer would
// report, at any token longer than limits::kMaxRulesTokenBytes, and at any byte that is not UTF-8
// text (control characters included). `checked`: the text is known to be UTF-8 text
// (SourceFile::checked), so comments are not checked again. The byte past the text's end is the
// string's NUL, which ends every run of spaces, word bytes or digits as an end would.
// `kToFirstBrace`: the tokens up to the first '}' only (a manifest's), then kEof; they are the
// whole text's first tokens, as lexing reads from left to right.
// Not inlined: the compiler then inlines the word and comment readers into its loop instead.
template <bool kToFirstBrace = false>
[[gnu::noinline]] Lexed Lex(const std::string& text, bool checked) {
  Lexed lexed;
  std::vector<Token>& tokens = lexed.tokens;
  tokens.reserve(kToFirstBrace ? 64 : text.size() / 4 + 1);
  const char* bytes = text.c_str();
  const size_t size = text.size();
  size_t raises = 0;
  const bool has_carriage_return = checked && std::memchr(bytes, '\r', size) != nullptr;
  auto byte_at = [bytes](size_t at) { return static_cast<unsigned char>(bytes[at]); };
  auto push = [&](Tok kind, size_t begin, size_t end) {
    tokens.push_back({kind, static_cast<uint32_t>(begin), static_cast<uint32_t>(end)});
  };
  auto push_long = [&](Tok kind, size_t begin, size_t end) {  // a token that may pass the limit
    if (end - begin > limits::kMaxRulesTokenBytes) throw Unsure{};
    push(kind, begin, end);
  };
  // Past the spaces after a token, most often one, without going round the loop for them.
  auto skip_blanks = [&](size_t at) {
    while (byte_at(at) == ' ') ++at;
    return at;
  };
  size_t i = 0;
  while (i < size) {
    unsigned char c = byte_at(i);
    size_t begin = i;
    switch (kBytes.start[c]) {
      case Start::kSpace:
        do ++i;
        while (kBytes.start[byte_at(i)] == Start::kSpace);
        continue;
      case Start::kHash:
        i = checked ? SkipCheckedComment(text, i + 1, has_carriage_return) : SkipComment(text, i + 1);
        continue;
      case Start::kWord: {
        do ++i;
        while (kWordPart[byte_at(i)]);
        Tok kind = WordKind(std::string_view(bytes + begin, i - begin));
        if (kind == Tok::kRule) {
          lexed.most_raises = std::max(lexed.most_raises, raises);
          raises = 0;
          ++lexed.rules;
        } else {
          raises += RaisesNesting(kind) ? 1 : 0;
        }
        push_long(kind, begin, i);
        i = skip_blanks(i);
        continue;
      }
      case Start::kDigit:  // NUMBER : [0-9]+ ('.' [0-9]+)?  (`5.` is NUMBER then '.')
        do ++i;
        while (IsDigit(byte_at(i)));
        if (byte_at(i) == '.' && i + 1 < size && IsDigit(byte_at(i + 1))) {
          i += 2;
          while (IsDigit(byte_at(i))) ++i;
        }
        push_long(Tok::kNumber, begin, i);
        i = skip_blanks(i);
        continue;
      case Start::kQuote:  // STRING : '"' (~["\\\r\n] | '\\' .)* '"'
        ++i;
        while (true) {
          if (i >= size) throw Unsure{};
          unsigned char b = byte_at(i);
          if (b == '"') break;
          if (b == '\\') {  // '\\' . takes any character, a line break too
            if (++i >= size) throw Unsure{};
            b = byte_at(i);
            if (b == '\r' || b == '\n') {
              ++i;
              continue;
            }
          } else if (b == '\r' || b == '\n') {
            throw Unsure{};
          }
          i = IsPrintable(b) ? i + 1 : SkipOther(text, i);
        }
        ++i;
        push_long(Tok::kString, begin, i);
        continue;
      case Start::kMark: {
        Tok kind = kBytes.mark[c];
        ++i;
        if (i < size && byte_at(i) == '=') {  // '==', '!=', '<=', '>='
          switch (kind) {
            case Tok::kAssign: kind = Tok::kEq; ++i; break;
            case Tok::kNe: ++i; break;
            case Tok::kLt: kind = Tok::kLe; ++i; break;
            case Tok::kGt: kind = Tok::kGe; ++i; break;
            default: break;
          }
        } else if (kind == Tok::kNe) {
          throw Unsure{};  // a lone '!'
        }
        raises += RaisesNesting(kind) ? 1 : 0;
        push(kind, begin, i);
        if (kToFirstBrace && kind == Tok::kRBrace) {
          push(Tok::kEof, i, i);
          return lexed;
        }
        i = skip_blanks(i);
        continue;
      }
      case Start::kOther:
        throw Unsure{};
    }
  }
  lexed.most_raises = std::max(lexed.most_raises, raises);
  push(Tok::kEof, size, size);
  return lexed;
}

// Whether the rules may nest deeper than limits::kMaxRulesDepth: parse.cc's TooDeep estimate
// (NestingDepth) on the same tokens, with a margin, so that the fast parse's own recursion stays
// as bounded as ANTLR's and every file the limit refuses is refused by the ANTLR path's words.
constexpr size_t kDepthMargin = 8;
bool MayBeTooDeep(const std::vector<Token>& tokens) {
  NestingDepth depth;
  for (const Token& token : tokens) {
    if (depth.Step(NestingOf(token.kind)) + kDepthMargin > limits::kMaxRulesDepth) return true;
  }
  return false;
}

// Rules.g4's expr alternatives as ANTLR ranks them when it rewrites the left recursion (the
// first alternative of thirteen ranks 13, the last 1); an operand is read at the rank its
// alternative passes down: a prefix operator's own, a left-associative operator's plus one.
constexpr int kMemberRank = 12;
constexpr int kIndexRank = 11;
constexpr int kPowerRank = 10;
constexpr int kSignRank = 9;
constexpr int kNotRank = 5;
constexpr int kIfRank = 2;
constexpr int kLetRank = 1;
// Member access and indexing are read in the postfix loop, above every rank passed down.
static_assert(kMemberRank > kIndexRank && kIndexRank > kPowerRank);

// The rank of a binary operator, or 0 for any other token.
int BinaryRank(Tok kind) {
  switch (kind) {
    case Tok::kCaret: return kPowerRank;
    case Tok::kStar: case Tok::kSlash: case Tok::kPercent: return 8;
    case Tok::kPlus: case Tok::kMinus: return 7;
    case Tok::kEq: case Tok::kNe: case Tok::kLt: case Tok::kLe: case Tok::kGt: case Tok::kGe: return 6;
    case Tok::kAnd: return 4;
    case Tok::kOr: return 3;
    default: return 0;
  }
}

// Sets `out`, a string still empty, to `text`: appended, as std::string::assign would copy it
// only after checks for an overlap that cannot be there.
void SetText(std::string& out, std::string_view text) { out.append(text.data(), text.size()); }

// The text between a string's quotes with each backslash dropped before the byte it escapes
// (parse.cc's Unquote).
std::string Unquote(std::string_view quoted) {
  std::string text;
  text.reserve(quoted.size());
  for (size_t i = 1; i + 1 < quoted.size(); ++i) {
    if (quoted[i] == '\\' && i + 2 < quoted.size()) ++i;
    text += quoted[i];
  }
  return text;
}

// The value of a NUMBER token of at most 15 digits, or nullopt for a longer one. Its digits read
// as an integer are below 2^53 and so exact as a double, as is 10^k for the k digits after its
// point, and one correctly rounded division gives the double nearest the decimal: strtod's value
// (Clinger's fast path).
std::optional<double> ShortNumber(std::string_view number) {
  constexpr double kPowersOfTen[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
  uint64_t digits = 0;
  size_t count = 0;
  size_t after_point = 0;
  bool point = false;
  for (char c : number) {
    if (c == '.') {
      point = true;
      continue;
    }
    digits = digits * 10 + static_cast<uint64_t>(c - '0');
    ++count;
    after_point += point ? 1 : 0;
  }
  if (count > 15) return std::nullopt;
  return static_cast<double>(digits) / kPowersOfTen[after_point];
}

class Parser {
 public:
  Parser(const SourceFile& file, std::vector<Token> tokens) : file_(file), text_(file.text()), tokens_(std::move(tokens)) {
    pending_.reserve(64);
  }

  // The manifest the tokens start with, or nullopt when they start with no `ruleset`.
  std::optional<ast::Manifest> ManifestOnly() {
    if (Peek() != Tok::kRuleset) return std::nullopt;
    return Manifest();
  }

  // The file, whose tokens hold `rules` rule keywords.
  ast::RulesFile File(size_t rules) {
    ast::RulesFile out;
    out.path = file_.path();
    out.rules.reserve(rules);
    if (Peek() == Tok::kRuleset) {
      out.has_manifest = true;
      out.manifest = Manifest();
    }
    while (Peek() == Tok::kRule || Peek() == Tok::kOverride) out.rules.push_back(Rule());
    Expect(Tok::kEof);
    return out;
  }

 private:
  // An expression node and the bytes its context covers, which reach past the node's own span
  // when it is written in parentheses.
  struct Parsed {
    ast::ExprPtr node;
    uint32_t begin;
    uint32_t end;
  };

  // The kind of the token `ahead` of the next (the last, kEof, past the end).
  Tok Peek() const { return tokens_[at_].kind; }
  Tok Peek(size_t ahead) const { return tokens_[std::min(at_ + ahead, tokens_.size() - 1)].kind; }
  const Token& Take() {
    const Token& token = tokens_[at_];
    if (at_ + 1 < tokens_.size()) ++at_;
    return token;
  }
  const Token& Expect(Tok kind) {
    if (Peek() != kind) throw Unsure{};
    return Take();
  }
  const Token& ExpectName() {  // (IDENT | UNIT)
    if (Peek() != Tok::kIdent && Peek() != Tok::kUnit) throw Unsure{};
    return Take();
  }
  std::string_view Text(const Token& token) const { return text_.substr(token.begin, token.end - token.begin); }
  SourceSpan Span(uint32_t begin, uint32_t end) const { return {file_.path(), begin, end}; }
  SourceSpan Span(const Token& token) const { return Span(token.begin, token.end); }
  double Number(const Token& token) const {
    if (std::optional<double> exact = ShortNumber(Text(token))) return *exact;
    std::string digits(Text(token));
    double value = std::strtod(digits.c_str(), nullptr);
    if (!std::isfinite(value)) throw Unsure{};
    return value;
  }

  ast::Manifest Manifest() {
    ast::Manifest manifest;
    Expect(Tok::kRuleset);
    const Token& name = Expect(Tok::kIdent);
    SetText(manifest.name, Text(name));
    manifest.name_span = Span(name);
    manifest.title = Unquote(Text(Expect(Tok::kString)));
    if (Peek() == Tok::kExtends) {
      Take();
      const Token& parent = NameOrString();
      manifest.extends = parent.kind == Tok::kString ? Unquote(Text(parent)) : std::string(Text(parent));
      manifest.extends_span = Span(parent);
    }
    if (Peek() == Tok::kUses) {
      Take();
      do {
        const Token& module = NameOrString();
        manifest.uses.emplace_back(module.kind == Tok::kString ? Unquote(Text(module)) : std::string(Text(module)),
                                   Span(module));
      } while (Peek() == Tok::kComma && (Take(), true));
    }
    Expect(Tok::kLBrace);
    while (Peek() != Tok::kRBrace) {
      ast::Setting setting;
      const Token& key = ExpectName();
      SetText(setting.key, Text(key));
      setting.key_span = Span(key);
      Expect(Tok::kAssign);
      const Token& amount = Expect(Tok::kNumber);
      setting.amount = Number(amount);
      uint32_t end = amount.end;
      // A unit word followed by '=' is the next setting's key, as ANTLR's prediction reads it.
      if (Peek() == Tok::kUnit && Peek(1) != Tok::kAssign) {
        const Token& unit = Take();
        SetText(setting.unit, Text(unit));
        end = unit.end;
      }
      setting.value_span = Span(amount.begin, end);
      manifest.settings.push_back(std::move(setting));
    }
    Take();
    return manifest;
  }

  const Token& NameOrString() {  // (IDENT | STRING)
    if (Peek() != Tok::kIdent && Peek() != Tok::kString) throw Unsure{};
    return Take();
  }

  // Kept out of File, which then stays small (Lex's two uses changed what the compiler inlines).
  [[gnu::noinline]] ast::Rule Rule() {
    ast::Rule rule;
    uint32_t begin = tokens_[at_].begin;
    if (Peek() == Tok::kOverride) {
      Take();
      rule.is_override = true;
    }
    Expect(Tok::kRule);
    const Token& name = ExpectName();
    SetText(rule.name, Text(name));
    rule.name_span = Span(name);
    Expect(Tok::kLParen);
    if (Peek() != Tok::kRParen) {
      while (true) {
        ast::Param param;
        const Token& param_name = ExpectName();
        SetText(param.name, Text(param_name));
        param.span = Span(param_name);
        if (Peek() == Tok::kColon) {
          Take();
          SetText(param.type_name, Text(ExpectName()));
        }
        rule.params.push_back(std::move(param));
        if (Peek() != Tok::kComma) break;
        Take();
      }
    }
    Expect(Tok::kRParen);
    if (Peek() == Tok::kColon) {
      Take();
      SetText(rule.result_name, Text(ExpectName()));
    }
    Expect(Tok::kAssign);
    Parsed body = Expr(0);
    rule.body = std::move(body.node);
    rule.span = Span(begin, body.end);
    return rule;
  }

  Parsed Make(ast::ExprKind kind, uint32_t begin, uint32_t end) {
    // Default-initialized: every member of Expr has its initializer, so nothing is zeroed twice.
    ast::ExprPtr node(new ast::Expr);
    node->kind = kind;
    node->span = Span(begin, end);
    return {std::move(node), begin, end};
  }

  // expr[rank]: a prefix expression or primary, then every suffix and binary operator whose
  // alternative ranks at least `rank` (ANTLR's precpred), right operands at the rank passed down.
  Parsed Expr(int rank) {
    Parsed left = Prefix();
    while (true) {
      Tok kind = Peek();
      if (kind == Tok::kDot) {  // kMemberRank is above any rank passed down
        Take();
        const Token& field = ExpectName();
        bool call = Peek() == Tok::kLParen;
        uint32_t end = field.end;
        size_t mark = pending_.size();
        pending_.push_back(std::move(left.node));
        if (call) end = Args();
        Parsed member = Make(ast::ExprKind::kMember, left.begin, end);
        SetText(member.node->text, Text(field));
        member.node->member_call = call;
        member.node->operands = TakePending(mark);
        left = std::move(member);
        continue;
      }
      if (kind == Tok::kLBracket) {  // kIndexRank too
        Take();
        Parsed index = Expr(0);
        uint32_t end = Expect(Tok::kRBracket).end;
        Parsed node = Make(ast::ExprKind::kIndex, left.begin, end);
        SetOperands(*node.node, std::move(left.node), std::move(index.node));
        left = std::move(node);
        continue;
      }
      int op_rank = BinaryRank(kind);
      if (op_rank == 0 || op_rank < rank) break;
      const Token& op = Take();
      Parsed right = Expr(kind == Tok::kCaret ? op_rank : op_rank + 1);
      Parsed node = Make(ast::ExprKind::kBinary, left.begin, right.end);
      SetText(node.node->text, Text(op));
      SetOperands(*node.node, std::move(left.node), std::move(right.node));
      left = std::move(node);
    }
    return left;
  }

  // '(' (expr (',' expr)*)? ')' onto the pending nodes; the ')' token's end.
  uint32_t Args() {
    Expect(Tok::kLParen);
    if (Peek() != Tok::kRParen) {
      while (true) {
        pending_.push_back(Expr(0).node);
        if (Peek() != Tok::kComma) break;
        Take();
      }
    }
    return Expect(Tok::kRParen).end;
  }

  Parsed Unary(int rank) {
    const Token& op = Take();
    Parsed operand = Expr(rank);
    Parsed node = Make(ast::ExprKind::kUnary, op.begin, operand.end);
    SetText(node.node->text, Text(op));
    SetOperands(*node.node, std::move(operand.node));
    return node;
  }

  Parsed Prefix() {
    const Token& first = tokens_[at_];
    switch (first.kind) {
      case Tok::kMinus:
      case Tok::kPlus:
        return Unary(kSignRank);
      case Tok::kNot:
        return Unary(kNotRank);
      case Tok::kIf: {
        Take();
        Parsed cond = Expr(0);
        Expect(Tok::kThen);
        Parsed yes = Expr(0);
        Expect(Tok::kElse);
        Parsed no = Expr(kIfRank);
        Parsed node = Make(ast::ExprKind::kIf, first.begin, no.end);
        SetOperands(*node.node, std::move(cond.node), std::move(yes.node), std::move(no.node));
        return node;
      }
      case Tok::kLet: {
        Take();
        const Token& name = ExpectName();
        Expect(Tok::kAssign);
        Parsed value = Expr(0);
        Expect(Tok::kIn);
        Parsed body = Expr(kLetRank);
        Parsed node = Make(ast::ExprKind::kLet, first.begin, body.end);
        SetText(node.node->text, Text(name));
        SetOperands(*node.node, std::move(value.node), std::move(body.node));
        return node;
      }
      case Tok::kNumber: {
        Take();
        const Token* unit = Peek() == Tok::kUnit ? &Take() : nullptr;
        Parsed node = Make(ast::ExprKind::kNumber, first.begin, unit != nullptr ? unit->end : first.end);
        node.node->number = Number(first);
        if (unit != nullptr) SetText(node.node->unit, Text(*unit));
        return node;
      }
      case Tok::kTrue:
      case Tok::kFalse: {
        Take();
        Parsed node = Make(ast::ExprKind::kBool, first.begin, first.end);
        node.node->boolean = first.kind == Tok::kTrue;
        return node;
      }
      case Tok::kString: {
        Take();
        Parsed node = Make(ast::ExprKind::kText, first.begin, first.end);
        node.node->text = Unquote(Text(first));
        return node;
      }
      case Tok::kIdent:
      case Tok::kUnit: {
        Take();
        if (Peek() != Tok::kLParen) {
          Parsed node = Make(ast::ExprKind::kName, first.begin, first.end);
          SetText(node.node->text, Text(first));
          return node;
        }
        size_t mark = pending_.size();
        uint32_t end = Args();
        Parsed node = Make(ast::ExprKind::kCall, first.begin, end);
        SetText(node.node->text, Text(first));
        node.node->operands = TakePending(mark);
        return node;
      }
      case Tok::kLParen: {
        Take();
        Parsed inner = Expr(0);
        uint32_t end = Expect(Tok::kRParen).end;
        return {std::move(inner.node), first.begin, end};
      }
      case Tok::kLBracket:
        return List();
      default:
        throw Unsure{};
    }
  }

  // '[' (entry (',' entry)*)? ','? ']' with entry : expr ('if' expr)?
  Parsed List() {
    const Token& open = Take();
    size_t mark = pending_.size();  // each entry's value, then its condition or null
    if (Peek() == Tok::kComma) {
      Take();
    } else {
      while (Peek() != Tok::kRBracket) {
        pending_.push_back(Expr(0).node);
        pending_.push_back(Peek() == Tok::kIf ? (Take(), Expr(0).node) : nullptr);
        if (Peek() != Tok::kComma) break;
        Take();
      }
    }
    uint32_t end = Expect(Tok::kRBracket).end;
    Parsed node = Make(ast::ExprKind::kList, open.begin, end);
    size_t entries = (pending_.size() - mark) / 2;
    node.node->operands.reserve(entries);
    node.node->conditions.reserve(entries);
    for (size_t i = mark; i < pending_.size(); i += 2) {
      node.node->operands.push_back(std::move(pending_[i]));
      node.node->conditions.push_back(std::move(pending_[i + 1]));
    }
    pending_.resize(mark);
    return node;
  }

  // `node`'s operands, in a vector of their number.
  template <typename... Operands>
  static void SetOperands(ast::Expr& node, Operands&&... operands) {
    node.operands.reserve(sizeof...(operands));
    (node.operands.push_back(std::forward<Operands>(operands)), ...);
  }

  // The pending nodes from `mark` on, taken off the stack into a list of their number.
  ast::ExprList TakePending(size_t mark) {
    ast::ExprList taken;
    taken.reserve(pending_.size() - mark);
    for (size_t i = mark; i < pending_.size(); ++i) taken.push_back(std::move(pending_[i]));
    pending_.resize(mark);
    return taken;
  }

  const SourceFile& file_;
  std::string_view text_;
  std::vector<Token> tokens_;
  size_t at_ = 0;
  // Nodes parsed for a node not yet made (a call's arguments, a list's entries), innermost last,
  // so that each node's operands are allocated once at their number.
  std::vector<ast::ExprPtr> pending_;
};

}  // namespace

std::optional<ast::Manifest> FastParseManifest(const SourceFile& file) {
  if (file.text().size() >= UINT32_MAX) return std::nullopt;
  try {
    Lexed lexed = Lex<true>(file.text(), file.checked());
    Parser parser(file, std::move(lexed.tokens));
    return parser.ManifestOnly();
  } catch (const Unsure&) {
    return std::nullopt;
  }
}

std::optional<ast::RulesFile> FastParseRulesFile(const SourceFile& file) {
  if (file.text().size() >= UINT32_MAX) return std::nullopt;
  try {
    Lexed lexed = Lex(file.text(), file.checked());
    // Only a file whose tokens could raise the estimate past the limit is walked for it.
    if (lexed.most_raises + kDepthMargin > limits::kMaxRulesDepth && MayBeTooDeep(lexed.tokens)) return std::nullopt;
    Parser parser(file, std::move(lexed.tokens));
    return parser.File(lexed.rules);
  } catch (const Unsure&) {
    return std::nullopt;
  }
}

}  // namespace rulecraft::parse
