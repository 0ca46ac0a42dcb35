import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Finds an executable on PATH, then in the given well-known places (Debian puts daemons in /usr/sbin). */
export function findBinary(name: string, fallbacks: readonly string[] = []): string | undefined {
  const dirs = (process.env["PATH"] ?? "").split(delimiter).filter(Boolean);
  for (const candidate of [...dirs.map((d) => join(d, name)), ...fallbacks]) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return undefined;
}
