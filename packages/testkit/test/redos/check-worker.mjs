// One recheck worker: checks the patterns it is sent, one at a time. Plain
// JavaScript because worker threads load files with Node itself (no tsx).
//
// The seed is passed on every call: without it recheck's fuzzer carries one
// random state across calls, so a verdict depended on which patterns the
// same worker had checked before (a lookbehind pattern came out 'safe' alone
// and 'vulnerable' after others).
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { checkSync } from "recheck";

parentPort.on("message", ({ source, flags, timeoutMs }) => {
  parentPort.postMessage(verdictOf(source, flags, timeoutMs));
});

function verdictOf(source, flags, timeoutMs) {
  try {
    const r = checkSync(source, flags, { timeout: timeoutMs, randomSeed: 0 });
    if (r.status !== "vulnerable") return { status: r.status };
    const verdict = { status: "vulnerable", complexity: r.complexity.type, attack: r.attack.pattern };
    // recheck's VM counts steps without V8's optimisations, so some verdicts
    // are wrong for V8. How long V8 itself takes on the attack is what an
    // allowlist entry is held to. Never run for exponential attacks: one
    // real one would not finish.
    return r.complexity.type === "polynomial" ? { ...verdict, v8Ms: v8Time(source, flags, r.attack.string) } : verdict;
  } catch (error) {
    return { status: "error", detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Milliseconds V8 takes to run the regex over `text` once, as exec (and so test, match, split) would. */
function v8Time(source, flags, text) {
  const re = new RegExp(source, flags.replace(/[gy]/g, ""));
  const start = performance.now();
  re.exec(text);
  return Math.round(performance.now() - start);
}
