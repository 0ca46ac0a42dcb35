import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { NATS_USERS, randomNatsPassword, type NatsUser } from "@boyd/stack";

/** A NATS user name and password. */
export interface NatsCredentials {
  readonly user: NatsUser;
  readonly pass: string;
}

/**
 * Each NATS user's password, from `file` when an earlier start wrote it
 * (so a restarted cluster takes the credentials its callers hold), else
 * random ones, saved there with mode 0600. A user the file lacks gets a new
 * password; one the file holds that is not a password is an error, not
 * silently replaced.
 */
export async function loadOrCreatePasswords(file: string): Promise<Record<NatsUser, string>> {
  let saved: Record<string, unknown> = {};
  try {
    saved = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(`${file}: cannot read the NATS passwords: ${(err as Error).message}`);
  }
  const passwords = {} as Record<NatsUser, string>;
  let changed = false;
  for (const user of NATS_USERS) {
    const value = saved[user];
    if (value === undefined) {
      passwords[user] = randomNatsPassword();
      changed = true;
    } else if (typeof value !== "string" || value === "") {
      throw new Error(`${file}: the password of ${user} is not a string; fix or delete the file (a new one is generated)`);
    } else passwords[user] = value;
  }
  if (changed) await writeSecret(file, `${JSON.stringify(passwords, null, 2)}\n`);
  return passwords;
}

/**
 * Writes the environment a caller needs to reach the cluster as `client`
 * (`BOYD_NATS_URL`, `BOYD_NATS_USER`, `BOYD_NATS_PASSWORD`), mode 0600,
 * in the `KEY=value` form shells (`set -a; . FILE`) and dotenv read.
 */
export async function writeClientEnv(file: string, natsUrl: string, client: NatsCredentials): Promise<void> {
  await writeSecret(
    file,
    [
      "# The `client` NATS user of `boyd up --distributed`: AgentService, events and percepts only.",
      "# Use: set -a; . <this file>; set +a; boyd agent run --nats \"$BOYD_NATS_URL\" ...",
      `BOYD_NATS_URL=${natsUrl}`,
      `BOYD_NATS_USER=${client.user}`,
      `BOYD_NATS_PASSWORD=${client.pass}`,
      "",
    ].join("\n"),
  );
}

async function writeSecret(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, text, { mode: 0o600 });
  // writeFile's mode applies only when it creates the file.
  await chmod(file, 0o600);
}
