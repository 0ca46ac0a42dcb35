import { isMap, isScalar, LineCounter, parseDocument, type Document, type Node } from "yaml";
import { checkSettings, fieldName, type SettingIssue } from "./validate.js";
import type { AgentSettings } from "./schema.js";

/** A settings file that cannot be used; `message` has one `file:line: field: what` line per problem. */
export class AgentSettingsError extends Error {
  override readonly name = "AgentSettingsError";
  constructor(
    readonly file: string,
    readonly problems: ReadonlyArray<{ line: number; field: string; message: string }>,
  ) {
    super(problems.map((p) => `${file}:${p.line}: ${p.field ? `${p.field}: ` : ""}${p.message}`).join("\n"));
  }
}

/** A settings file as read: the settings, and the line each one was written on (by dotted field). */
export interface SettingsFile {
  readonly file: string;
  readonly settings: AgentSettings;
  /** Line of each setting, by field name as {@link fieldName} writes it (leaves and sections). */
  readonly lines: ReadonlyMap<string, number>;
}

/**
 * Parses an agent settings file: YAML, or JSON (which YAML reads too).
 * Syntax errors and every setting the schema refuses are reported together,
 * each as `file:line: field: what is wrong`.
 */
export function parseSettingsFile(text: string, file: string): SettingsFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length) {
    throw new AgentSettingsError(
      file,
      doc.errors.map((e) => ({ line: lineCounter.linePos(e.pos[0]).line, field: "", message: e.message.split("\n")[0]! })),
    );
  }
  const value: unknown = doc.toJS() ?? {};
  const checked = checkSettings(value);
  if (!checked.settings) {
    throw new AgentSettingsError(
      file,
      checked.issues.map((i) => ({ line: lineOf(doc, lineCounter, i), field: fieldName(i.path), message: i.message })).sort((a, b) => a.line - b.line),
    );
  }
  return { file, settings: checked.settings, lines: settingLines(doc, lineCounter) };
}

/** The line of the node an issue is about: the value, the key for an unknown key, else the nearest enclosing node. */
function lineOf(doc: Document, counter: LineCounter, issue: SettingIssue): number {
  for (let n = issue.path.length; n >= 0; n--) {
    const path = issue.path.slice(0, n);
    const key = keyNode(doc, path);
    const node = key ?? (doc.getIn(path, true) as Node | undefined);
    if (node?.range) return counter.linePos(node.range[0]).line;
  }
  return 1;
}

/** The key node of the last path element, when its parent is a mapping (an unknown key has no value worth pointing at). */
function keyNode(doc: Document, path: readonly (string | number)[]): Node | undefined {
  if (path.length === 0) return undefined;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(path[path.length - 1]));
  return pair && isScalar(pair.key) ? pair.key : undefined;
}

/** Every key of the document with its line, by dotted field name. */
function settingLines(doc: Document, counter: LineCounter): Map<string, number> {
  const lines = new Map<string, number>();
  const walk = (node: unknown, path: (string | number)[]) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      if (!isScalar(pair.key) || !pair.key.range) continue;
      const p = [...path, String(pair.key.value)];
      lines.set(fieldName(p), counter.linePos(pair.key.range[0]).line);
      walk(pair.value, p);
    }
  };
  walk(doc.contents, []);
  return lines;
}
