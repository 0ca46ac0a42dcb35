import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";

/** recheck's verdict on a pattern, as the check worker reports it. */
export interface Verdict {
  status: "safe" | "vulnerable" | "unknown" | "error";
  complexity?: "polynomial" | "exponential";
  /** recheck's attack, as a JS expression */
  attack?: string;
  /** How long V8 took to run the attack once (polynomial attacks only). */
  v8Ms?: number;
  detail?: string;
}

/** A pattern to check: source and flags, as recheck takes them. */
export interface Pattern {
  source: string;
  flags: string;
}

/**
 * The cache key of a verdict: the pattern, its flags and what decides the
 * verdict (recheck's version and the time it may take), so a new recheck or
 * a longer timeout checks everything afresh.
 */
export function verdictKey(p: Pattern, checker: string): string {
  return createHash("sha256").update(`${checker}\0${p.flags}\0${p.source}`).digest("hex");
}

/** Verdicts kept across runs in a JSON file (under the git-ignored .cache/). */
export class VerdictCache {
  private readonly verdicts: Record<string, Verdict>;

  constructor(private readonly file: string) {
    this.verdicts = readVerdicts(file);
  }

  get(key: string): Verdict | undefined {
    return this.verdicts[key];
  }

  set(key: string, verdict: Verdict): void {
    this.verdicts[key] = verdict;
  }

  /** Writes through a temporary file, so an interrupted run leaves the old cache whole. */
  save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.verdicts));
    renameSync(`${this.file}.tmp`, this.file);
  }
}

function readVerdicts(file: string): Record<string, Verdict> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, Verdict>) : {};
  } catch {
    return {}; // no cache yet, or a torn one: check everything
  }
}

/**
 * Checks patterns with recheck in a pool of worker threads (recheck's own
 * async backend runs one worker), one pattern per worker at a time; each
 * verdict is passed to `done` as it arrives so it can be cached at once.
 */
export async function checkAll(patterns: Pattern[], timeoutMs: number, done: (p: Pattern, verdict: Verdict) => void): Promise<void> {
  const size = Math.max(1, Math.min(patterns.length, availableParallelism(), 4));
  const queue = [...patterns];
  const workers = Array.from({ length: size }, () => new Worker(new URL("./check-worker.mjs", import.meta.url)));
  try {
    await Promise.all(workers.map((w) => drain(w, queue, timeoutMs, done)));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

async function drain(worker: Worker, queue: Pattern[], timeoutMs: number, done: (p: Pattern, verdict: Verdict) => void): Promise<void> {
  for (let p = queue.shift(); p; p = queue.shift()) {
    done(p, await checkOne(worker, p, timeoutMs));
  }
}

function checkOne(worker: Worker, p: Pattern, timeoutMs: number): Promise<Verdict> {
  return new Promise((resolve, reject) => {
    const onMessage = (verdict: Verdict) => {
      worker.off("error", reject);
      resolve(verdict);
    };
    worker.once("message", onMessage);
    worker.once("error", reject);
    worker.postMessage({ source: p.source, flags: p.flags, timeoutMs });
  });
}
