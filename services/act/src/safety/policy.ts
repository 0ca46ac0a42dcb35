import { ApprovalMode } from "@boyd/proto";
import { posix } from "node:path";
import picomatch from "picomatch";
import { z } from "zod";

const Globs = z.array(z.string().min(1, "a glob may not be empty"));
const lists = <C extends z.ZodTypeAny>(commands: C) => z.object({ paths: Globs.default([]), commands, hosts: Globs.default([]) }).strict();


/** Secrets and credentials: never read or written by a tool. */
export const BUILTIN_DENIED_PATHS = [
  "**/.env",
  "**/.env.*",
  "**/*.key",
  "**/*.pem",
  "**/*.p12",
  "**/secrets/**",
  "**/credentials*",
  "**/.ssh/**",
  "**/.aws/**",
  "**/.gnupg/**",
  "**/.docker/config.json",
  "**/*id_rsa*",
  "**/*id_ed25519*",
  "**/.npmrc",
  "**/.pypirc",
  "**/.git/config",
];

/** Privilege escalation and machine-wide damage: never run, even confined. */
export const BUILTIN_DENIED_COMMANDS = ["sudo", "su", "doas", "pkexec", "mkfs*", "shutdown", "reboot", "halt", "poweroff", "nsenter", "chroot", "mount", "umount", "insmod", "modprobe"];

/**
 * Programs that only read, allowed by default (still confined by the
 * sandbox). Programs with options that write (find -delete, sort -o) are
 * left out on purpose.
 */
export const DEFAULT_ALLOWED_COMMANDS = ["ls", "cat", "head", "tail", "wc", "grep", "uniq", "cut", "tr", "echo", "printf", "date", "pwd", "true", "false", "stat", "file", "diff", "basename", "dirname", "sha256sum", "md5sum", "jq"];

/** Programs that change things, asked for by default. */
export const DEFAULT_ASK_COMMANDS = ["git", "make", "npm", "pnpm", "node", "python3", "python", "mkdir", "cp", "mv", "rm", "touch", "tar", "sh", "bash"];

/**
 * The operator's safety policy, as written in the act configuration file
 * (`policy` key) or assembled from the environment.
 *
 * - `mode`: which calls ask a human (see {@link decideByMode}).
 * - `deny`: never runs, whatever the mode (yolo included).
 * - `ask`: always asks, whatever the mode.
 * - `allow`: runs without asking (paranoid mode still asks).
 * - A command or a host that no list names is denied when the call has
 *   side effects (deny-by-default); paths need no allow rule because
 *   file_io is confined to the workspace, so they follow the mode table.
 * - `allow.commands` and `ask.commands` default to read-only tools and
 *   to common build tools; giving the key replaces the default.
 *
 * Paths are globs relative to the workspace (`src/**`, `**\/*.pem`);
 * commands are globs over the program's base name (`git`) or the whole
 * command line (`git push *`); hosts are globs (`*.example.com`).
 */
export const PolicyConfig = z
  .object({
    mode: z.enum(["safe", "cautious", "paranoid", "yolo"]).default("safe"),
    deny: lists(Globs.default([])).default({}),
    /** `ask.commands` defaults to DEFAULT_ASK_COMMANDS less what `allow.commands` names. */
    ask: lists(Globs.optional()).default({}),
    allow: lists(Globs.default([...DEFAULT_ALLOWED_COMMANDS])).default({}),
    /** Keep the built-in deny lists (secrets, privilege escalation). @default true */
    builtinDenies: z.boolean().default(true),
  })
  .strict();
export type PolicyConfig = z.infer<typeof PolicyConfig>;

/** The programs a policy asks for: its own list, or the defaults less what it allows (an operator who allows a program means it). */
export function askedCommands(policy: PolicyConfig): string[] {
  return policy.ask.commands ?? DEFAULT_ASK_COMMANDS.filter((c) => !policy.allow.commands.includes(c));
}

/** Matchers compiled once from a policy. */
export interface CompiledPolicy {
  readonly mode: ApprovalMode;
  readonly deny: Matchers;
  readonly ask: Matchers;
  readonly allow: Matchers;
}

/** One predicate per resource kind. */
export interface Matchers {
  path(path: string): string | undefined;
  command(argv: readonly string[]): string | undefined;
  host(host: string): string | undefined;
}

/** Compiles the globs; a bad glob is reported with its list and index. */
export function compilePolicy(policy: PolicyConfig): CompiledPolicy {
  const denyCommands = policy.deny.commands;
  const deny = policy.builtinDenies
    ? { paths: [...BUILTIN_DENIED_PATHS, ...policy.deny.paths], commands: [...BUILTIN_DENIED_COMMANDS, ...denyCommands], hosts: policy.deny.hosts }
    : { ...policy.deny, commands: denyCommands };
  const allowed = policy.allow.commands;
  const ask = { ...policy.ask, commands: askedCommands(policy) };
  return {
    mode: MODES[policy.mode],
    deny: matchers(deny),
    ask: matchers(ask),
    allow: matchers({ ...policy.allow, commands: allowed }),
  };
}

const MODES = { safe: ApprovalMode.SAFE, cautious: ApprovalMode.CAUTIOUS, paranoid: ApprovalMode.PARANOID, yolo: ApprovalMode.YOLO } as const;

// Each matcher returns the glob that matched, for the verdict's reason.
function matchers(lists: { paths: readonly string[]; commands: readonly string[]; hosts: readonly string[] }): Matchers {
  const compile = (globs: readonly string[], options: picomatch.PicomatchOptions) => globs.map((g) => ({ glob: g, test: picomatch(g, options) }));
  const paths = compile(lists.paths, { dot: true });
  const commands = compile(lists.commands, { dot: true, bash: true });
  const hosts = compile(lists.hosts, { nocase: true });
  const first = (list: typeof paths, ...values: string[]) => list.find((m) => values.some((v) => m.test(v)))?.glob;
  return {
    path: (path) => first(paths, normalise(path)),
    command: (argv) => {
      const program = argv[0] ?? "";
      return first(commands, program.split("/").pop() ?? program, program, argv.join(" "));
    },
    host: (host) => first(hosts, host.toLowerCase().replace(/^\[|\]$/g, "")),
  };
}

// Workspace-relative with "." and ".." folded, so globs see one spelling
// ("a/../.env" is ".env").
function normalise(path: string): string {
  return posix.normalize(path).replace(/^(\.\/)+/, "");
}
