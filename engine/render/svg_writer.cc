#include "render/svg_writer.h"

#include <fmt/format.h>

namespace rulecraft::render {

std::string Px(double pixels) {
  std::string text = fmt::format("{:.2f}", pixels);
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

std::string EscapeXml(std::string_view text) {
  std::string escaped;
  escaped.reserve(text.size());
  for (char character : text) {
    switch (character) {
      case '&': escaped += "&amp;"; break;
      case '<': escaped += "&lt;"; break;
      case '>': escaped += "&gt;"; break;
      case '"': escaped += "&quot;"; break;
      case '\'': escaped += "&apos;"; break;
      default: {
        auto byte = static_cast<unsigned char>(character);
        bool forbidden = byte < 0x20 && character != '\t' && character != '\n' && character != '\r';
        escaped += forbidden ? '?' : character;
      }
    }
  }
  return escaped;
}

void SvgWriter::Indent() { body_.append(2 * (open_.size() + 1), ' '); }

void SvgWriter::StartTag(std::string_view name, const Attributes& attributes) {
  Indent();
  body_ += '<';
  body_ += name;
  for (const auto& [attribute, value] : attributes) {
    body_ += fmt::format(" {}=\"{}\"", attribute, EscapeXml(value));
  }
}

void SvgWriter::Open(std::string_view name, const Attributes& attributes) {
  StartTag(name, attributes);
  body_ += ">\n";
  open_.emplace_back(name);
}

void SvgWriter::Close() {
  if (open_.empty()) return;
  std::string name = std::move(open_.back());
  open_.pop_back();
  Indent();
  body_ += "</" + name + ">\n";
}

void SvgWriter::Empty(std::string_view name, const Attributes& attributes) {
  StartTag(name, attributes);
  body_ += "/>\n";
}

void SvgWriter::WithText(std::string_view name, const Attributes& attributes, std::string_view text) {
  StartTag(name, attributes);
  body_ += '>';
  body_ += EscapeXml(text);
  body_ += "</";
  body_ += name;
  body_ += ">\n";
}

std::string SvgWriter::Finish(double width, double height, std::string_view title) {
  while (!open_.empty()) Close();
  std::string document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  document += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\">\n",
      Px(width), Px(height));
  document += "  <title>" + EscapeXml(title) + "</title>\n";
  document += body_;
  document += "</svg>\n";
  return document;
}

}  // namespace rulecraft::render
