import { createInterface, type Interface } from "node:readline";
import { ApprovalVerdict, DangerLevel, type ApprovalRequest } from "@boyd/proto";

/** An answer to one approval request. */
export interface PromptAnswer {
  readonly verdict: ApprovalVerdict;
  readonly comment: string;
}

/** The request as a person reads it: what, why, how bad, and the preview. */
export function describeApproval(r: ApprovalRequest): string {
  const detail = r.subject?.$case === "action" ? r.subject.value.detail : undefined;
  const question = detail?.$case === "userQuestion";
  const lines = question
    ? [`[Question] ${r.preview}`]
    : [
        `[Approval required] ${r.toolName} (danger: ${(DangerLevel[r.danger] ?? "?").toLowerCase()}, ${r.reversible ? "reversible" : "irreversible"})`,
        `  reason:      ${r.reason}`,
        ...(r.agentReasoning ? [`  agent wants: ${r.agentReasoning}`] : []),
        `  consequence: ${r.consequences}`,
        ...r.preview.trimEnd().split("\n").map((l, i) => `${i === 0 ? "  preview:     " : "               "}${l}`),
      ];
  return [...lines, `  expires:     ${new Date(r.deadlineUnixMs).toISOString()} (id ${r.id})`].join("\n");
}

/**
 * Reads answers from a terminal (or any stream): `y` approves, `a`
 * approves all similar for the session, `n` or anything else denies (an
 * answer after `n ` becomes the comment). A question is answered with
 * free text. One prompt at a time; closed input denies.
 */
export class ApprovalPrompt {
  readonly #rl: Interface;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;
  // Lines typed (or piped) before a request arrived wait here for it.
  readonly #lines: string[] = [];
  #waiting: ((line: string | undefined) => void) | undefined;

  constructor(input: NodeJS.ReadableStream = process.stdin, private readonly output: NodeJS.WritableStream = process.stderr) {
    this.#rl = createInterface({ input, terminal: false });
    this.#rl.on("line", (line) => {
      if (this.#waiting) this.#take(line);
      else this.#lines.push(line);
    });
    this.#rl.on("close", () => {
      this.#closed = true;
      this.#take(undefined);
    });
  }

  ask(request: ApprovalRequest): Promise<PromptAnswer> {
    const run = this.#queue.then(() => this.#askNow(request));
    this.#queue = run.catch(() => {});
    return run;
  }

  close(): void {
    this.#rl.close();
  }

  async #askNow(request: ApprovalRequest): Promise<PromptAnswer> {
    const question = request.subject?.$case === "action" && request.subject.value.detail?.$case === "userQuestion";
    this.output.write(`\n${describeApproval(request)}\n${question ? "answer> " : "[y]es / [n]o / [a]pprove all similar> "}`);
    const line = await this.#line();
    if (line === undefined) return { verdict: ApprovalVerdict.DENY, comment: "no answer (input closed)" };
    if (question) return { verdict: ApprovalVerdict.APPROVE, comment: line };
    const [word = "", ...rest] = line.trim().split(/\s+/);
    const comment = rest.join(" ");
    if (/^y(es)?$/i.test(word)) return { verdict: ApprovalVerdict.APPROVE, comment };
    if (/^a(ll)?$/i.test(word)) return { verdict: ApprovalVerdict.APPROVE_ALL_SIMILAR, comment };
    return { verdict: ApprovalVerdict.DENY, comment };
  }

  #line(): Promise<string | undefined> {
    if (this.#lines.length) return Promise.resolve(this.#lines.shift());
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => (this.#waiting = resolve));
  }

  #take(line: string | undefined): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.(line);
  }
}
