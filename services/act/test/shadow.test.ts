import { Capability, DangerLevel, type Psyche, type ShadowPattern } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { shadowCheck, type ShadowSubject } from "../src/safety/shadow.js";

function pattern(name: string, p: Partial<ShadowPattern> = {}): ShadowPattern {
  return { name, capabilityTriggers: [], dangerLevelThreshold: DangerLevel.UNSPECIFIED, actionTriggers: [], severity: 0.5, explanation: "", ...p };
}

function psyche(vetoPatterns: ShadowPattern[], biasPatterns: ShadowPattern[] = []): Psyche {
  return { shadow: { vetoPatterns, biasPatterns } } as unknown as Psyche;
}

function subject(s: Partial<ShadowSubject> = {}): ShadowSubject {
  return { toolName: "shell_exec", capabilities: [Capability.PROCESS_EXEC], danger: DangerLevel.CAUTIOUS, description: 'tool=shell_exec input={"argv":["ls"]}', ...s };
}

describe("shadow check", () => {
  it("shadow - no psyche or no shadow means no veto, no bias, severity 0", () => {
    const none = { vetoed: false, vetoPattern: "", biasPatterns: [], explanation: "", severity: 0 };
    expect(shadowCheck(undefined, subject())).toEqual(none);
    expect(shadowCheck({ shadow: undefined } as unknown as Psyche, subject())).toEqual(none);
  });

  it("shadow - a veto pattern fires on a shared capability", () => {
    const p = psyche([pattern("no_exec", { capabilityTriggers: [Capability.NETWORK, Capability.PROCESS_EXEC], explanation: "no programs", severity: 0.9 })]);
    const c = shadowCheck(p, subject());
    expect(c.vetoed).toBe(true);
    expect(c.vetoPattern).toBe("no_exec");
    expect(c.explanation).toBe("no programs");
    expect(c.severity).toBeCloseTo(0.9);
    expect(shadowCheck(p, subject({ capabilities: [Capability.READ_KG] })).vetoed).toBe(false);
  });

  it("shadow - a veto pattern fires at or above its danger threshold, not below", () => {
    const p = psyche([pattern("too_risky", { dangerLevelThreshold: DangerLevel.DANGEROUS })]);
    expect(shadowCheck(p, subject({ danger: DangerLevel.CAUTIOUS })).vetoed).toBe(false);
    expect(shadowCheck(p, subject({ danger: DangerLevel.DANGEROUS })).vetoed).toBe(true);
    expect(shadowCheck(p, subject({ danger: DangerLevel.CRITICAL })).vetoed).toBe(true);
  });

  it("shadow - an unset danger threshold never fires, even for CRITICAL calls", () => {
    const p = psyche([pattern("unset", { dangerLevelThreshold: DangerLevel.UNSPECIFIED })]);
    expect(shadowCheck(p, subject({ danger: DangerLevel.CRITICAL })).vetoed).toBe(false);
  });

  it("shadow - an action trigger fires case-insensitively on the description", () => {
    const p = psyche([pattern("no_rm", { actionTriggers: ["RM -RF"] })]);
    expect(shadowCheck(p, subject({ description: 'tool=shell_exec input={"command":"rm -rf /tmp/x"}' })).vetoed).toBe(true);
    expect(shadowCheck(p, subject({ description: 'tool=shell_exec input={"command":"rm -r /tmp/x"}' })).vetoed).toBe(false);
  });

  it("shadow - an empty action trigger does not match everything", () => {
    expect(shadowCheck(psyche([pattern("empty", { actionTriggers: [""] })]), subject()).vetoed).toBe(false);
  });

  it("shadow - without an explanation the veto says which pattern fired", () => {
    const c = shadowCheck(psyche([pattern("quiet", { actionTriggers: ["ls"] })]), subject());
    expect(c.explanation).toBe("vetoed by shadow pattern quiet");
  });

  it("shadow - of several matching vetoes the most severe is reported", () => {
    const p = psyche([pattern("mild", { actionTriggers: ["ls"], severity: 0.2 }), pattern("strong", { actionTriggers: ["ls"], severity: 0.8 }), pattern("other", { actionTriggers: ["curl"], severity: 1 })]);
    const c = shadowCheck(p, subject());
    expect(c.vetoPattern).toBe("strong");
    expect(c.severity).toBeCloseTo(0.8);
  });

  it("shadow - bias patterns are reported, not blocking, with their explanations and severity", () => {
    const p = psyche([], [pattern("careful", { capabilityTriggers: [Capability.PROCESS_EXEC], severity: 0.3, explanation: "prefers reading" }), pattern("shy", { actionTriggers: ["ls"], severity: 0.6, explanation: "dislikes listing" }), pattern("unrelated", { actionTriggers: ["curl"], severity: 1 })]);
    const c = shadowCheck(p, subject());
    expect(c.vetoed).toBe(false);
    expect(c.vetoPattern).toBe("");
    expect(c.biasPatterns).toEqual(["careful", "shy"]);
    expect(c.explanation).toBe("prefers reading; dislikes listing");
    expect(c.severity).toBeCloseTo(0.6);
  });

  it("shadow - severity is the strongest of the veto and the biases", () => {
    const p = psyche([pattern("veto", { actionTriggers: ["ls"], severity: 0.4, explanation: "no" })], [pattern("bias", { actionTriggers: ["ls"], severity: 0.7 })]);
    const c = shadowCheck(p, subject());
    expect(c.vetoed).toBe(true);
    expect(c.biasPatterns).toEqual(["bias"]);
    expect(c.severity).toBeCloseTo(0.7);
    expect(c.explanation).toBe("no");
  });

  it("shadow - nothing matching gives severity 0", () => {
    const c = shadowCheck(psyche([pattern("v", { actionTriggers: ["curl"], severity: 0.9 })], [pattern("b", { actionTriggers: ["wget"], severity: 0.9 })]), subject());
    expect(c).toEqual({ vetoed: false, vetoPattern: "", biasPatterns: [], explanation: "", severity: 0 });
  });
});

