// Every shell command README.md and deploy/README.md show must run as written
// on a fresh clone. This file checks how they are read and that each one is
// either run (here for deploy/README.md, in readme-commands.test.ts for
// README.md) or listed in doc-not-run.ts with the reason it cannot run here.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocksOf, docCommands, extractCommands, freshCheckout, notRunEntry, runBlock } from "./doc-commands.js";
import { NOT_RUN } from "./doc-not-run.js";

describe("doc commands - reading them", () => {
  it("extract - sh blocks only; comments and blank lines dropped; continuations joined; other fences ignored", () => {
    const markdown = [
      "text `inline code` is prose",
      "```sh",
      "# a comment line",
      "",
      "echo one   # a trailing comment stays: bash drops it",
      "kubectl create secret generic x \\",
      "  --from-literal=a=1 \\",
      "  --from-literal=b=2",
      "```",
      "```json",
      '{ "not": "a command" }',
      "```",
      "```",
      "output, not a command",
      "```",
    ].join("\n");
    expect(extractCommands("X.md", markdown)).toEqual([
      { doc: "X.md", blockLine: 2, line: 5, text: "echo one   # a trailing comment stays: bash drops it" },
      { doc: "X.md", blockLine: 2, line: 6, text: "kubectl create secret generic x --from-literal=a=1 --from-literal=b=2" },
    ]);
  });

  it("extract - an unclosed block or a dangling continuation is an error naming the line", () => {
    expect(() => extractCommands("X.md", "```sh\necho hi\n")).toThrow("X.md:1: a shell block is never closed");
    expect(() => extractCommands("X.md", "```sh\necho \\\n```\n")).toThrow("X.md:2: a command ends in a line continuation");
  });

  it("coverage - every command is run by the doc tests or listed as not runnable here, with a reason", () => {
    const commands = docCommands();
    expect(commands.length).toBeGreaterThan(30);
    expect(commands.filter((c) => c.doc === "deploy/README.md").length).toBeGreaterThan(5);
    // Each entry of the list must still cover a command, so it never outlives the docs.
    for (const entry of NOT_RUN) {
      expect(commands.some((c) => entry.match.test(c.text)), `${entry.match} matches no README command`).toBe(true);
      expect(entry.reason.length).toBeGreaterThan(20);
    }
    // The documented placeholders a person must fill in are not runnable as written.
    const runnable = commands.filter((c) => !notRunEntry(NOT_RUN, c));
    for (const c of runnable) expect(c.text, `${c.doc}:${c.line}`).not.toMatch(/\[--|<[a-z-]+>|\.\.\.(?!\/)|sha256:\.\.\./);
  });
});

describe("doc commands - deploy/README.md, as written, in a fresh clone", () => {
  let clone: ReturnType<typeof freshCheckout>;
  beforeAll(() => {
    clone = freshCheckout();
  });
  afterAll(() => clone?.remove());

  const blocks = blocksOf(docCommands().filter((c) => c.doc === "deploy/README.md" && !notRunEntry(NOT_RUN, c)));

  it("blocks - the deploy README still has the blocks this test checks", () => {
    const texts = blocks.flatMap((b) => b.commands.map((c) => c.text));
    expect(texts.some((t) => t.startsWith("pnpm bundle"))).toBe(true);
    expect(texts.some((t) => t.startsWith("kubectl kustomize deploy/k8s/overlays/dev"))).toBe(true);
    expect(texts.some((t) => /kustomize edit set image/.test(t))).toBe(true);
  });

  for (const block of blocks) {
    it(`deploy/README.md:${block.line} - ${block.commands.map((c) => c.text.split(/\s+#/)[0]).join("; ")}`, async () => {
      const run = await runBlock(block.commands, clone.dir, 150_000);
      expect(run.code, `failed: ${run.failed}\n${run.output}`).toBe(0);
      const texts = block.commands.map((c) => c.text);
      if (texts.some((t) => t.startsWith("pnpm bundle"))) expect(existsSync(join(clone.dir, "dist/services/controller.mjs"))).toBe(true);
      if (texts.some((t) => t.startsWith("kubectl kustomize deploy/k8s/overlays/dev"))) expect(run.output).toMatch(/namespace: boyd-dev/);
      if (texts.some((t) => /kustomize edit set image/.test(t))) {
        const kustomization = readFileSync(join(clone.dir, "deploy/k8s/overlays/prod/kustomization.yaml"), "utf8");
        expect(kustomization).toMatch(/newName: registry\.example\.com\/boyd\s+newTag: "?1\.0\.0"?/);
      }
    }, 160_000);
  }
});
