#include "dsl/check/layers.h"

#include <string_view>

#include <fmt/format.h>

#include "base/suggest.h"

namespace rulecraft::check {
namespace {

// Where each rule of the module was defined.
struct Origin {
  int layer = 0;
  std::string_view layer_name;  // the LayeredFile's, which outlives the merge
};

// The note that points at the rule an override replaces.
DiagnosticNote ReplacedNote(const ast::Rule& parent, const Origin& origin) {
  return {parent.name_span,
          fmt::format("the rule it overrides, defined by '{}'", origin.layer_name)};
}

std::string ParamList(const ast::Rule& rule) {
  std::string text;
  for (const ast::Param& param : rule.params) {
    text += (text.empty() ? "" : ", ") + param.name +
            (param.type_name.empty() ? "" : ": " + param.type_name);
  }
  return text;
}

// Checks that an override takes what the rule it replaces takes and gives what it gives, as
// far as both declare it; fills in the types the override leaves out from the parent's.
// False (with an error at the override) when they differ.
bool TakeSignature(ast::Rule& rule, const ast::Rule& parent, const Origin& origin,
                   Diagnostics& diagnostics) {
  auto error = [&](const SourceSpan& span, std::string message) {
    Diagnostic& diagnostic = diagnostics.Error("override-signature", span, std::move(message));
    diagnostic.notes.push_back(ReplacedNote(parent, origin));
  };
  if (rule.params.size() != parent.params.size()) {
    error(rule.name_span,
          fmt::format(
              "override '{}' must take the {} parameter(s) of the rule it replaces ({}), not {}",
              rule.name, parent.params.size(), ParamList(parent), rule.params.size()));
    return false;
  }
  bool same = true;
  for (size_t i = 0; i < rule.params.size(); ++i) {
    ast::Param& param = rule.params[i];
    const std::string& expected = parent.params[i].type_name;
    if (param.type_name.empty()) {
      param.type_name = expected;
    } else if (!expected.empty() && param.type_name != expected) {
      error(param.span,
            fmt::format(
                "parameter {} of override '{}' must be a {}, as in the rule it replaces, not a {}",
                i + 1, rule.name, expected, param.type_name));
      same = false;
    }
  }
  if (rule.result_name.empty()) {
    rule.result_name = parent.result_name;
  } else if (!parent.result_name.empty() && rule.result_name != parent.result_name) {
    error(rule.name_span,
          fmt::format("override '{}' must give a {}, as the rule it replaces does, not a {}",
                      rule.name, parent.result_name, rule.result_name));
    same = false;
  }
  return same;
}

// The rules of earlier layers an override might have meant.
std::vector<std::string> InheritedNames(const Module& module) {
  std::vector<std::string> names;
  for (const ast::Rule& rule : module.rules) {
    if (rule.written_name.empty()) names.push_back(rule.name);
  }
  return names;
}

// A name no rule has, for the replaced rule kept for super(): `dnd35.may_enter`.
std::string KeptName(const Module& module, const Origin& origin, const std::string& name) {
  std::string base = origin.layer_name.empty() ? fmt::format("layer{}.{}", origin.layer, name)
                                               : fmt::format("{}.{}", origin.layer_name, name);
  std::string kept = base;
  for (int n = 2; module.Find(kept) >= 0; ++n) kept = fmt::format("{}.{}", base, n);
  return kept;
}

}  // namespace

Module MergeLayers(std::vector<LayeredFile>& files, Diagnostics& diagnostics) {
  Module module;
  size_t most = 0;  // each rule, and the parent an override keeps
  for (const LayeredFile& layered : files) {
    for (const ast::Rule& rule : layered.file.rules) most += rule.is_override ? 2 : 1;
  }
  module.Reserve(most);
  std::vector<Origin> origins;
  origins.reserve(most);
  for (LayeredFile& layered : files) {
    std::vector<std::string> inherited;  // filled once per file, when an override needs it
    for (ast::Rule& rule : layered.file.rules) {
      int existing = module.Find(rule.name);
      if (existing >= 0 && origins[static_cast<size_t>(existing)].layer == layered.layer) {
        Diagnostic& error = diagnostics.Error("duplicate-name", rule.name_span,
                                              fmt::format("rule '{}' is defined twice", rule.name));
        error.notes.push_back(
            {module.rules[static_cast<size_t>(existing)].name_span, "first defined here"});
        continue;
      }
      if (existing < 0) {
        if (rule.is_override) {
          Diagnostic& error =
              diagnostics.Error("overrides-nothing", rule.name_span,
                                fmt::format("override rule '{}' overrides nothing: no ruleset or "
                                            "module below '{}' defines '{}'",
                                            rule.name, layered.layer_name, rule.name));
          if (inherited.empty()) inherited = InheritedNames(module);
          SuggestName(error, rule.name, inherited);
        }
        module.Add(std::move(rule));
        origins.push_back({layered.layer, layered.layer_name});
        continue;
      }
      size_t index = static_cast<size_t>(existing);
      const Origin parent_origin = origins[index];
      if (!rule.is_override) {
        Diagnostic& error = diagnostics.Error(
            "missing-override", rule.name_span,
            fmt::format(
                "rule '{}' is already defined by '{}': write 'override rule {}' to replace it",
                rule.name, parent_origin.layer_name, rule.name));
        error.notes.push_back(ReplacedNote(module.rules[index], parent_origin));
      }
      if (!TakeSignature(rule, module.rules[index], parent_origin, diagnostics)) continue;
      ast::Rule parent = std::move(module.rules[index]);
      parent.written_name = parent.WrittenName();
      parent.name = KeptName(module, parent_origin, parent.written_name);
      rule.replaces = parent.name;
      module.rules[index] = std::move(rule);
      origins[index] = {layered.layer, layered.layer_name};
      module.Add(std::move(parent));
      origins.push_back(parent_origin);
    }
  }
  return module;
}

}  // namespace rulecraft::check
