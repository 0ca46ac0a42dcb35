// One recheck worker: checks the patterns it is sent, one at a time. Plain
// JavaScript because worker threads load files with Node itself (no tsx).
import { parentPort } from "node:worker_threads";
import { checkSync } from "recheck";

parentPort.on("message", ({ id, source, flags, timeoutMs }) => {
  let verdict;
  try {
    const r = checkSync(source, flags, { timeout: timeoutMs });
    verdict = r.status === "vulnerable" ? `vulnerable (${r.complexity.type}; attack ${r.attack.pattern})` : r.status;
  } catch (error) {
    verdict = `error (${error instanceof Error ? error.message : String(error)})`;
  }
  parentPort.postMessage({ id, verdict });
});
