/**
 * Linear-time markup stripping for content_ingest. Regular expressions
 * such as `<[^>]+>` or `\[([^\]]+)\]` rescan the rest of the input from
 * every opener that has no closer, which made a 64 KB document take
 * seconds (issue 17). Here every search for a closer goes through a
 * {@link Finder}, which remembers its last answer, so the scans over one
 * text add up to a constant number of passes however many openers lack
 * a closer.
 */

/** indexOf with memory: a needle's next position is found once per stretch of text. */
export class Finder {
  private readonly found = new Map<string, { from: number; at: number }>();
  constructor(private readonly text: string) {}

  /** The first position >= `from` where `needle` starts, or -1. */
  next(needle: string, from: number): number {
    const last = this.found.get(needle);
    // The last answer holds for any start between its search start and its hit.
    if (last && last.from <= from && (last.at === -1 || last.at >= from)) return last.at;
    const at = this.text.indexOf(needle, from);
    this.found.set(needle, { from, at });
    return at;
  }
}

/** The text with ASCII letters lowercased and every index kept (toLowerCase may change lengths). */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

const RAW_ELEMENTS = new Set(["script", "style", "noscript", "template", "svg", "head"]);
const BLOCK_ELEMENTS = new Set(["p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "tr", "table", "blockquote", "pre", "br", "hr"]);

/** The tag name that starts at `at` (just after `<` or `</`), lowercased. */
function tagNameAt(lower: string, at: number): string {
  let end = at;
  while (end < lower.length && /[a-z0-9]/.test(lower[end]!)) end++;
  return lower.slice(at, end);
}

/**
 * HTML with comments, raw-text elements (script, style, head ...) and tags
 * removed: block tags become blank lines, other tags a space. Entities are
 * left for the caller to decode. A `<` that never closes stays as text.
 * Inside a title (`inline`), tags simply vanish: "The <em>Real</em> Title".
 */
export function stripHtml(html: string, inline = false): string {
  const lower = asciiLower(html);
  const find = new Finder(lower);
  const out: string[] = [];
  let copied = 0;
  let at = find.next("<", 0);
  while (at !== -1) {
    let resume = -1;
    let replacement = inline ? "" : " ";
    if (lower.startsWith("<!--", at)) {
      const close = find.next("-->", at + 4);
      // An unclosed comment runs to the end, as browsers read it.
      resume = close === -1 ? html.length : close + 3;
    } else {
      const closing = lower[at + 1] === "/";
      const name = tagNameAt(lower, at + (closing ? 2 : 1));
      const gt = find.next(">", at + 1);
      const isTag = gt !== -1 && (name !== "" || /[!?/]/.test(lower[at + 1] ?? ""));
      if (isTag) {
        resume = gt + 1;
        if (!inline && BLOCK_ELEMENTS.has(name)) replacement = "\n\n";
        if (!closing && RAW_ELEMENTS.has(name)) {
          const end = closeOf(lower, find, name, gt + 1);
          if (end !== -1) resume = end;
        }
      }
    }
    if (resume === -1) {
      at = find.next("<", at + 1);
      continue;
    }
    out.push(html.slice(copied, at), replacement);
    copied = resume;
    at = find.next("<", resume);
  }
  out.push(html.slice(copied));
  return out.join("");
}

/** Where the content of a raw-text element opened before `from` ends (after its `</name ... >`), or -1. */
function closeOf(lower: string, find: Finder, name: string, from: number): number {
  let at = find.next(`</${name}`, from);
  while (at !== -1) {
    const after = at + 2 + name.length;
    // `</scripts>` is not `</script>`: the name must end there.
    if (!/[a-z0-9]/.test(lower[after] ?? "")) {
      const gt = find.next(">", after);
      return gt === -1 ? -1 : gt + 1;
    }
    at = find.next(`</${name}`, at + 1);
  }
  return -1;
}

/** The text of the first element `name` (e.g. "title", "h1"), tags inside removed, or undefined. */
export function elementText(html: string, name: string): string | undefined {
  const lower = asciiLower(html);
  const find = new Finder(lower);
  let at = find.next(`<${name}`, 0);
  while (at !== -1) {
    const after = at + 1 + name.length;
    if (!/[a-z0-9]/.test(lower[after] ?? "")) {
      const gt = find.next(">", after);
      if (gt === -1) return undefined;
      const close = find.next(`</${name}>`, gt + 1);
      return close === -1 ? undefined : stripHtml(html.slice(gt + 1, close), true);
    }
    at = find.next(`<${name}`, at + 1);
  }
  return undefined;
}

/** Markdown links and images reduced to their text: `[text](url)` and `![alt](src)`. */
export function unlinkMarkdown(md: string): string {
  const find = new Finder(md);
  const out: string[] = [];
  let copied = 0;
  let at = find.next("[", 0);
  while (at !== -1) {
    const image = at > 0 && md[at - 1] === "!";
    const close = find.next("]", at + 1);
    const hasText = close !== -1 && (image || close > at + 1);
    const end = hasText && md[close + 1] === "(" ? find.next(")", close + 2) : -1;
    if (end === -1) {
      at = find.next("[", at + 1);
      continue;
    }
    const start = image ? at - 1 : at;
    out.push(md.slice(copied, start), md.slice(at + 1, close));
    copied = end + 1;
    at = find.next("[", end + 1);
  }
  out.push(md.slice(copied));
  return out.join("");
}

const EMPHASIS = ["**", "__", "*", "_", "`"] as const;
const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/**
 * Emphasis and code markers removed from one line: `**b**`, `_i_`, `` `c` ``.
 * A span opens on a marker followed by a non-space and closes on the first
 * same marker after a non-space; unclosed markers stay.
 */
export function unemphasizeLine(line: string): string {
  // Closers depend only on their own position, so each marker's next
  // closer is remembered and the line is read once per marker.
  const nextCloser = new Map<string, { from: number; at: number }>();
  const closerFrom = (marker: string, from: number): number => {
    const last = nextCloser.get(marker);
    if (last && last.from <= from && (last.at === -1 || last.at >= from)) return last.at;
    let at = line.indexOf(marker, from);
    while (at !== -1 && isSpace(line[at - 1])) at = line.indexOf(marker, at + 1);
    nextCloser.set(marker, { from, at });
    return at;
  };
  const out: string[] = [];
  let copied = 0;
  let i = 0;
  while (i < line.length) {
    let matched = false;
    for (const marker of EMPHASIS) {
      if (!line.startsWith(marker, i) || isSpace(line[i + marker.length])) continue;
      const close = closerFrom(marker, i + marker.length + 1);
      if (close === -1) continue;
      out.push(line.slice(copied, i), line.slice(i + marker.length, close));
      copied = i = close + marker.length;
      matched = true;
      break;
    }
    if (!matched) i++;
  }
  out.push(line.slice(copied));
  return out.join("");
}
