import { createEventChannel, type Transport } from "@boyd/bus";
import { ApprovalVerdict, DangerLevel, Event, type ApprovalDecision, type ApprovalRequest } from "@boyd/proto";
import { LineReader } from "./line-reader.js";

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
 * free text. One prompt at a time; closed input denies. Given a
 * {@link LineReader}, it shares it (the REPL's stdin) and leaves it open.
 */
export class ApprovalPrompt {
  readonly #lines: LineReader;
  readonly #owned: boolean;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(input: NodeJS.ReadableStream | LineReader = process.stdin, private readonly output: NodeJS.WritableStream = process.stderr) {
    this.#owned = !(input instanceof LineReader);
    this.#lines = input instanceof LineReader ? input : new LineReader(input);
  }

  ask(request: ApprovalRequest): Promise<PromptAnswer> {
    const run = this.#queue.then(() => this.#askNow(request));
    this.#queue = run.catch(() => {});
    return run;
  }

  close(): void {
    if (this.#owned) this.#lines.close();
  }

  async #askNow(request: ApprovalRequest): Promise<PromptAnswer> {
    const question = request.subject?.$case === "action" && request.subject.value.detail?.$case === "userQuestion";
    this.output.write(`\n${describeApproval(request)}\n${question ? "answer> " : "[y]es / [n]o / [a]pprove all similar> "}`);
    const line = await this.#lines.next();
    if (line === undefined) {
      this.output.write("(no answer: input closed)\n");
      return { verdict: ApprovalVerdict.DENY, comment: "no answer (input closed)" };
    }
    if (question) return { verdict: ApprovalVerdict.APPROVE, comment: line };
    const [word = "", ...rest] = line.trim().split(/\s+/);
    const comment = rest.join(" ");
    if (/^y(es)?$/i.test(word)) return { verdict: ApprovalVerdict.APPROVE, comment };
    if (/^a(ll)?$/i.test(word)) return { verdict: ApprovalVerdict.APPROVE_ALL_SIMILAR, comment };
    return { verdict: ApprovalVerdict.DENY, comment };
  }
}

/** Sends an answer to the service that holds the request (act, or AgentService). */
export type ResolveApproval = (decision: ApprovalDecision) => Promise<unknown>;

/** Options of {@link answeringApprovals}. */
export interface AnsweringOptions {
  /** Where answers are read (default: a reader of stdin of its own). */
  readonly lines?: LineReader;
  /** Called before each prompt, e.g. to clear a progress line. */
  readonly beforePrompt?: () => void;
}

/**
 * Answers an agent's (or, with `*`, every agent's) approval requests from
 * the terminal while `work` runs, through `resolve`.
 */
export async function answeringApprovals<T>(transport: Transport, agentId: string, resolve: ResolveApproval, work: () => Promise<T>, options: AnsweringOptions = {}): Promise<T> {
  const prompt = new ApprovalPrompt(options.lines ?? process.stdin);
  const events = createEventChannel({ transport, codec: Event });
  const sub = events.subscribe({ agentId, kind: "approval.requested" }, async (event) => {
    if (event.kind?.$case !== "approvalRequested" || !event.kind.value.request) return;
    const request = event.kind.value.request;
    options.beforePrompt?.();
    const answer = await prompt.ask(request);
    await resolve({ approvalId: request.id, agentId: request.agentId || agentId, verdict: answer.verdict, answeredBy: `cli:${process.env["USER"] ?? "user"}`, comment: answer.comment, decidedAtUnixMs: 0 }).catch((err: Error) =>
      console.error(`boyd: ${err.message}`),
    );
  });
  await transport.flush();
  try {
    return await work();
  } finally {
    await sub.drain();
    prompt.close();
  }
}
