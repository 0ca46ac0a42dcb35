import { describe, expect, it } from "vitest";
import { chunkText, formatOf, isaStatements, plainText, titleOf } from "../src/tools/documents.js";
import { nextRun } from "../src/tools/jobs.js";
import { parseSExpr } from "../src/tools/reason.js";
import { busErrorOf } from "./fixtures/bus-error.js";

describe("s-expressions", () => {
  it("reason - nested lists parse into nested arrays", () => {
    expect(parseSExpr("(and (is_a cat mammal) (not (has cat wings)))")).toEqual(["and", ["is_a", "cat", "mammal"], ["not", ["has", "cat", "wings"]]]);
  });

  it("reason - a bare atom and an empty list parse", () => {
    expect(parseSExpr("  cat  ")).toBe("cat");
    expect(parseSExpr("( )")).toEqual([]);
  });

  it("reason - quoted atoms keep spaces and parentheses, and unescape", () => {
    expect(parseSExpr('(triple "New York" is_a "city (large)")')).toEqual(["triple", "New York", "is_a", "city (large)"]);
    expect(parseSExpr('("say \\"hi\\"" "back\\\\slash" "")')).toEqual(['say "hi"', "back\\slash", ""]);
  });

  it("reason - whitespace of any kind separates atoms", () => {
    expect(parseSExpr("(a\n\tb\r\nc)")).toEqual(["a", "b", "c"]);
    expect(parseSExpr('(a"b c"d)')).toEqual(["a", "b c", "d"]);
  });

  it.each([
    ["(a (b c)", "missing ')'", 8],
    ["(a b", "missing ')'", 4],
    [")", "unexpected ')'", 0],
    ["(a ))", "text after the first complete expression", 4],
    ["(a) (b)", "text after the first complete expression", 4],
    ["(a) b", "text after the first complete expression", 4],
    ["", "unexpected end", 0],
    ["   ", "unexpected end", 3],
    ['(a "open)', "unterminated string", 3],
  ])("reason - %j is refused: %s at offset %i", (text, why, offset) => {
    const err = busErrorOf(() => parseSExpr(text));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toBe(`expression: ${why} at offset ${offset}`);
  });
});

describe("documents", () => {
  it("documents - formatOf reads the content type first, then the extension", () => {
    expect(formatOf("page.HTML")).toBe("html");
    expect(formatOf("page.xhtml")).toBe("html");
    expect(formatOf("page.htm")).toBe("html");
    expect(formatOf("readme", "text/html; charset=utf-8")).toBe("html");
    expect(formatOf("notes.md")).toBe("markdown");
    expect(formatOf("notes.markdown")).toBe("markdown");
    expect(formatOf("x", "text/markdown")).toBe("markdown");
    expect(formatOf("notes.txt")).toBe("text");
    expect(formatOf("html.txt")).toBe("text");
  });

  const html = [
    "<!doctype html><html><head><title>Tom &amp; Jerry</title>",
    "<style>p { color: red } .secret-style {}</style>",
    "<script>var secret = '<p>in script</p>';</script></head>",
    "<body><h1>Cats &lt;3</h1>",
    "<p>A cat is a mammal.&nbsp;It&#39;s &#x263A; &mdash; nice &unknown;.</p>",
    "<!-- a comment <p>hidden</p> -->",
    "<noscript>enable js</noscript>",
    "<ul><li>one</li><li>two <b>bold</b></li></ul>",
    "<SCRIPT type='x'>alert(1)</SCRIPT >",
    "</body></html>",
  ].join("\n");

  it("documents - HTML loses script, style, comments and tags, keeps paragraphs, decodes entities", () => {
    const text = plainText(html, "html");
    expect(text).toBe(["Cats <3", "A cat is a mammal. It's \u263a — nice &unknown;.", "one", "two bold"].join("\n\n"));
    for (const hidden of ["secret", "in script", "color", "hidden", "enable js", "alert", "Tom"]) expect(text).not.toContain(hidden);
  });

  it("documents - the HTML title comes from <title>, else the first <h1>, entities decoded", () => {
    expect(titleOf(html, "html")).toBe("Tom & Jerry");
    expect(titleOf("<body><h1 class='x'>The <em>Real</em> Title</h1></body>", "html")).toBe("The Real Title");
    expect(titleOf("<p>no title</p>", "html")).toBeUndefined();
  });

  it("documents - numeric entities outside Unicode are left as written", () => {
    expect(plainText("<p>&#0; &#x110000; &#65;</p>", "html")).toBe("&#0; &#x110000; A");
  });

  const md = ["# Getting started", "", "Read [the guide](https://example.com/guide) and ![a diagram](d.png).", "", "## Install", "", "- run **pnpm** `install`", "1. then _test_", "", "> quoted text", "", "```ts", "const x = 1;", "```"].join("\n");

  it("documents - Markdown keeps link text, drops URLs, heading marks, list marks, emphasis and fences", () => {
    const text = plainText(md, "markdown");
    expect(text).toContain("Read the guide and a diagram.");
    expect(text).not.toContain("https://example.com");
    expect(text).not.toContain("#");
    expect(text).not.toContain("```");
    expect(text).toContain("run pnpm install\nthen test");
    expect(text).toContain("quoted text");
    expect(text).toContain("const x = 1;");
  });

  it("documents - Markdown headings stay their own paragraph (regression: the blank line before them was eaten)", () => {
    const paragraphs = plainText(md, "markdown")
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    expect(paragraphs.slice(0, 5)).toEqual(["Getting started", "Read the guide and a diagram.", "Install", "run pnpm install\nthen test", "quoted text"]);
    expect(chunkText(plainText("Intro line.\n\n## Usage\n\nBody.", "markdown"), 5, 50)).toEqual(["Intro line.", "Usage", "Body."]);
  });

  it("documents - the Markdown title is the first level-one heading", () => {
    expect(titleOf(md, "markdown")).toBe("Getting started");
    expect(titleOf("## Only a subheading", "markdown")).toBeUndefined();
    expect(titleOf("# Title", "text")).toBeUndefined();
  });

  it("documents - plain text only normalises line ends", () => {
    expect(plainText("a\r\nb\rc", "text")).toBe("a\nb\nc");
  });

  it("documents - short paragraphs are merged while they fit the target", () => {
    expect(chunkText("one two.\n\nthree four.\n\n\n  five six.  ", 25, 100)).toEqual(["one two. three four.", "five six."]);
    expect(chunkText("   \n\n  ")).toEqual([]);
  });

  it("documents - chunks stay within the maximum, long paragraphs cut at sentence ends", () => {
    const sentence = "This sentence is exactly fifty characters long ok. ";
    expect(sentence).toHaveLength(51);
    const text = [sentence.repeat(40), "x".repeat(2_500), "Tail paragraph."].join("\n\n");
    const chunks = chunkText(text, 600, 1_000);
    for (const c of chunks) {
      expect(c.length).toBeGreaterThan(0);
      expect(c.length).toBeLessThanOrEqual(1_000);
    }
    // Sentence cuts end on a full stop.
    expect(chunks[0]).toMatch(/ok\.$/);
    expect(chunks[0]!.length).toBeGreaterThan(900);
    // Nothing is lost but whitespace.
    expect(chunks.join(" ").replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
    expect(chunks.at(-1)).toBe(`${"x".repeat(500)} Tail paragraph.`);
  });

  it("documents - isaStatements finds 'A is a B' sentences, dropping articles (regression: 'The cat' kept its article)", () => {
    const found = isaStatements("The cat is a small mammal. Paris is the capital of France. Dogs are a kind of animal, mostly loyal. An owl is a bird that hunts at night. he is a man.");
    expect(found).toEqual([
      { subject: "cat", object: "small mammal" },
      { subject: "Paris", object: "capital" },
      { subject: "Dogs", object: "animal" },
      { subject: "owl", object: "bird" },
    ]);
  });

  it("documents - isaStatements keeps proper names after an article and ignores mid-sentence matches", () => {
    expect(isaStatements("The Eiffel Tower is a landmark.")).toEqual([{ subject: "Eiffel Tower", object: "landmark" }]);
    expect(isaStatements("We think that Rome is a city.")).toEqual([]);
    expect(isaStatements("Annie is an engineer.")).toEqual([{ subject: "Annie", object: "engineer" }]);
  });
});

describe("jobs schedule", () => {
  it("jobs - nextRun of a weekday cron skips the weekend (UTC)", () => {
    const friday = Date.UTC(2024, 5, 7, 10, 0); // Fri 7 June 2024, 10:00, after the 09:00 run
    expect(new Date(nextRun("0 9 * * 1-5", friday)).toISOString()).toBe("2024-06-10T09:00:00.000Z");
    const monday = Date.UTC(2024, 5, 10, 8, 59, 30);
    expect(new Date(nextRun("0 9 * * 1-5", monday)).toISOString()).toBe("2024-06-10T09:00:00.000Z");
  });

  it("jobs - nextRun is strictly after the given time", () => {
    const at = Date.UTC(2024, 0, 1, 0, 0);
    expect(nextRun("*/15 * * * *", at)).toBe(Date.UTC(2024, 0, 1, 0, 15));
  });

  it.each(["61 * * * *", "not a cron", "* * * * * * * *"])("jobs - a bad cron %j is INVALID_ARGUMENT naming it", (cron) => {
    const err = busErrorOf(() => nextRun(cron, 0));
    expect(err.code).toBe("INVALID_ARGUMENT");
    expect(err.message).toMatch(new RegExp(`^schedule ${JSON.stringify(cron).replace(/[*]/g, "\\*")} is not a cron expression: .+`));
  });
});
