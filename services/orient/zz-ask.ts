import { readFileSync } from "node:fs";
import { graphWith, ask } from "./test/fixtures/asked-graph.js";
const [file, ...qs] = process.argv.slice(2);
const rows = readFileSync(file!, "utf8").trim().split("\n").slice(1).map((l) => l.split(",").slice(0, 3) as [string, string, string]);
const store = await graphWith(rows, "kb");
for (const q of qs) {
  const a = await ask(store, q);
  console.log(`Q: ${q}\n   kind=${a.kind} pattern=${a.pattern} -> ${a.answers.map((x) => x.label + (x.confidence < 1 ? `(${x.confidence.toFixed(2)})` : "")).join(", ") || "(none)"}${a.unanswered ? " unanswered=" + a.unanswered : ""}`);
  if (process.env.PROOF) for (const x of a.answers) console.log("     ", x.label, ":", x.proof?.summary);
}
process.exit(0);
