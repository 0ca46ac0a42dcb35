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

