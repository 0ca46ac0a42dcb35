import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/** Where the labelled suites live: bench/agent/data (held-out under heldout/). */
export const DATA_DIR = new URL("../../agent/data/", import.meta.url);

const Goal = z
  .object({
    id: z.string().min(1),
    kb: z.string().min(1),
    goal: z.string().min(1),
    criteria: z.string(),
    category: z.enum(["lookup", "path", "rule", "unanswerable", "decoy", "yesno", "number", "multiword", "paraphrase"]),
    complete: z.boolean(),
    answers: z.array(z.string()),
    note: z.string().optional(),
  })
  .strict();

/** One labelled goal. */
export type LabelledGoal = z.infer<typeof Goal> & { readonly heldOut: boolean };

/** A knowledge graph and the goals asked of it. */
export interface Suite {
  readonly kb: string;
  /** Path of the CSV file. */
  readonly kbPath: string;
  readonly heldOut: boolean;
  readonly goals: readonly LabelledGoal[];
}

/** Reads every suite (the tuning suites, then the held-out one); a bad line fails naming file and line. */
export async function loadSuites(dir: URL = DATA_DIR): Promise<Suite[]> {
  const out: Suite[] = [];
  for (const [base, heldOut] of [[dir, false], [new URL("heldout/", dir), true]] as const) {
    const goalDir = new URL("goals/", base);
    const names = await readdir(goalDir).catch((err: NodeJS.ErrnoException) => {
      if (heldOut && err.code === "ENOENT") return [] as string[];
      throw err;
    });
    for (const name of names.filter((f) => f.endsWith(".jsonl")).sort()) {
      const path = join(goalDir.pathname, name);
      const goals = (await readFile(path, "utf8"))
        .split("\n")
        .map((line, i) => ({ line, n: i + 1 }))
        .filter(({ line }) => line.trim() !== "")
        .map(({ line, n }) => {
          const parsed = Goal.safeParse(JSON.parse(line));
          if (!parsed.success) throw new Error(`${path}:${n}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
          return { ...parsed.data, heldOut };
        });
      const kb = goals[0]?.kb ?? name.replace(/\.jsonl$/, ".csv");
      out.push({ kb, kbPath: join(base.pathname, "kb", kb), heldOut, goals });
    }
  }
  return out;
}
