import { ActionOutcome } from "./gen/index.js";

/**
 * How working memory keeps a failed call as a TOOL_RESULT entry: its
 * outcome's name and the reason, "<OUTCOME>: <reason>" (see
 * RememberRequest.entries). The controller writes it; decide passes no such
 * entry on as a step's output, and memory makes no fact of it.
 */
export function failedCallText(outcome: ActionOutcome, reason: string): string {
  return `${ActionOutcome[outcome]}: ${reason}`;
}

const FAILED_CALL = new RegExp(
  `^(?:${Object.keys(ActionOutcome)
    .filter((k) => Number.isNaN(Number(k)))
    .join("|")}): `,
);

/** Whether a TOOL_RESULT entry's text is a failed call's (see failedCallText), not a tool's output. */
export function isFailedCallText(text: string): boolean {
  return FAILED_CALL.test(text);
}
