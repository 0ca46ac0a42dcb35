import type { Transport } from "@boyd/bus";
import { ApprovalVerdict, DangerLevel, Event, type ApprovalDecision, type ApprovalRequest } from "@boyd/proto";
import { printable, printableLines } from "./agent-format.js";
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
  // Every field came from the agent or its tool: none may move the cursor or erase what a person approves.
  const lines = question
    ? [`[Question] ${printable(r.preview)}`]
    : [
        `[Approval required] ${printable(r.toolName)} (danger: ${(DangerLevel[r.danger] ?? "?").toLowerCase()}, ${r.reversible ? "reversible" : "irreversible"})`,
        `  reason:      ${printable(r.reason)}`,
        ...(r.agentReasoning ? [`  agent wants: ${printable(r.agentReasoning)}`] : []),
        `  consequence: ${printable(r.consequences)}`,
        ...printableLines(r.preview.trimEnd()).split("\n").map((l, i) => `${i === 0 ? "  preview:     " : "               "}${l}`),
      ];
  return [...lines, `  expires:     ${new Date(r.deadlineUnixMs).toISOString()} (id ${printable(r.id)})`].join("\n");
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

  /**
   * Asks about `request` once the prompts before it are done. When
   * `answered` aborts (someone answered elsewhere; its reason is that
   * decision), the prompt closes, says who answered and how, and the
   * result is undefined: there is nothing left to send.
   */
  ask(request: ApprovalRequest, answered?: AbortSignal): Promise<PromptAnswer | undefined> {
    const run = this.#queue.then(() => this.#askNow(request, answered));
    this.#queue = run.catch(() => {});
    return run;
  }

  close(): void {
    if (this.#owned) this.#lines.close();
  }

  async #askNow(request: ApprovalRequest, answered?: AbortSignal): Promise<PromptAnswer | undefined> {
    // Answered while it waited its turn: never shown.
    if (answered?.aborted) return undefined;
    const question = request.subject?.$case === "action" && request.subject.value.detail?.$case === "userQuestion";
    this.output.write(`\n${describeApproval(request)}\n${question ? "answer> " : "[y]es / [n]o / [a]pprove all similar> "}`);
    const line = await this.#lines.next(undefined, answered);
    if (answered?.aborted) {
      this.output.write(`${describeElsewhere(answered.reason as ApprovalDecision | string | undefined)}\n`);
      return undefined;
    }
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

/** How a request was settled without this prompt: "(answered elsewhere: approved by cli:alice)". */
export function describeElsewhere(decision: ApprovalDecision | string | undefined): string {
  if (typeof decision === "string") return printable(`(no longer open: ${decision})`);
  if (!decision) return "(answered elsewhere)";
  if (decision.verdict === ApprovalVerdict.EXPIRED) return printable(`(no longer open: ${decision.comment || "expired"})`);
  const how = VERDICT_WORDS[decision.verdict] ?? "answered";
  const comment = decision.comment ? `: ${JSON.stringify(decision.comment)}` : "";
  return printable(`(answered elsewhere: ${how} by ${decision.answeredBy || "someone"}${comment})`);
}

const VERDICT_WORDS: Partial<Record<ApprovalVerdict, string>> = {
  [ApprovalVerdict.APPROVE]: "approved",
  [ApprovalVerdict.APPROVE_ALL_SIMILAR]: "approved with all similar",
  [ApprovalVerdict.DENY]: "denied",
};

/** Sends an answer to the service that holds the request (act, or AgentService). */
export type ResolveApproval = (decision: ApprovalDecision) => Promise<unknown>;

/** Options of {@link answeringApprovals}. */
export interface AnsweringOptions {
  /** Where answers are read (default: a reader of stdin of its own). */
  readonly lines?: LineReader;
  /** Called before each prompt, e.g. to clear a progress line. */
  readonly beforePrompt?: () => void;
  /**
   * The requests already waiting when answering starts (AgentService
   * ListApprovals): they were announced before this client listened, so
   * their events never reach it.
   */
  readonly waiting?: () => Promise<readonly ApprovalRequest[]>;
}

/**
 * Answers an agent's (or, with `*`, every agent's) approval requests from
 * the terminal while `work` runs, through `resolve`.
 */
export async function answeringApprovals<T>(transport: Transport, agentId: string, resolve: ResolveApproval, work: () => Promise<T>, options: AnsweringOptions = {}): Promise<T> {
  const prompt = new ApprovalPrompt(options.lines ?? process.stdin);
  const { createEventChannel } = await import("@boyd/bus");
  const events = createEventChannel({ transport, codec: Event });
  // Requests asked (or waiting to be) here; one decided elsewhere closes its prompt.
  const open = new Map<string, AbortController>();
  const decided = new Map<string, ApprovalDecision>();
  const settled = events.subscribe({ agentId, kind: "approval.resolved" }, (event) => {
    const decision = event.kind?.$case === "approvalResolved" ? event.kind.value.decision : undefined;
    if (!decision) return;
    const waiting = open.get(decision.approvalId);
    if (waiting) waiting.abort(decision);
    // A decision can overtake its request's event (another connection): keep it for a while.
    else remember(decided, decision.approvalId, decision);
  });
  // Each request is asked once, whether its event or the waiting list brought it first.
  const asked = new Set<string>();
  const askOnce = async (request: ApprovalRequest): Promise<void> => {
    if (asked.has(request.id)) return;
    asked.add(request.id);
    if (asked.size > KEPT_ASKED) asked.delete(asked.values().next().value!);
    const elsewhere = new AbortController();
    const early = decided.get(request.id);
    if (early) elsewhere.abort(early);
    open.set(request.id, elsewhere);
    try {
      options.beforePrompt?.();
      const answer = await prompt.ask(request, elsewhere.signal);
      if (!answer) return;
      await resolve({ approvalId: request.id, agentId: request.agentId || agentId, verdict: answer.verdict, answeredBy: `cli:${process.env["USER"] ?? "user"}`, comment: answer.comment, decidedAtUnixMs: 0 }).catch((err: Error) =>
        console.error(`boyd: ${printable(err.message)}`),
      );
    } finally {
      open.delete(request.id);
    }
  };
  const sub = events.subscribe({ agentId, kind: "approval.requested" }, async (event) => {
    if (event.kind?.$case === "approvalRequested" && event.kind.value.request) await askOnce(event.kind.value.request);
  });
  await transport.flush();
  // Listening first, then listing: a request raised in between arrives one way or the other.
  const already = await listWaiting(options.waiting);
  for (const request of already) void askOnce(request).catch((err: Error) => console.error(`boyd: ${printable(err.message)}`));
  try {
    return await work();
  } finally {
    // Whatever is still open was settled with the run (answered elsewhere, expired or cancelled): stop asking.
    for (const waiting of open.values()) waiting.abort("the run ended");
    await sub.drain();
    await settled.drain();
    prompt.close();
  }
}

async function listWaiting(waiting: AnsweringOptions["waiting"]): Promise<readonly ApprovalRequest[]> {
  if (!waiting) return [];
  try {
    return await waiting();
  } catch (err) {
    // Without the list, new requests are still asked: say what is missing, carry on.
    console.error(`boyd: could not list the approvals already waiting: ${printable((err as Error).message)}`);
    return [];
  }
}

/** Most early decisions kept. */
const KEPT_DECISIONS = 100;
/** Most asked request ids remembered (a request's event and its listing arrive close together). */
const KEPT_ASKED = 1_000;

function remember(decided: Map<string, ApprovalDecision>, id: string, decision: ApprovalDecision): void {
  decided.set(id, decision);
  if (decided.size > KEPT_DECISIONS) decided.delete(decided.keys().next().value!);
}
