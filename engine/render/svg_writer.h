// Writing one SVG document as text: elements, attributes and text, escaped as XML requires.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rulecraft::render {

// An element's attributes, written in this order.
using Attributes = std::vector<std::pair<std::string, std::string>>;

// A length in pixels as SVG text: at most two decimals, no trailing zeros ("12.5", "40").
std::string Px(double pixels);

// `text` made safe inside an XML attribute or element: markup characters escaped, control
// characters XML forbids replaced by '?'.
std::string EscapeXml(std::string_view text);

// Builds an SVG document element by element; groups nest; its size is given when it is finished.
class SvgWriter {
 public:
  // Opens an element that holds others (<g>, <defs>, <pattern>); Close() ends it.
  void Open(std::string_view name, const Attributes& attributes = {});
  // Ends the element opened last.
  void Close();
  // Writes an element without content, such as <rect …/>.
  void Empty(std::string_view name, const Attributes& attributes);
  // Writes an element holding `text`, such as <text …>valeros</text>.
  void WithText(std::string_view name, const Attributes& attributes, std::string_view text);
  // Closes every open element and returns the whole document, `width` × `height` pixels with
  // `title` as its <title>.
  std::string Finish(double width, double height, std::string_view title);

 private:
  void StartTag(std::string_view name, const Attributes& attributes);
  void Indent();

  std::string body_;
  std::vector<std::string> open_;
};

}  // namespace rulecraft::render
