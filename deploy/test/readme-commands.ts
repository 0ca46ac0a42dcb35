// README.md's commands, as written and in order, in a fresh clone (the first
// one installs the node modules), as a person following the README would.
// Two test files share the work so each stays short: the agent's blocks, each
// looking at what the run before left in ./.boyd, and the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocksOf, docCommands, freshCheckout, notRunEntry, runBlock, type DocBlock } from "./doc-commands.js";
import { NOT_RUN } from "./doc-not-run.js";

/** What a person sees when a command worked, for the commands whose output says more than an exit code. */
const SHOWS: ReadonlyArray<[RegExp, RegExp]> = [
  [/^\.\/boyd\.sh agent run --fresh/, /✓ completed\s+goal:Find the moons that orbit Mars[\s\S]*answer: deimos, phobos/],
  [/^\.\/boyd\.sh agent plan/, /plan for goal:Find the moons that orbit Mars/],
  [/^\.\/boyd\.sh agent --agent builds cycle --tell/, /✓ completed \(met: told by ci: "Nightly build 142 passed: all checks green\."/],
  [/^\.\/boyd\.sh kg ingest examples\/animals\.csv/, /43/],
  [/^\.\/boyd\.sh kg infer/, /[1-9]\d* triples? derived/],
  [/^\.\/boyd\.sh think /, /CONVERGED[\s\S]*100 degrees Celsius/],
  [/^\.\/boyd\.sh act tools/, /shell_exec/],
  [/^\.\/boyd\.sh act run file_io/, /notes\.md/],
];

/** What the person types at a prompt the command raises, as the README says they will be asked. */
const TYPED: ReadonlyArray<[RegExp, string]> = [[/^\.\/boyd\.sh act run file_io .*"write"/, "y\n"]];

/** README.md's runnable blocks that `which` selects, each command a test, in one fresh clone. */
export function readmeCommandTests(title: string, which: (block: DocBlock) => boolean, first: RegExp): void {
  describe(`doc commands - README.md, as written, in a fresh clone: ${title}`, () => {
    let clone: ReturnType<typeof freshCheckout>;
    beforeAll(() => {
      clone = freshCheckout();
    });
    afterAll(() => clone?.remove());

    const blocks = blocksOf(docCommands().filter((c) => c.doc === "README.md" && !notRunEntry(NOT_RUN, c))).filter(which);

    it("blocks - the README still has the commands these tests build on", () => {
      expect(blocks.some((block) => first.test(block.commands[0]?.text ?? ""))).toBe(true);
    });

    for (const block of blocks) {
      for (const command of block.commands) {
        it(`README.md:${command.line} - ${command.text.split(/\s+#/)[0]}`, async () => {
          const typed = TYPED.find(([pattern]) => pattern.test(command.text))?.[1];
          const run = await runBlock([command], clone.dir, 90_000, typed);
          expect(run.code, run.output).toBe(0);
          for (const [pattern, shows] of SHOWS) if (pattern.test(command.text)) expect(run.output).toMatch(shows);
          // A failure a command only logs still shows as "boyd: ... error".
          expect(run.output).not.toMatch(/^boyd: .*(error|cannot|not found)/im);
        }, 100_000);
      }
    }
  });
}
