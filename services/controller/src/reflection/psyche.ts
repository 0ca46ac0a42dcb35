import { BusError } from "@boyd/bus";
import {
  Archetype,
  DangerLevel,
  type ArchetypeWeights,
  type Psyche,
  type SelfIntegration,
  type ShadowPattern,
  type ToolDescriptor,
  type ToolEffectiveness,
} from "@boyd/proto";

/** Lowest archetype weight: a leaning never disappears entirely. */
export const ARCHETYPE_MIN = 0.1;
/** Highest archetype weight: a leaning never becomes absolute. */
export const ARCHETYPE_MAX = 0.95;
/** Neutral archetype weight; the decide scorer's bias is zero here. */
export const ARCHETYPE_NEUTRAL = 0.5;
/** Weight change per strong or flagged tool at one reflection (the reference's step). */
export const ARCHETYPE_STEP = 0.02;
/**
 * Largest change of one archetype's weight at one reflection. Four explorer
 * tools failing together should not swing the psyche by 0.08 at once; with
 * the decide scorer's 0.15 scale, 0.06 is under one point of tool score.
 */
export const MAX_ARCHETYPE_SHIFT = 0.06;
/** Success rate above which a tool counts as strong (reference: > 0.7)... */
export const STRONG_TOOL_RATE = 0.7;
/** ...given at least this many calls. */
export const STRONG_TOOL_MIN_CALLS = 2;
/** Individuation gained per shadow encounter at one reflection. */
export const INDIVIDUATION_PER_ENCOUNTER = 0.01;
/** Encounters counted per reflection; a burst of vetoes is one lesson, not fifty. */
export const MAX_ENCOUNTERS_PER_REFLECTION = 5;
/** Starting individuation (the reference psyche's). */
export const INITIAL_INDIVIDUATION = 0.1;

/** What evolution needs to know about a tool: its archetype. */
export type ToolArchetypeSource = Pick<ToolDescriptor, "name" | "archetype">;

/** The four archetypes, in the order that breaks ties for dominance. */
export const ARCHETYPES = [Archetype.SAGE, Archetype.GUARDIAN, Archetype.HEALER, Archetype.EXPLORER] as const;

type WeightKey = keyof ArchetypeWeights;
const KEY: Readonly<Record<(typeof ARCHETYPES)[number], WeightKey>> = {
  [Archetype.SAGE]: "sage",
  [Archetype.GUARDIAN]: "guardian",
  [Archetype.HEALER]: "healer",
  [Archetype.EXPLORER]: "explorer",
};

function pattern(p: Partial<ShadowPattern> & Pick<ShadowPattern, "name">): ShadowPattern {
  return { capabilityTriggers: [], dangerLevelThreshold: DangerLevel.UNSPECIFIED, actionTriggers: [], severity: 0.5, explanation: "", ...p };
}

// Action triggers are searched, case-insensitively, in
// `tool=<name> input=<json>` (see the act service's shadow check). A
// program's argv therefore appears as `"rm","-rf","/..."`, so each
// destructive command is listed both as typed text (file contents, a
// question, a fact) and in that JSON form.
const DEFAULT_VETO: readonly ShadowPattern[] = [
  pattern({
    name: "destructive_action",
    actionTriggers: [
      "rm -rf /",
      "rm -fr /",
      "rm -rf ~",
      "rm -rf *",
      '"rm","-rf","/',
      '"rm","-fr","/',
      '"rm","-rf","~',
      '"rm","-rf","*"',
      "--no-preserve-root",
      "drop table",
      "drop database",
      "truncate table",
      "delete all",
      "mkfs",
      "of=/dev/",
    ],
    severity: 1,
    explanation: "irreversible destruction of data: removing a whole tree, dropping a database or formatting a device",
  }),
  pattern({
    name: "credential_access",
    actionTriggers: ["/etc/shadow", ".ssh/id_", "id_rsa", "aws_secret_access_key", ".aws/credentials", ".netrc"],
    severity: 0.9,
    explanation: "reading or sending secrets such as private keys, password hashes or cloud credentials",
  }),
];

// Bias patterns only discourage; unlike the reference, a CRITICAL tool such
// as shell_exec is never vetoed for what it is, only for what a call does.
const DEFAULT_BIAS: readonly ShadowPattern[] = [
  pattern({
    name: "critical_danger",
    dangerLevelThreshold: DangerLevel.CRITICAL,
    severity: 0.3,
    explanation: "arbitrary execution: prefer a narrower tool when one will do",
  }),
  pattern({
    name: "privilege_escalation",
    actionTriggers: ["sudo ", '"sudo"', '"su"', "chmod 777", '"chmod","777"', '"chmod","-r","777"', "chown root"],
    severity: 0.6,
    explanation: "raising privileges or opening permissions wide",
  }),
  pattern({
    name: "file_deletion",
    actionTriggers: ['"action":"delete"'],
    severity: 0.4,
    explanation: "deleting workspace files cannot be undone",
  }),
  pattern({
    name: "outbound_post",
    actionTriggers: ['"method":"post"'],
    severity: 0.3,
    explanation: "sending data to another host",
  }),
];

function copyPattern(p: ShadowPattern): ShadowPattern {
  return { ...p, capabilityTriggers: [...p.capabilityTriggers], actionTriggers: [...p.actionTriggers] };
}

/** Neutral archetype weights (all 0.5). */
export function neutralWeights(): ArchetypeWeights {
  return { healer: ARCHETYPE_NEUTRAL, sage: ARCHETYPE_NEUTRAL, guardian: ARCHETYPE_NEUTRAL, explorer: ARCHETYPE_NEUTRAL };
}

/**
 * A fresh default psyche: the "Scholar" persona, neutral archetype weights,
 * the default veto patterns (whole-tree removal, dropped databases,
 * formatted devices, credential access) and bias patterns (critical tools,
 * privilege escalation, file deletion, outbound POSTs), individuation 0.1.
 * Not awakened: activating it is the controller's decision.
 */
export function defaultPsyche(): Psyche {
  const archetypes = neutralWeights();
  return {
    persona: { name: "Scholar", grammar: "narrative", traits: ["curious", "careful", "thorough"], tone: "measured" },
    shadow: { vetoPatterns: DEFAULT_VETO.map(copyPattern), biasPatterns: DEFAULT_BIAS.map(copyPattern) },
    archetypes,
    integration: { individuation: INITIAL_INDIVIDUATION, shadowEncounters: 0, dominant: dominantArchetype(archetypes) },
    awakened: false,
  };
}

/**
 * The archetype with the highest weight. Ties keep `previous` when it is
 * among the leaders, so equal weights do not flip the dominant back and
 * forth; otherwise the order of {@link ARCHETYPES} decides (sage first: a
 * knowledge agent's home ground; explorer last: reaching outward is the
 * riskiest leaning to default to).
 */
export function dominantArchetype(weights: ArchetypeWeights, previous: Archetype = Archetype.UNSPECIFIED): Archetype {
  const top = Math.max(...ARCHETYPES.map((a) => weights[KEY[a]]));
  const leaders = ARCHETYPES.filter((a) => weights[KEY[a]] === top);
  if (leaders.some((a) => a === previous)) return previous;
  return leaders[0] ?? Archetype.UNSPECIFIED;
}

/** One archetype's weight change at a reflection, with the tools behind it. */
export interface ArchetypeShift {
  readonly archetype: Archetype;
  /** Signed change before clamping to the weight bounds. */
  readonly delta: number;
  /** Tools that pulled the weight up (strong). */
  readonly strong: readonly string[];
  /** Tools that pushed it down (flagged). */
  readonly flagged: readonly string[];
}

/** Whether a tool's record counts as a success story for its archetype. */
export function isStrongTool(t: ToolEffectiveness): boolean {
  return t.invocations >= STRONG_TOOL_MIN_CALLS && t.successRate > STRONG_TOOL_RATE;
}

/**
 * How each archetype's weight should move given recent tool results:
 * +{@link ARCHETYPE_STEP} per strong tool of that archetype, -STEP per
 * flagged one, the sum limited to ±{@link MAX_ARCHETYPE_SHIFT}. Tools
 * without an archetype, or missing from the catalog, move nothing. Only
 * archetypes with a non-zero delta are listed, in {@link ARCHETYPES} order.
 */
export function archetypeShifts(toolStats: readonly ToolEffectiveness[], catalog: readonly ToolArchetypeSource[]): ArchetypeShift[] {
  const archetypeOf = new Map(catalog.map((t) => [t.name, t.archetype]));
  const shifts: ArchetypeShift[] = [];
  for (const archetype of ARCHETYPES) {
    const mine = toolStats.filter((t) => archetypeOf.get(t.toolName) === archetype);
    const strong = mine.filter(isStrongTool).map((t) => t.toolName);
    const flagged = mine.filter((t) => t.flagged).map((t) => t.toolName);
    const raw = ARCHETYPE_STEP * (strong.length - flagged.length);
    const delta = Math.max(-MAX_ARCHETYPE_SHIFT, Math.min(MAX_ARCHETYPE_SHIFT, raw));
    // Rounded so repeated small steps do not accumulate float dust (0.52000000001).
    if (delta !== 0) shifts.push({ archetype, delta: round(delta), strong, flagged });
  }
  return shifts;
}

/**
 * The psyche after one reflection:
 * - archetype weights move toward the archetypes of strong tools and away
 *   from those of flagged tools ({@link archetypeShifts}), clamped to
 *   0.1..0.95;
 * - `shadowEncounters` (vetoes and bias hits since the last reflection) add
 *   to the encounter count and raise individuation by 0.01 each, at most 5
 *   counted per reflection, individuation capped at 1;
 * - the dominant archetype is recomputed.
 * Persona, shadow patterns and `awakened` are kept. Missing parts of the
 * input psyche are filled from {@link defaultPsyche}. The input is not
 * modified.
 *
 * Pass tool statistics of the calls since the last reflection, so a call
 * moves the psyche once rather than at every reflection that still sees it.
 *
 * @throws BusError INVALID_ARGUMENT when `shadowEncounters` is not a whole number >= 0.
 */
export function evolvePsyche(
  psyche: Psyche,
  toolStats: readonly ToolEffectiveness[],
  shadowEncounters: number,
  catalog: readonly ToolArchetypeSource[],
): Psyche {
  if (!Number.isInteger(shadowEncounters) || shadowEncounters < 0) {
    throw new BusError("INVALID_ARGUMENT", `shadow encounters must be a whole number >= 0, got ${shadowEncounters}`);
  }
  const base = defaultPsyche();
  const weights: ArchetypeWeights = { ...(psyche.archetypes ?? base.archetypes ?? neutralWeights()) };
  for (const shift of archetypeShifts(toolStats, catalog)) {
    const key = KEY[shift.archetype as (typeof ARCHETYPES)[number]];
    weights[key] = clampWeight(round(weights[key] + shift.delta));
  }
  // Weights loaded from elsewhere may sit outside the bounds; evolution
  // brings them back in even when no tool moved them.
  for (const a of ARCHETYPES) weights[KEY[a]] = clampWeight(weights[KEY[a]]);

  const before: SelfIntegration = psyche.integration ?? { individuation: INITIAL_INDIVIDUATION, shadowEncounters: 0, dominant: Archetype.UNSPECIFIED };
  const counted = Math.min(shadowEncounters, MAX_ENCOUNTERS_PER_REFLECTION);
  const integration: SelfIntegration = {
    individuation: Math.max(0, Math.min(1, round(before.individuation + INDIVIDUATION_PER_ENCOUNTER * counted))),
    shadowEncounters: before.shadowEncounters + shadowEncounters,
    dominant: dominantArchetype(weights, before.dominant),
  };
  return {
    persona: psyche.persona ?? base.persona,
    shadow: psyche.shadow ?? base.shadow,
    archetypes: weights,
    integration,
    awakened: psyche.awakened,
  };
}

function clampWeight(w: number): number {
  if (!Number.isFinite(w)) return ARCHETYPE_NEUTRAL;
  return Math.max(ARCHETYPE_MIN, Math.min(ARCHETYPE_MAX, w));
}

function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}
