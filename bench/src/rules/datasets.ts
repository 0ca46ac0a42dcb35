import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** A knowledge-graph completion benchmark: its standard splits, as (head, relation, tail) triples. */
export interface Dataset {
  readonly name: string;
  readonly train: Triple[];
  readonly valid: Triple[];
  readonly test: Triple[];
}

export type Triple = readonly [head: string, relation: string, tail: string];

/** The datasets of the NTP paper's table, by the folder pykeen ships them in. */
export const DATASETS = { Kinship: "kinships", Nations: "nations", UMLS: "umls" } as const;

const CACHE = fileURLToPath(new URL("../../../.cache/bench-rules/", import.meta.url));

/**
 * The pykeen wheel from PyPI, unpacked once into .cache/bench-rules: it
 * ships Kinship, Nations and UMLS with their standard splits as plain text.
 * Fetched with pip (a registry this machine reaches), never committed.
 */
function ensureWheel(): string {
  const unpacked = join(CACHE, "wheel");
  if (existsSync(join(unpacked, "pykeen", "datasets"))) return unpacked;
  mkdirSync(CACHE, { recursive: true });
  try {
    execFileSync("python3", ["-m", "pip", "download", "--no-deps", "--disable-pip-version-check", "-q", "-d", CACHE, "pykeen"], { stdio: ["ignore", "inherit", "inherit"] });
  } catch (err) {
    throw new Error(`bench:rules needs the pykeen wheel from PyPI (python3 -m pip download --no-deps pykeen) for its datasets; that failed: ${(err as Error).message}`);
  }
  const wheel = readdirSync(CACHE).find((f) => f.startsWith("pykeen-") && f.endsWith(".whl"));
  if (!wheel) throw new Error(`no pykeen wheel in ${CACHE} after pip download`);
  execFileSync("python3", ["-m", "zipfile", "-e", join(CACHE, wheel), unpacked]);
  return unpacked;
}

function readSplit(path: string): Triple[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, i) => {
      const parts = line.split("\t");
      if (parts.length !== 3) throw new Error(`${path}:${i + 1}: expected head<TAB>relation<TAB>tail`);
      return parts.map((p) => p.trim()) as unknown as Triple;
    });
}

/** Loads a dataset's train, valid and test splits. */
export function loadDataset(name: keyof typeof DATASETS): Dataset {
  const dir = join(ensureWheel(), "pykeen", "datasets", DATASETS[name]);
  return { name, train: readSplit(join(dir, "train.txt")), valid: readSplit(join(dir, "valid.txt")), test: readSplit(join(dir, "test.txt")) };
}
