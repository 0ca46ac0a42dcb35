import type { GraphStore, Rule } from "@boyd/graph";
import { InvalidArgumentError, type Command } from "commander";
import { printable } from "./agent-format.js";
import type { GraphFlags } from "./kg.js";
import { positiveInt, positiveSeconds, unitInterval } from "./options.js";
import { note, outputMode } from "./output.js";

interface MineFlags {
  minSupport: number;
  minConfidence: number;
  maxLength: number;
  timeBudget: number;
  limit: number;
  constants: boolean;
  save?: boolean;
}

function ruleLength(value: string): number {
  if (value === "2" || value === "3" || value === "4") return Number(value);
  throw new InvalidArgumentError(`expected 2, 3 or 4 (atoms, head included), got ${JSON.stringify(value)}`);
}

const fixed = (x: number | undefined, digits = 3): string => (x === undefined ? "-" : x.toFixed(digits));

/** One line per rule: the figures, then the rule as a rules file writes it. */
function formatMined(rule: Rule, text: string): string {
  const f = rule.provenance.figures ?? {};
  return [fixed(rule.confidence), String(f["support"] ?? "-"), fixed(f["headCoverage"]), fixed(f["stdConfidence"]), fixed(f["pcaConfidence"]), printable(text)].join("\t");
}

/** `boyd kg mine`: Horn rules found in the graph, with their figures; --save keeps them for inference and answers. */
export function registerKgMineCommand(kg: Command, flags: () => GraphFlags, withGraph: <T>(flags: GraphFlags, work: (store: GraphStore) => Promise<T>) => Promise<T>): void {
  kg.command("mine")
    .description("mine Horn rules from the graph (AMIE-style closed rules up to length 3, AnyBURL-style rules with a constant), print them with support, head coverage, standard and PCA confidence; --save keeps them for inference")
    .option("--min-support <n>", "fewest facts a rule must predict", positiveInt, 2)
    .option("--min-confidence <c>", "least confidence (support over predictions, smoothed), in [0, 1]", unitInterval, 0.1)
    .option("--max-length <l>", "atoms per rule, head included: 2, 3 or 4", ruleLength, 3)
    .option("--time-budget <seconds>", "stop mining after this long and keep what was found", positiveSeconds, 10_000)
    .option("--no-constants", "only rules between variables (no `r(X, c) :- ...`)")
    .option("--limit <n>", "print at most this many rules, best first", positiveInt, 30)
    .option("--save", "store the rules with the knowledge, marked mined: kg infer and kg query derive with them (each derived fact naming its rule); an agent's answers never rest on them, as they are guesses from counts")
    .action(async (opts: MineFlags) => {
      const { formatRule, mineStore } = await import("@boyd/graph");
      const where = flags().neo4j ? "neo4j" : "embedded";
      const mined = await withGraph(flags(), async (store) => {
        const found = await mineStore(store, {
          minSupport: opts.minSupport,
          minConfidence: opts.minConfidence,
          maxLength: opts.maxLength,
          constants: opts.constants,
          timeBudgetMs: opts.timeBudget,
          source: `boyd kg mine (${where})`,
        });
        if (opts.save) await store.addRules(found.rules);
        return found;
      });
      const shown = mined.rules.slice(0, opts.limit);
      if (outputMode().json) {
        console.log(JSON.stringify({ facts: mined.facts, elapsedMs: mined.elapsedMs, truncated: mined.truncated, saved: opts.save ?? false, rules: shown.map((r) => ({ ...r, text: formatRule(r) })) }, null, 2));
        return;
      }
      console.log(["confidence", "support", "head_cov", "std_conf", "pca_conf", "rule"].join("\t"));
      for (const r of shown) console.log(formatMined(r, formatRule({ ...r, confidence: 1 })));
      const cut = mined.truncated ? "; stopped by --time-budget" : "";
      const saved = opts.save ? "; saved (kg infer and kg query derive with them; agents' answers do not: write a rule in a rules file to answer by it)" : "; not saved (add --save to use them)";
      note(`${mined.rules.length} rules from ${mined.facts} facts in ${(mined.elapsedMs / 1000).toFixed(1)} s${cut}${saved}${mined.rules.length > shown.length ? `; the best ${shown.length} shown (--limit)` : ""}`);
    });
}
