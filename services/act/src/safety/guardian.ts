import { ApprovalMode, DangerLevel, SafetyVerdict, type ActionDetails, type SafetyAssessment } from "@boyd/proto";
import type { CallAssessment } from "../tool.js";
import type { CompiledPolicy, Matchers } from "./policy.js";

/** What the guardian needs to know about one call besides its assessment. */
export interface GuardianInput {
  readonly toolName: string;
  readonly assessment: CallAssessment;
  /** The request's mode; UNSPECIFIED falls back to the policy's. */
  readonly mode: ApprovalMode;
  /** Similarity keys a human already approved for this session. */
  readonly approvedKeys: ReadonlySet<string>;
  /** Similarity keys a human denied in this session: asked again, never auto-allowed. */
  readonly deniedKeys: ReadonlySet<string>;
}

/** The verdict plus the key an APPROVE_ALL_SIMILAR answer would cover. */
export interface GuardianVerdict {
  readonly safety: SafetyAssessment;
  readonly similarityKey: string;
}

/**
 * The safety guardian: turns a call's typed action into allow, deny or ask.
 * Order, first match wins:
 * 1. deny lists (always win, yolo included);
 * 2. calls like one a human denied this session ask again;
 * 3. calls a human approved "all similar" this session run: the ask list
 *    is what produced that question, so the answer covers it;
 * 4. ask lists, then allow lists (paranoid mode still asks);
 * 5. deny-by-default: side effects on a command or host no list names;
 * 6. the mode table on the call's danger.
 */
export function guard(policy: CompiledPolicy, input: GuardianInput): GuardianVerdict {
  const { assessment, toolName } = input;
  const mode = input.mode === ApprovalMode.UNSPECIFIED ? policy.mode : input.mode;
  const similarityKey = similarityKeyOf(toolName, assessment);
  const verdict = (v: SafetyVerdict, reason: string): GuardianVerdict => ({
    safety: { action: assessment.action, danger: assessment.danger, verdict: v, reason },
    similarityKey,
  });

  const denied = matchResource(policy.deny, assessment.action);
  if (denied) return verdict(SafetyVerdict.DENIED, `denied by policy: ${denied}`);
  if (input.deniedKeys.has(similarityKey)) return verdict(SafetyVerdict.REQUIRES_APPROVAL, `a similar call (${similarityKey}) was denied earlier this session`);
  if (input.approvedKeys.has(similarityKey)) return verdict(SafetyVerdict.ALLOWED, `similar calls (${similarityKey}) were approved for this session`);
  const asked = matchResource(policy.ask, assessment.action);
  if (asked) return verdict(SafetyVerdict.REQUIRES_APPROVAL, `policy asks: ${asked}`);
  const allowed = matchResource(policy.allow, assessment.action);
  if (allowed) {
    return mode === ApprovalMode.PARANOID
      ? verdict(SafetyVerdict.REQUIRES_APPROVAL, `paranoid mode asks for everything (${allowed})`)
      : verdict(SafetyVerdict.ALLOWED, `allowed by policy: ${allowed}`);
  }
  const resource = outsideResourceOf(assessment.action);
  if (assessment.sideEffects && resource) {
    return verdict(SafetyVerdict.DENIED, `no rule allows ${resource.kind} ${JSON.stringify(resource.value)} (side effects are denied by default; add it to policy.allow.${resource.kind}s or policy.ask.${resource.kind}s)`);
  }
  return byMode(mode, assessment, verdict);
}

/**
 * The mode table (danger of this call -> verdict):
 * safe: read-only runs; paranoid: everything asks; yolo: nothing asks;
 * cautious: reads and reversible cautious writes run, the rest asks.
 */
function byMode(mode: ApprovalMode, a: CallAssessment, verdict: (v: SafetyVerdict, reason: string) => GuardianVerdict): GuardianVerdict {
  const danger = DangerLevel[a.danger] ?? "UNSPECIFIED";
  const name = ApprovalMode[mode]?.toLowerCase() ?? "safe";
  const allow = (): boolean => {
    switch (mode) {
      case ApprovalMode.YOLO:
        return true;
      case ApprovalMode.PARANOID:
        return false;
      case ApprovalMode.CAUTIOUS:
        // An unset (or unknown) danger is not SAFE: it asks.
        return a.danger === DangerLevel.SAFE || (a.danger === DangerLevel.CAUTIOUS && a.reversible);
      default:
        return a.danger === DangerLevel.SAFE && !a.sideEffects;
    }
  };
  return allow()
    ? verdict(SafetyVerdict.ALLOWED, `${name} mode runs ${danger} calls`)
    : verdict(SafetyVerdict.REQUIRES_APPROVAL, `${name} mode asks before ${danger}${a.reversible ? "" : " irreversible"} calls`);
}

/**
 * The scope an APPROVE_ALL_SIMILAR answer covers: the tool and the call's
 * danger, narrowed to the program for commands and the host for requests
 * (approving one `git` call must not approve `rm`).
 */
export function similarityKeyOf(toolName: string, a: CallAssessment): string {
  const base = `${toolName}:${DangerLevel[a.danger] ?? a.danger}`;
  const d = a.action.detail;
  if (d?.$case === "shellCommand") return `${base}:${d.value.argv[0]?.split("/").pop() ?? ""}`;
  if (d?.$case === "networkRequest") return `${base}:${d.value.host.toLowerCase()}`;
  return base;
}

// What a call reaches beyond the workspace: a program or a host.
function outsideResourceOf(action: ActionDetails): { kind: "command" | "host"; value: string } | undefined {
  const d = action.detail;
  switch (d?.$case) {
    case "shellCommand":
      return { kind: "command", value: d.value.commandLine || d.value.argv.join(" ") };
    case "networkRequest":
      return { kind: "host", value: d.value.host };
    default:
      return undefined;
  }
}

// The glob that names this action's resource in a list, as "paths: src/**".
function matchResource(m: Matchers, action: ActionDetails): string | undefined {
  const d = action.detail;
  let hit: string | undefined;
  let list = "";
  switch (d?.$case) {
    case "fileRead":
    case "fileWrite":
    case "fileDelete":
      [hit, list] = [m.path(d.value.path), "paths"];
      break;
    case "shellCommand":
      [hit, list] = [m.command(d.value.argv), "commands"];
      break;
    case "networkRequest":
      [hit, list] = [m.host(d.value.host), "hosts"];
      break;
  }
  return hit === undefined ? undefined : `${list} ${JSON.stringify(hit)}`;
}
