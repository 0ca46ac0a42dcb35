import { DangerLevel, type Capability, type Psyche, type ShadowCheck, type ShadowPattern } from "@boyd/proto";

/** The call as the psyche sees it. */
export interface ShadowSubject {
  readonly toolName: string;
  readonly capabilities: readonly Capability[];
  /** Danger of this call. */
  readonly danger: DangerLevel;
  /** "tool=<name> input=<json>": what action triggers are searched in. */
  readonly description: string;
}

/**
 * The psyche's shadow check, run before anything else about a call: a veto
 * pattern that matches blocks it; bias patterns that match are reported
 * (the decide scorer already weighs archetypes; act only tells). A pattern
 * matches when any trigger fires: a shared capability, danger at or above
 * its threshold (an unset threshold never fires), or one of its action
 * triggers found, case-insensitively, in the description.
 */
export function shadowCheck(psyche: Psyche | undefined, subject: ShadowSubject): ShadowCheck {
  const none: ShadowCheck = { vetoed: false, vetoPattern: "", biasPatterns: [], explanation: "", severity: 0 };
  const shadow = psyche?.shadow;
  if (!shadow) return none;
  const text = subject.description.toLowerCase();
  const matches = (p: ShadowPattern) =>
    p.capabilityTriggers.some((c) => subject.capabilities.includes(c)) ||
    (p.dangerLevelThreshold !== DangerLevel.UNSPECIFIED && subject.danger >= p.dangerLevelThreshold) ||
    p.actionTriggers.some((t) => t !== "" && text.includes(t.toLowerCase()));

  const veto = shadow.vetoPatterns.filter(matches).sort((a, b) => b.severity - a.severity)[0];
  const biases = shadow.biasPatterns.filter(matches);
  const strongest = Math.max(veto?.severity ?? 0, ...biases.map((b) => b.severity));
  return {
    vetoed: veto !== undefined,
    vetoPattern: veto?.name ?? "",
    biasPatterns: biases.map((b) => b.name),
    explanation: veto ? veto.explanation || `vetoed by shadow pattern ${veto.name}` : biases.map((b) => b.explanation).filter(Boolean).join("; "),
    severity: biases.length || veto ? strongest : 0,
  };
}

/**
 * A bias pattern learned from a human's denial, for the controller to add
 * to the psyche: it discourages calls that look like the denied one (same
 * tool and resource), so the agent stops proposing what people refuse.
 */
export function biasFromDenial(toolName: string, resource: string, reason: string): ShadowPattern {
  // Triggers are searched in "tool=<name> input=<json>": the resource (a
  // path, a program, a host) appears in the input JSON-escaped (a quote as \").
  const trigger = (resource ? JSON.stringify(resource).slice(1, -1) : `tool=${toolName}`).slice(0, 200);
  return {
    name: `denied:${toolName}:${resource}`.slice(0, 120),
    capabilityTriggers: [],
    dangerLevelThreshold: DangerLevel.UNSPECIFIED,
    actionTriggers: [trigger.toLowerCase()],
    severity: 0.5,
    explanation: reason ? `a person denied this before: ${reason}` : "a person denied this before",
  };
}
