/**
 * `pnpm bench:agent`: the agent's answers on labelled goal suites over five
 * knowledge graphs (bench/agent/data, the held-out one kept apart). Each
 * goal runs on a fresh agent; the table gives answer accuracy (hits@1),
 * completion on answerable goals, false completions, fabricated facts,
 * mean cycles to an answer and cycles per second, by graph, by category,
 * and for the held-out suite. Exits non-zero on any false completion or
 * fabricated fact.
 *
 *   pnpm bench:agent
 *   BENCH_SUITE=org      only the suites whose graph name contains this
 *   BENCH_VERBOSE=1      a line per goal
 */
import { runSuite, type GoalOutcome } from "./agent/run-suite.js";
import { falseCompletion, hit, table } from "./agent/score.js";
import { loadSuites } from "./agent/suite.js";

async function main(): Promise<void> {
  const only = process.env["BENCH_SUITE"];
  const verbose = process.env["BENCH_VERBOSE"] === "1";
  const suites = (await loadSuites()).filter((s) => !only || s.kb.includes(only));
  const all: GoalOutcome[] = [];
  const byKb: [string, GoalOutcome[]][] = [];
  for (const suite of suites) {
    const started = Date.now();
    const outcomes = await runSuite(suite, (o) => {
      if (verbose || falseCompletion(o) || o.fabricated.length > 0) {
        const mark = falseCompletion(o) ? "FALSE COMPLETION" : o.fabricated.length ? `FABRICATED ${o.fabricated.join("; ")}` : o.completed ? "completed" : "open";
        process.stdout.write(`${o.goal.id} [${o.goal.category}] ${o.ms} ms ${hit(o) ? "hit" : "miss"} top=${o.top || "-"} want=${o.goal.answers.join(",") || "-"} ${mark}: ${o.goal.goal}${o.goal.criteria ? ` => ${o.goal.criteria}` : ""}\n`);
      }
    });
    process.stdout.write(`${suite.kb}${suite.heldOut ? " (held out)" : ""}: ${outcomes.length} goals in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    byKb.push([`${suite.kb}${suite.heldOut ? " (held out)" : ""}`, outcomes]);
    all.push(...outcomes);
  }
  const tuned = all.filter((o) => !o.goal.heldOut);
  const held = all.filter((o) => o.goal.heldOut);
  const categories = [...new Set(all.map((o) => o.goal.category))];
  process.stdout.write(`\nBy graph\n\n${table([...byKb, ["all tuning suites", tuned], ["held out", held], ["all", all]])}\n`);
  process.stdout.write(`\nBy category (all suites)\n\n${table(categories.map((c) => [c, all.filter((o) => o.goal.category === c)]))}\n`);
  const lookupRule = all.filter((o) => o.goal.category === "lookup" || o.goal.category === "rule");
  process.stdout.write(
    `\nLookups and rule-derivable answers\n\n${table([
      ["lookup + rule, tuning suites", lookupRule.filter((o) => !o.goal.heldOut)],
      ["lookup + rule, held out", lookupRule.filter((o) => o.goal.heldOut)],
    ])}\n`,
  );
  const bad = all.filter((o) => falseCompletion(o) || o.fabricated.length > 0).length;
  if (bad > 0) {
    process.stdout.write(`\n${bad} goal(s) with a false completion or a fabricated fact\n`);
    process.exitCode = 1;
  }
}

await main();
