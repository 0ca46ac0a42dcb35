import { GraphStore, openEmbeddedBackend, ingestFile } from "@boyd/graph";
import { QuestionAnswerer } from "./src/answer/engine.js";
import { AnswerKind } from "@boyd/proto";
const [kb, ...qs] = process.argv.slice(2);
const store = new GraphStore((await openEmbeddedBackend()).backend);
await ingestFile(store, kb!, {});
const qa = new QuestionAnswerer(store);
for (const q of qs) {
  const t = Date.now();
  const a = await qa.answer({ symbolId: "goal:x", description: q }, "a", 1);
  console.log(`${q}\n  ${AnswerKind[a.kind]} [${a.pattern}] subj=${a.subjectIds.join(",")} ${Date.now() - t}ms`);
  for (const x of a.answers.slice(0, 5)) console.log(`   - ${x.label} ${x.confidence.toFixed(2)} :: ${x.proof?.summary}`);
  if (a.proof) console.log(`   proof: ${a.proof.summary}`);
}
