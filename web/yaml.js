// YAML for scenarios, both ways: a writer in the style of examples/*.yaml (block mappings at the
// top, small values in flow style) and a reader of the YAML scenarios are written in — block
// mappings and sequences, flow [..] and {..}, plain, single- and double-quoted scalars, comments.
// Anchors, tags and multi-line scalars are refused with the line they are on.

const kFlowWidth = 100;  // a value whose flow form is at most this long is written on one line
const kBlockKeys = new Set(["rows", "edges", "creatures", "queries"]);  // lists written one item a line

function isPlainSafe(text) {
  return /^[A-Za-z_][A-Za-z0-9_ .\-]*$/.test(text) && !/^(true|false|null|yes|no|on|off|~)$/i.test(text) &&
    !/\s$/.test(text);
}

function flow(value) {
  if (Array.isArray(value)) return "[" + value.map(flow).join(", ") + "]";
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${scalar(key)}: ${flow(item)}`);
    return "{ " + entries.join(", ") + " }";
  }
  return scalar(value);
}

function scalar(value) {
  if (typeof value === "string") return isPlainSafe(value) ? value : JSON.stringify(value);
  if (value === null || value === undefined) return "null";
  return String(value);
}

function block(value, indent) {
  const pad = " ".repeat(indent);
  if (Array.isArray(value)) {
    return value.map((item) => {
      const short = flow(item);
      if (short.length + indent + 2 <= kFlowWidth || item === null || typeof item !== "object") return `${pad}- ${short}\n`;
      return `${pad}-\n` + block(item, indent + 2);
    }).join("");
  }
  return Object.entries(value).map(([key, item]) => {
    const short = flow(item);
    const fits = short.length + indent + key.length + 2 <= kFlowWidth && !(kBlockKeys.has(key) && item.length > 0);
    if (item === null || typeof item !== "object" || fits) {
      return `${pad}${scalar(key)}: ${short}\n`;
    }
    return `${pad}${scalar(key)}:\n` + block(item, indent + 2);
  }).join("");
}

/** The YAML text of a JSON-like value (an object at the top). */
export function writeYaml(value) {
  return block(value, 0);
}

/** A reading error, with the 1-based line it is on. */
export class YamlError extends Error {
  constructor(message, line) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}

// The text of a line without its comment (a `#` after a space or at the start, outside quotes).
function withoutComment(text) {
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i);
    }
  }
  return text;
}

function plainValue(text) {
  if (/^(null|~)?$/.test(text)) return null;
  if (/^(true|false)$/.test(text)) return text === "true";
  if (/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(text)) return Number(text);
  return text;
}

// Reads one flow value ([..], {..} or a scalar) of `text` from `at`; returns [value, next index].
function readFlow(text, at, line) {
  const skip = (i) => { while (i < text.length && /\s/.test(text[i])) i++; return i; };
  at = skip(at);
  const c = text[at];
  if (c === "[" || c === "{") {
    const close = c === "[" ? "]" : "}";
    const result = c === "[" ? [] : {};
    at = skip(at + 1);
    while (text[at] !== close) {
      if (at >= text.length) throw new YamlError(`'${c}' is not closed`, line);
      let item;
      [item, at] = readFlow(text, at, line);
      at = skip(at);
      if (c === "{") {
        if (text[at] !== ":") throw new YamlError(`expected ':' after key '${item}'`, line);
        let valueOf;
        [valueOf, at] = readFlow(text, at + 1, line);
        result[String(item)] = valueOf;
        at = skip(at);
      } else {
        result.push(item);
      }
      if (text[at] === ",") at = skip(at + 1);
      else if (text[at] !== close) throw new YamlError(`expected ',' or '${close}'`, line);
    }
    return [result, at + 1];
  }
  if (c === '"' || c === "'") return readQuoted(text, at, line);
  let end = at;
  while (end < text.length && !",]}".includes(text[end]) && !(text[end] === ":" && /[\s,\]}]|^$/.test(text[end + 1] ?? ""))) end++;
  return [plainValue(text.slice(at, end).trim()), end];
}

function readQuoted(text, at, line) {
  const quote = text[at];
  let out = "";
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (quote === "'" && c === "'" && text[i + 1] === "'") { out += "'"; i++; continue; }
    if (c === quote) return [out, i + 1];
    if (quote === '"' && c === "\\") {
      const escaped = text[++i];
      out += { n: "\n", t: "\t", '"': '"', "\\": "\\", "/": "/" }[escaped] ?? escaped;
      continue;
    }
    out += c;
  }
  throw new YamlError("a quoted string is not closed", line);
}

// A scalar or flow value written after `key:` or `- `.
function inlineValue(text, line) {
  if (/^[&*!|>]/.test(text)) throw new YamlError("anchors, aliases, tags and block scalars are not read here", line);
  const [value, end] = readFlow(text, 0, line);
  if (text.slice(end).trim() !== "") throw new YamlError(`unexpected '${text.slice(end).trim()}'`, line);
  return value;
}

// Where `key: value` splits: the first ': ' (or final ':') outside quotes and brackets.
function splitKey(text) {
  let quote = null;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === quote) quote = null; continue; }
    if (c === '"' || c === "'") quote = c;
    else if ("[{".includes(c)) depth++;
    else if ("]}".includes(c)) depth--;
    else if (c === ":" && depth === 0 && (i + 1 === text.length || /\s/.test(text[i + 1]))) return i;
  }
  return -1;
}

/** The value of a YAML document (the subset scenarios are written in); throws YamlError. */
export function readYaml(text) {
  const lines = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.includes("\t") && /^\s*\t/.test(raw)) throw new YamlError("a tab indents this line", index + 1);
    const content = withoutComment(raw).replace(/\s+$/, "");
    if (content.trim() === "" || content.trim() === "---") return;
    lines.push({ indent: content.length - content.trimStart().length, text: content.trim(), line: index + 1 });
  });
  let next = 0;

  // The block whose lines are indented exactly `indent`.
  function readBlock(indent) {
    const first = lines[next];
    if (first.text.startsWith("- ") || first.text === "-") return readSequence(indent);
    return readMapping(indent);
  }

  function readNested(parentIndent, line) {
    if (next < lines.length && lines[next].indent > parentIndent) return readBlock(lines[next].indent);
    return null;
  }

  function readSequence(indent) {
    const result = [];
    while (next < lines.length && lines[next].indent === indent && (lines[next].text.startsWith("- ") || lines[next].text === "-")) {
      const entry = lines[next];
      const rest = entry.text.slice(1).trim();
      if (rest === "") {
        next++;
        result.push(readNested(indent, entry.line));
      } else if (splitKey(rest) > 0 && !/^[\[{"']/.test(rest)) {
        // `- key: value` opens a mapping whose other keys line up with `key`.
        entry.indent = indent + (entry.text.length - rest.length);
        entry.text = rest;
        result.push(readMapping(entry.indent));
      } else {
        next++;
        result.push(inlineValue(rest, entry.line));
      }
    }
    return result;
  }

  function readMapping(indent) {
    const result = {};
    while (next < lines.length && lines[next].indent === indent) {
      const entry = lines[next];
      const cut = splitKey(entry.text);
      if (cut < 0) throw new YamlError(`expected 'key: value', found '${entry.text}'`, entry.line);
      const keyText = entry.text.slice(0, cut).trim();
      const key = /^["']/.test(keyText) ? readQuoted(keyText, 0, entry.line)[0] : keyText;
      const rest = entry.text.slice(cut + 1).trim();
      next++;
      if (rest !== "") {
        result[key] = inlineValue(rest, entry.line);
      } else if (next < lines.length && lines[next].indent === indent && lines[next].text.startsWith("-")) {
        result[key] = readSequence(indent);  // a sequence may sit at its key's own indent
      } else {
        result[key] = readNested(indent, entry.line);
      }
    }
    if (next < lines.length && lines[next].indent > indent) {
      throw new YamlError("this line is indented more than the lines before it", lines[next].line);
    }
    return result;
  }

  if (lines.length === 0) return null;
  const value = readBlock(lines[0].indent);
  if (next < lines.length) throw new YamlError("this line is indented less than the document", lines[next].line);
  return value;
}
