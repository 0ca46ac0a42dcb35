import { execFileSync } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The clone this testkit lives in (packages/testkit/src/ is three levels down). */
const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * The nats-server release tests and local runs use, as `vX.Y.Z`. One file
 * holds it so scripts/ensure-deps.sh (which builds it) and this lookup (which
 * demands it) cannot drift apart.
 */
export const NATS_SERVER_VERSION = readFileSync(join(REPO_ROOT, "scripts/nats-server-version"), "utf8").trim();

/** What to run to get the pinned server, for error messages. */
export const NATS_SERVER_HINT =
  "run `bash -c 'source scripts/ensure-deps.sh && ensure_nats'` from the repository root " +
  `(builds nats-server ${NATS_SERVER_VERSION} with Go into .cache/nats-server; ./test.sh does it too), ` +
  `or set BOYD_NATS_SERVER to a nats-server ${NATS_SERVER_VERSION} or newer`;

/** Where ensure_nats puts the pinned build. */
export function cachedNatsServerPath(root: string = REPO_ROOT, version: string = NATS_SERVER_VERSION): string {
  return join(root, ".cache/nats-server", version, "nats-server");
}

/** `[major, minor, patch]` of a `vX.Y.Z` or of `nats-server --version` output ("nats-server: v2.9.10"). */
export function parseNatsVersion(text: string): [number, number, number] | undefined {
  // Only from the first digit of a run: tried inside a long run of digits, each start rescans it (quadratic).
  const match = /(?<!\d)v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** True when version `a` is the same as or later than `b` (both `vX.Y.Z`). */
export function isAtLeast(a: string, b: string): boolean {
  const [x, y] = [parseNatsVersion(a), parseNatsVersion(b)];
  if (!x || !y) return false;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
  return true;
}

/** The version a nats-server binary reports, or undefined when it cannot say. */
function reportedVersion(binary: string): string | undefined {
  try {
    const out = execFileSync(binary, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 10_000 });
    const parsed = parseNatsVersion(out);
    return parsed ? `v${parsed.join(".")}` : undefined;
  } catch {
    return undefined;
  }
}

/** Where to look, in order of preference. */
export interface NatsServerLookup {
  /** The environment to read `BOYD_NATS_SERVER` and `PATH` from. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The clone whose `.cache/nats-server` to look in. @default this repository */
  repoRoot?: string;
  /** The oldest acceptable release. @default NATS_SERVER_VERSION */
  minimum?: string;
}

const memo = new Map<string, string>();

/**
 * The nats-server to run: `BOYD_NATS_SERVER` when set, else the build
 * ensure_nats cached, else one on PATH or in /usr/sbin. A binary older than
 * the pinned release is passed over (Debian's 2.9 lacks what deployments
 * run); when nothing current is found, the error names what was found and
 * how to get the pinned one.
 */
export function findNatsServer(lookup: NatsServerLookup = {}): string {
  const env = lookup.env ?? process.env;
  const minimum = lookup.minimum ?? NATS_SERVER_VERSION;
  const explicit = env["BOYD_NATS_SERVER"];
  const key = [explicit, lookup.repoRoot, minimum, env["PATH"]].join("\0");
  const known = memo.get(key);
  if (known) return known;

  const candidates = explicit
    ? [explicit]
    : [cachedNatsServerPath(lookup.repoRoot), ...onPath(env["PATH"]), "/usr/sbin/nats-server", "/usr/bin/nats-server"];
  const tooOld: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (!isExecutable(candidate)) continue;
    const binary = candidate;
    const version = reportedVersion(binary);
    if (version && isAtLeast(version, minimum)) {
      memo.set(key, binary);
      return binary;
    }
    tooOld.push(`${binary} (${version ?? "version unknown"})`);
  }
  const where = explicit ? `BOYD_NATS_SERVER=${explicit}` : "PATH, /usr/sbin and .cache/nats-server";
  const found = tooOld.length > 0 ? `only ${tooOld.join(", ")}` : `none in ${where}`;
  throw new Error(`nats-server ${minimum} or newer is needed; found ${found}: ${NATS_SERVER_HINT}`);
}

/** `nats-server` in each PATH directory (absolute paths only: a relative PATH entry depends on the cwd). */
function onPath(path: string | undefined): string[] {
  return (path ?? "")
    .split(delimiter)
    .filter((dir) => dir.startsWith("/"))
    .map((dir) => join(dir, "nats-server"));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
