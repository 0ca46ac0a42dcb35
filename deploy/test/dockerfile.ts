/** One Dockerfile instruction: its keyword (upper case) and the rest of its (joined) lines. */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly line: number;
}

/** A build stage: `FROM <base> [AS <name>]` and what follows it. */
export interface Stage {
  readonly base: string;
  readonly name: string | undefined;
  readonly instructions: readonly Instruction[];
}

/**
 * Splits a Dockerfile into stages of instructions: comments dropped,
 * backslash continuations joined. `ARG`s before the first `FROM` are
 * substituted into the stages' bases (`FROM ${BASE_IMAGE}`), with their
 * defaults unless `buildArgs` sets them, as `--build-arg` would. Enough
 * for the checks in dockerfile.test.ts; heredocs are not supported.
 */
export function parseDockerfile(text: string, buildArgs: Readonly<Record<string, string>> = {}): Stage[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === "" || line.trimStart().startsWith("#"))) return;
    if (pending && line.trimStart().startsWith("#")) return;
    const continued = line.endsWith("\\");
    const body = continued ? line.slice(0, -1) : line;
    pending = pending ? { text: `${pending.text} ${body.trim()}`, line: pending.line } : { text: body.trim(), line: index + 1 };
    if (continued) return;
    const [keyword, ...rest] = pending.text.split(/\s+/);
    instructions.push({ keyword: keyword!.toUpperCase(), args: rest.join(" "), line: pending.line });
    pending = undefined;
  });
  if (instructions.some((i) => i.args.startsWith("<<"))) throw new Error("heredocs are not supported by this parser");
  const stages: Array<{ base: string; name: string | undefined; instructions: Instruction[] }> = [];
  const globalArgs = new Map<string, string | undefined>();
  for (const instruction of instructions) {
    if (instruction.keyword === "ARG" && stages.length === 0) {
      const [name, value] = splitArg(instruction.args);
      globalArgs.set(name, buildArgs[name] ?? value);
    } else if (instruction.keyword === "FROM") {
      const [base, as, name] = instruction.args.split(/\s+/);
      stages.push({ base: expandArgs(base!, globalArgs, instruction.line), name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`line ${instruction.line}: ${instruction.keyword} before any FROM`);
      stage.instructions.push(instruction);
    }
  }
  return stages;
}

/** `NAME=default` or `NAME` of an ARG instruction. */
function splitArg(args: string): [string, string | undefined] {
  const eq = args.indexOf("=");
  return eq < 0 ? [args.trim(), undefined] : [args.slice(0, eq).trim(), args.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1")];
}

/** `$NAME` and `${NAME}` replaced by the global ARGs; an unknown or unset one is an error naming the line. */
function expandArgs(text: string, args: ReadonlyMap<string, string | undefined>, line: number): string {
  return text.replace(/\$(?:\{(\w+)\}|(\w+))/g, (_, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!;
    const value = args.get(name);
    if (value === undefined) throw new Error(`line ${line}: FROM uses $${name}, which no ARG before the first FROM sets`);
    return value;
  });
}

/** An instruction's arguments in exec form (`["a", "b"]`); throws for shell form. */
export function execForm(instruction: Instruction): string[] {
  const parsed: unknown = JSON.parse(instruction.args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string")) throw new Error(`line ${instruction.line}: ${instruction.keyword} is not in exec form`);
  return parsed;
}

/** A `COPY [--from=stage] [--chown=..] src... dest` split into its parts. */
export function parseCopy(instruction: Instruction): { from: string | undefined; sources: string[]; destination: string } {
  const words = instruction.args.split(/\s+/);
  const flags = words.filter((w) => w.startsWith("--"));
  const paths = words.filter((w) => !w.startsWith("--"));
  const from = flags.find((f) => f.startsWith("--from="))?.slice("--from=".length);
  return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
}

/** The working directory in effect before instruction `index` of a stage. */
export function workdirAt(stage: Stage, index: number): string {
  let dir = "/";
  for (const instruction of stage.instructions.slice(0, index)) {
    if (instruction.keyword === "WORKDIR") dir = instruction.args.startsWith("/") ? instruction.args : `${dir.replace(/\/$/, "")}/${instruction.args}`;
  }
  return dir;
}
