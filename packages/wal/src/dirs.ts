import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";

/** fsync of a directory: makes the names created or renamed in it durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates `dir` and its missing parents, and makes each new name durable by
 * syncing the directory that holds it. Costs nothing when `dir` exists.
 */
export async function ensureDir(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true });
  if (first === undefined) return;
  const created: string[] = [];
  for (let d = dir; d.length >= first.length; d = dirname(d)) created.unshift(d);
  for (const d of created) await syncDir(dirname(d));
}
