import { BusError } from "@boyd/bus";
import { Archetype, Capability, DangerLevel, type Psyche, type ShadowPattern, type ToolEffectiveness } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import {
  ARCHETYPE_MAX,
  ARCHETYPE_MIN,
  archetypeShifts,
  defaultPsyche,
  dominantArchetype,
  evolvePsyche,
  neutralWeights,
} from "../src/reflection/psyche.js";

const CATALOG = [
  { name: "kg_query", archetype: Archetype.SAGE },
  { name: "reason", archetype: Archetype.SAGE },
  { name: "memory_recall", archetype: Archetype.GUARDIAN },
  { name: "user_interact", archetype: Archetype.HEALER },
  { name: "shell_exec", archetype: Archetype.EXPLORER },
  { name: "http_fetch", archetype: Archetype.EXPLORER },
  { name: "file_io", archetype: Archetype.EXPLORER },
  { name: "web_crawl", archetype: Archetype.EXPLORER },
  { name: "kg_mutate", archetype: Archetype.UNSPECIFIED },
];

function stat(toolName: string, successes: number, invocations: number, flagged = invocations >= 2 && successes / invocations < 0.3): ToolEffectiveness {
  return { toolName, invocations, successes, successRate: successes / invocations, flagged };
}

const strong = (name: string) => stat(name, 4, 4);
const failing = (name: string) => stat(name, 0, 4);

// The act service's shadow check, restated: any trigger fires the pattern.
function fires(p: ShadowPattern, call: { caps?: Capability[]; danger?: DangerLevel; text: string }): boolean {
  const text = call.text.toLowerCase();
  return (
    p.capabilityTriggers.some((c) => (call.caps ?? []).includes(c)) ||
    (p.dangerLevelThreshold !== DangerLevel.UNSPECIFIED && (call.danger ?? DangerLevel.SAFE) >= p.dangerLevelThreshold) ||
    p.actionTriggers.some((t) => t !== "" && text.includes(t.toLowerCase()))
  );
}

function vetoed(psyche: Psyche, call: { caps?: Capability[]; danger?: DangerLevel; text: string }): boolean {
  return (psyche.shadow?.vetoPatterns ?? []).some((p) => fires(p, call));
}

describe("psyche - defaults", () => {
  it("default psyche - neutral weights, Scholar persona, individuation 0.1, not awakened", () => {
    const p = defaultPsyche();
    expect(p.archetypes).toEqual(neutralWeights());
    expect(p.persona?.name).toBe("Scholar");
    expect(p.integration).toEqual({ individuation: 0.1, shadowEncounters: 0, dominant: Archetype.SAGE });
    expect(p.awakened).toBe(false);
  });

  it("default psyche - vetoes destructive calls as text and as argv", () => {
    const p = defaultPsyche();
    const shell = { caps: [Capability.PROCESS_EXEC], danger: DangerLevel.CRITICAL };
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["rm","-rf","/"]}' })).toBe(true);
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["rm","-rf","/home/me"]}' })).toBe(true);
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["sqlite3","kb.db","DROP TABLE facts"]}' })).toBe(true);
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["dd","if=/dev/zero","of=/dev/sda"]}' })).toBe(true);
    expect(vetoed(p, { text: 'tool=kg_mutate input={"subject":"delete all facts"}' })).toBe(true);
    expect(vetoed(p, { text: 'tool=file_io input={"action":"write","path":"x.sh","content":"rm -rf / --no-preserve-root"}' })).toBe(true);
    expect(vetoed(p, { text: 'tool=file_io input={"action":"read","path":"/home/me/.ssh/id_ed25519"}' })).toBe(true);
  });

  it("default psyche - does not veto ordinary shell calls (the reference vetoed every one)", () => {
    const p = defaultPsyche();
    const shell = { caps: [Capability.PROCESS_EXEC], danger: DangerLevel.CRITICAL };
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["ls","-la"]}' })).toBe(false);
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["rm","-rf","build"]}' })).toBe(false);
    expect(vetoed(p, { ...shell, text: 'tool=shell_exec input={"argv":["npm","test"]}' })).toBe(false);
    // ...but a CRITICAL call is still discouraged by a bias pattern.
    expect((p.shadow?.biasPatterns ?? []).filter((b) => fires(b, { ...shell, text: "" })).map((b) => b.name)).toEqual(["critical_danger"]);
  });

  it("default psyche - each call returns a fresh copy", () => {
    const a = defaultPsyche();
    a.shadow?.vetoPatterns[0]?.actionTriggers.push("mutated");
    expect(defaultPsyche().shadow?.vetoPatterns[0]?.actionTriggers).not.toContain("mutated");
  });
});

describe("psyche - dominant archetype", () => {
  it("dominant - the archetype with the highest weight", () => {
    expect(dominantArchetype({ healer: 0.3, sage: 0.4, guardian: 0.2, explorer: 0.6 })).toBe(Archetype.EXPLORER);
    expect(dominantArchetype({ healer: 0.7, sage: 0.4, guardian: 0.2, explorer: 0.6 })).toBe(Archetype.HEALER);
  });

  it("dominant - a tie keeps the previous dominant when it is among the leaders, else sage > guardian > healer > explorer", () => {
    const tie = { healer: 0.6, sage: 0.5, guardian: 0.6, explorer: 0.6 };
    expect(dominantArchetype(tie, Archetype.EXPLORER)).toBe(Archetype.EXPLORER);
    expect(dominantArchetype(tie, Archetype.SAGE)).toBe(Archetype.GUARDIAN);
    expect(dominantArchetype(tie)).toBe(Archetype.GUARDIAN);
    expect(dominantArchetype(neutralWeights())).toBe(Archetype.SAGE);
  });
});

describe("psyche - evolution", () => {
  it("evolve - weights move toward archetypes of strong tools and away from failing ones", () => {
    const p = evolvePsyche(defaultPsyche(), [strong("kg_query"), failing("shell_exec"), stat("memory_recall", 1, 2)], 0, CATALOG);
    expect(p.archetypes?.sage).toBeCloseTo(0.52);
    expect(p.archetypes?.explorer).toBeCloseTo(0.48);
    // 50% is neither strong nor flagged: guardian stays put.
    expect(p.archetypes?.guardian).toBe(0.5);
    expect(p.archetypes?.healer).toBe(0.5);
  });

  it("evolve - a tool needs two calls and more than 70% success to count as strong", () => {
    expect(archetypeShifts([stat("kg_query", 1, 1)], CATALOG)).toEqual([]);
    expect(archetypeShifts([stat("kg_query", 7, 10)], CATALOG)).toEqual([]);
    expect(archetypeShifts([stat("kg_query", 8, 10)], CATALOG)).toEqual([{ archetype: Archetype.SAGE, delta: 0.02, strong: ["kg_query"], flagged: [] }]);
  });

  it("evolve - tools without an archetype or outside the catalog move nothing", () => {
    expect(archetypeShifts([strong("kg_mutate"), strong("mystery_tool"), failing("mystery_tool")], CATALOG)).toEqual([]);
  });

  it("evolve - one reflection moves an archetype by at most 0.06", () => {
    const four = ["shell_exec", "http_fetch", "file_io", "web_crawl"].map(failing);
    expect(archetypeShifts(four, CATALOG)).toEqual([{ archetype: Archetype.EXPLORER, delta: -0.06, strong: [], flagged: ["shell_exec", "http_fetch", "file_io", "web_crawl"] }]);
    // Strong and failing tools of one archetype cancel out.
    expect(archetypeShifts([strong("kg_query"), failing("reason")], CATALOG)).toEqual([]);
  });

  it("evolve - repeated success rises monotonically and stops at 0.95", () => {
    let p = defaultPsyche();
    let previous = 0.5;
    for (let i = 0; i < 60; i++) {
      p = evolvePsyche(p, [strong("kg_query"), strong("reason")], 0, CATALOG);
      const w = p.archetypes?.sage ?? 0;
      expect(w).toBeGreaterThanOrEqual(previous);
      expect(w).toBeLessThanOrEqual(ARCHETYPE_MAX);
      previous = w;
    }
    expect(previous).toBe(ARCHETYPE_MAX);
  });

  it("evolve - repeated failure falls monotonically and stops at 0.1", () => {
    let p = defaultPsyche();
    let previous = 0.5;
    for (let i = 0; i < 60; i++) {
      p = evolvePsyche(p, [failing("shell_exec")], 0, CATALOG);
      const w = p.archetypes?.explorer ?? 1;
      expect(w).toBeLessThanOrEqual(previous);
      expect(w).toBeGreaterThanOrEqual(ARCHETYPE_MIN);
      previous = w;
    }
    expect(previous).toBe(ARCHETYPE_MIN);
  });

  it("evolve - weights loaded out of bounds are brought back in", () => {
    const p = evolvePsyche({ ...defaultPsyche(), archetypes: { healer: 2, sage: -1, guardian: Number.NaN, explorer: 0.5 } }, [], 0, CATALOG);
    expect(p.archetypes).toEqual({ healer: ARCHETYPE_MAX, sage: ARCHETYPE_MIN, guardian: 0.5, explorer: 0.5 });
  });

  it("evolve - the dominant archetype follows the weights", () => {
    let p = defaultPsyche();
    expect(p.integration?.dominant).toBe(Archetype.SAGE);
    p = evolvePsyche(p, [strong("shell_exec")], 0, CATALOG);
    expect(p.integration?.dominant).toBe(Archetype.EXPLORER);
    p = evolvePsyche(p, [strong("user_interact")], 0, CATALOG);
    // healer 0.52 ties explorer 0.52: the previous dominant stays.
    expect(p.integration?.dominant).toBe(Archetype.EXPLORER);
    p = evolvePsyche(p, [strong("user_interact")], 0, CATALOG);
    expect(p.integration?.dominant).toBe(Archetype.HEALER);
  });

  it("evolve - shadow encounters raise individuation by 0.01 each, at most 5 per reflection", () => {
    const p1 = evolvePsyche(defaultPsyche(), [], 3, CATALOG);
    expect(p1.integration?.individuation).toBeCloseTo(0.13);
    expect(p1.integration?.shadowEncounters).toBe(3);
    const p2 = evolvePsyche(p1, [], 50, CATALOG);
    expect(p2.integration?.individuation).toBeCloseTo(0.18);
    // The count keeps every encounter; only the growth is limited.
    expect(p2.integration?.shadowEncounters).toBe(53);
    expect(evolvePsyche(p2, [], 0, CATALOG).integration?.individuation).toBeCloseTo(0.18);
  });

  it("evolve - individuation never passes 1 and grows monotonically", () => {
    let p = defaultPsyche();
    let previous = 0.1;
    for (let i = 0; i < 40; i++) {
      p = evolvePsyche(p, [], 5, CATALOG);
      const ind = p.integration?.individuation ?? 0;
      expect(ind).toBeGreaterThanOrEqual(previous);
      expect(ind).toBeLessThanOrEqual(1);
      previous = ind;
    }
    expect(previous).toBe(1);
  });

  it("evolve - keeps persona, shadow and awakened; fills missing parts; does not modify the input", () => {
    const input: Psyche = { ...defaultPsyche(), awakened: true, persona: { name: "Ranger", grammar: "terse", traits: [], tone: "dry" } };
    const snapshot = structuredClone(input);
    const p = evolvePsyche(input, [strong("kg_query")], 1, CATALOG);
    expect(input).toEqual(snapshot);
    expect(p.persona?.name).toBe("Ranger");
    expect(p.awakened).toBe(true);
    expect(p.shadow).toEqual(input.shadow);

    const bare = evolvePsyche({ persona: undefined, shadow: undefined, archetypes: undefined, integration: undefined, awakened: false }, [], 0, CATALOG);
    expect(bare.archetypes).toEqual(neutralWeights());
    expect(bare.integration?.individuation).toBeCloseTo(0.1);
    expect(bare.shadow?.vetoPatterns.length).toBeGreaterThan(0);
  });

  it("evolve - a negative or fractional encounter count is INVALID_ARGUMENT", () => {
    expect(() => evolvePsyche(defaultPsyche(), [], -1, CATALOG)).toThrow(BusError);
    expect(() => evolvePsyche(defaultPsyche(), [], 1.5, CATALOG)).toThrow(/whole number/);
  });
});

