import { ApprovalMode, DangerLevel, SafetyVerdict, type ActionDetails } from "@boyd/proto";
import { describe, expect, it } from "vitest";
import { guard, similarityKeyOf, type GuardianVerdict } from "../src/safety/guardian.js";
import { askedCommands, compilePolicy, DEFAULT_ASK_COMMANDS, PolicyConfig } from "../src/safety/policy.js";
import type { CallAssessment } from "../src/tool.js";

const { ALLOWED, DENIED, REQUIRES_APPROVAL } = SafetyVerdict;

function shell(argv: string[]): ActionDetails {
  return { detail: { $case: "shellCommand", value: { argv, cwd: ".", timeoutMs: 1_000, commandLine: argv.join(" ") } } };
}
function net(host: string): ActionDetails {
  return { detail: { $case: "networkRequest", value: { method: "GET", url: `https://${host}/x`, host, privateAddress: false } } };
}
function fileRead(path: string): ActionDetails {
  return { detail: { $case: "fileRead", value: { path } } };
}
function fileWrite(path: string): ActionDetails {
  return { detail: { $case: "fileWrite", value: { path, diffPreview: "+x", sizeBytes: 1, createsFile: true } } };
}
function fileDelete(path: string): ActionDetails {
  return { detail: { $case: "fileDelete", value: { path, recursive: false } } };
}

function assessment(action: ActionDetails, danger: DangerLevel, opts: { reversible?: boolean; sideEffects?: boolean } = {}): CallAssessment {
  return { action, danger, reversible: opts.reversible ?? true, sideEffects: opts.sideEffects ?? true, preview: "preview", consequences: "consequences" };
}

interface Call {
  tool?: string;
  mode?: ApprovalMode;
  approved?: string[];
  denied?: string[];
}

/** Runs the guardian with a policy written as in the config file. */
function check(policy: unknown, a: CallAssessment, call: Call = {}): GuardianVerdict {
  return guard(compilePolicy(PolicyConfig.parse(policy)), {
    toolName: call.tool ?? "shell_exec",
    assessment: a,
    mode: call.mode ?? ApprovalMode.UNSPECIFIED,
    approvedKeys: new Set(call.approved ?? []),
    deniedKeys: new Set(call.denied ?? []),
  });
}

const verdictOf = (policy: unknown, a: CallAssessment, call: Call = {}): SafetyVerdict => check(policy, a, call).safety.verdict;

describe("guardian mode table", () => {
  const A = ALLOWED;
  const Q = REQUIRES_APPROVAL;
  // danger, reversible, side effects -> safe, cautious, paranoid, yolo
  const table: Array<[keyof typeof DangerLevel, boolean, boolean, SafetyVerdict, SafetyVerdict, SafetyVerdict, SafetyVerdict]> = [
    ["SAFE", true, false, A, A, Q, A],
    ["SAFE", true, true, Q, A, Q, A],
    ["SAFE", false, false, A, A, Q, A],
    ["SAFE", false, true, Q, A, Q, A],
    ["CAUTIOUS", true, false, Q, A, Q, A],
    ["CAUTIOUS", true, true, Q, A, Q, A],
    ["CAUTIOUS", false, false, Q, Q, Q, A],
    ["CAUTIOUS", false, true, Q, Q, Q, A],
    ["DANGEROUS", true, false, Q, Q, Q, A],
    ["DANGEROUS", true, true, Q, Q, Q, A],
    ["DANGEROUS", false, false, Q, Q, Q, A],
    ["DANGEROUS", false, true, Q, Q, Q, A],
    ["CRITICAL", true, false, Q, Q, Q, A],
    ["CRITICAL", true, true, Q, Q, Q, A],
    ["CRITICAL", false, false, Q, Q, Q, A],
    ["CRITICAL", false, true, Q, Q, Q, A],
  ];
  const modes = ["safe", "cautious", "paranoid", "yolo"] as const;
  const rows = table.flatMap(([danger, reversible, sideEffects, ...verdicts]) =>
    modes.map((mode, i) => ({ mode, danger, reversible, sideEffects, expected: verdicts[i]! })),
  );

  it.each(rows)("guardian - $mode mode on $danger reversible=$reversible sideEffects=$sideEffects gives verdict $expected", ({ mode, danger, reversible, sideEffects, expected }) => {
    // A workspace file write matches no list, so only the mode table decides.
    const a = assessment(fileWrite("notes/today.md"), DangerLevel[danger], { reversible, sideEffects });
    expect(verdictOf({ mode }, a)).toBe(expected);
  });

  it("guardian - the mode table's reason names the mode, the danger and irreversibility", () => {
    const a = assessment(fileWrite("notes/today.md"), DangerLevel.DANGEROUS, { reversible: false });
    expect(check({ mode: "safe" }, a).safety.reason).toBe("safe mode asks before DANGEROUS irreversible calls");
    expect(check({ mode: "yolo" }, a).safety.reason).toBe("yolo mode runs DANGEROUS calls");
  });

  it("guardian - the request's mode overrides the policy's, UNSPECIFIED falls back to it", () => {
    const a = assessment(fileWrite("notes/today.md"), DangerLevel.CRITICAL);
    expect(verdictOf({ mode: "yolo" }, a, { mode: ApprovalMode.UNSPECIFIED })).toBe(ALLOWED);
    expect(verdictOf({ mode: "yolo" }, a, { mode: ApprovalMode.PARANOID })).toBe(REQUIRES_APPROVAL);
    expect(verdictOf({ mode: "paranoid" }, a, { mode: ApprovalMode.YOLO })).toBe(ALLOWED);
    expect(verdictOf({}, a)).toBe(REQUIRES_APPROVAL); // default mode is safe
  });

  it("guardian - an unset danger level is not treated as SAFE (regression: UNSPECIFIED ran without asking)", () => {
    const a = assessment(fileRead("notes/today.md"), DangerLevel.UNSPECIFIED, { sideEffects: false });
    expect(verdictOf({ mode: "safe" }, a)).toBe(REQUIRES_APPROVAL);
    expect(verdictOf({ mode: "cautious" }, a)).toBe(REQUIRES_APPROVAL);
    expect(verdictOf({ mode: "yolo" }, a)).toBe(ALLOWED);
  });

  it("guardian - the verdict carries the call's action and danger", () => {
    const action = fileWrite("notes/today.md");
    const v = check({ mode: "yolo" }, assessment(action, DangerLevel.CAUTIOUS));
    expect(v.safety.action).toEqual(action);
    expect(v.safety.danger).toBe(DangerLevel.CAUTIOUS);
  });
});

describe("guardian deny lists", () => {
  it("guardian - a denied path beats yolo and an allow rule", () => {
    const policy = { mode: "yolo", deny: { paths: ["build/**"] }, allow: { paths: ["build/**"] } };
    const v = check(policy, assessment(fileWrite("build/out.js"), DangerLevel.SAFE));
    expect(v.safety.verdict).toBe(DENIED);
    expect(v.safety.reason).toBe('denied by policy: paths "build/**"');
    expect(verdictOf(policy, assessment(fileWrite("src/out.js"), DangerLevel.SAFE))).toBe(ALLOWED);
  });

  it("guardian - a denied command beats yolo and an allow rule, by base name and by command line glob", () => {
    const policy = { mode: "yolo", deny: { commands: ["curl", "git push *"] }, allow: { commands: ["curl", "git"] } };
    expect(check(policy, assessment(shell(["/usr/bin/curl", "x"]), DangerLevel.SAFE)).safety.reason).toBe('denied by policy: commands "curl"');
    expect(check(policy, assessment(shell(["git", "push", "origin"]), DangerLevel.SAFE)).safety.reason).toBe('denied by policy: commands "git push *"');
    expect(verdictOf(policy, assessment(shell(["git", "status"]), DangerLevel.SAFE))).toBe(ALLOWED);
  });

  it("guardian - a denied host beats yolo and an allow glob, case-insensitively", () => {
    const policy = { mode: "yolo", deny: { hosts: ["evil.example.com"] }, allow: { hosts: ["*.example.com"] } };
    expect(verdictOf(policy, assessment(net("EVIL.Example.com"), DangerLevel.SAFE))).toBe(DENIED);
    expect(verdictOf(policy, assessment(net("good.example.com"), DangerLevel.SAFE))).toBe(ALLOWED);
  });

  const secrets = [".env", "a/../.env", "x/id_rsa", ".ssh/config", "secrets/k", "deep/dir/.env.local", "keys/server.pem"];
  const ops = [
    ["read", fileRead],
    ["write", fileWrite],
    ["delete", fileDelete],
  ] as const;
  it.each(secrets.flatMap((path) => ops.map(([op, make]) => ({ path, op, make }))))("guardian - built-in secret path $path is denied for $op even in yolo with allow **", ({ path, make }) => {
    const v = check({ mode: "yolo", allow: { paths: ["**"] } }, assessment(make(path), DangerLevel.SAFE, { sideEffects: false }));
    expect(v.safety.verdict).toBe(DENIED);
    expect(v.safety.reason).toMatch(/^denied by policy: paths "/);
  });

  it("guardian - ordinary workspace paths are not caught by the built-in deny list", () => {
    for (const path of ["src/env.ts", "docs/secrets.md", "environment/notes.txt", "a/b/c.txt"]) {
      expect(verdictOf({ mode: "yolo" }, assessment(fileWrite(path), DangerLevel.SAFE)), path).toBe(ALLOWED);
    }
  });

  it("guardian - builtinDenies false drops the built-in lists but keeps the operator's", () => {
    const policy = { mode: "yolo", builtinDenies: false, deny: { paths: ["private/**"] } };
    expect(verdictOf(policy, assessment(fileRead(".env"), DangerLevel.SAFE))).toBe(ALLOWED);
    expect(verdictOf(policy, assessment(fileRead("private/a"), DangerLevel.SAFE))).toBe(DENIED);
  });

  it.each([
    [["sudo", "ls"], "sudo"],
    [["/usr/bin/sudo", "-i"], "sudo"],
    [["mkfs.ext4", "/dev/sda1"], "mkfs*"],
    [["chroot", "/"], "chroot"],
  ])("guardian - built-in denied program %j is denied even in yolo with allow *", (argv, glob) => {
    const v = check({ mode: "yolo", allow: { commands: ["*"] } }, assessment(shell(argv), DangerLevel.SAFE));
    expect(v.safety.verdict).toBe(DENIED);
    expect(v.safety.reason).toBe(`denied by policy: commands ${JSON.stringify(glob)}`);
  });
});

describe("guardian deny-by-default", () => {
  it("guardian - an unlisted program with side effects is denied even in yolo, naming it and the key to change", () => {
    const v = check({ mode: "yolo" }, assessment(shell(["curl", "-o", "x", "http://h"]), DangerLevel.SAFE));
    expect(v.safety.verdict).toBe(DENIED);
    expect(v.safety.reason).toContain('command "curl -o x http://h"');
    expect(v.safety.reason).toContain("policy.allow.commands");
    expect(v.safety.reason).toContain("policy.ask.commands");
  });

  it("guardian - an unlisted host with side effects is denied, naming it and policy.allow.hosts", () => {
    const v = check({ mode: "yolo" }, assessment(net("api.example.org"), DangerLevel.CAUTIOUS));
    expect(v.safety.verdict).toBe(DENIED);
    expect(v.safety.reason).toContain('host "api.example.org"');
    expect(v.safety.reason).toContain("policy.allow.hosts");
  });

  it("guardian - an unlisted program or host without side effects follows the mode table", () => {
    expect(verdictOf({ mode: "safe" }, assessment(shell(["curl", "x"]), DangerLevel.SAFE, { sideEffects: false }))).toBe(ALLOWED);
    expect(verdictOf({ mode: "safe" }, assessment(net("api.example.org"), DangerLevel.DANGEROUS, { sideEffects: false }))).toBe(REQUIRES_APPROVAL);
  });

  it("guardian - file writes are not denied by default: the workspace confines them", () => {
    expect(verdictOf({ mode: "yolo" }, assessment(fileWrite("new/file.txt"), DangerLevel.DANGEROUS))).toBe(ALLOWED);
  });
});

describe("guardian ask and allow lists", () => {
  it("guardian - the default ask list asks for git even in yolo", () => {
    const v = check({ mode: "yolo" }, assessment(shell(["git", "commit"]), DangerLevel.CAUTIOUS));
    expect(v.safety.verdict).toBe(REQUIRES_APPROVAL);
    expect(v.safety.reason).toBe('policy asks: commands "git"');
  });

  it("guardian - default allowed programs run with side effects in safe mode", () => {
    const v = check({ mode: "safe" }, assessment(shell(["ls", "-la"]), DangerLevel.DANGEROUS));
    expect(v.safety.verdict).toBe(ALLOWED);
    expect(v.safety.reason).toBe('allowed by policy: commands "ls"');
  });

  it("guardian - an operator's allow of a default-ask program stops the asking", () => {
    const policy = { mode: "safe", allow: { commands: ["git"] } };
    expect(askedCommands(PolicyConfig.parse(policy))).not.toContain("git");
    expect(askedCommands(PolicyConfig.parse(policy))).toContain("make");
    const v = check(policy, assessment(shell(["git", "status"]), DangerLevel.CAUTIOUS));
    expect(v.safety.verdict).toBe(ALLOWED);
    expect(v.safety.reason).toBe('allowed by policy: commands "git"');
    // Giving allow.commands replaces the defaults: ls is now unlisted.
    expect(verdictOf(policy, assessment(shell(["ls"]), DangerLevel.SAFE))).toBe(DENIED);
  });

  it("guardian - an explicit ask list wins over an allow of the same program", () => {
    const policy = { mode: "yolo", ask: { commands: ["git"] }, allow: { commands: ["git"] } };
    expect(askedCommands(PolicyConfig.parse(policy))).toEqual(["git"]);
    expect(verdictOf(policy, assessment(shell(["git", "status"]), DangerLevel.SAFE))).toBe(REQUIRES_APPROVAL);
    // The explicit list replaces the default one: make is no longer asked, and unlisted.
    expect(verdictOf(policy, assessment(shell(["make"]), DangerLevel.SAFE))).toBe(DENIED);
  });

  it("guardian - askedCommands is the default ask list when nothing is given", () => {
    expect(askedCommands(PolicyConfig.parse({}))).toEqual(DEFAULT_ASK_COMMANDS);
  });

  it("guardian - ask lists for paths and hosts ask in yolo", () => {
    const policy = { mode: "yolo", ask: { paths: ["docs/**"], hosts: ["*.corp"] }, allow: { hosts: ["*.corp"] } };
    expect(check(policy, assessment(fileWrite("docs/a.md"), DangerLevel.SAFE)).safety.reason).toBe('policy asks: paths "docs/**"');
    expect(verdictOf(policy, assessment(net("wiki.corp"), DangerLevel.SAFE))).toBe(REQUIRES_APPROVAL);
  });

  it("guardian - paranoid mode asks even for allowed calls", () => {
    const v = check({ mode: "paranoid", allow: { paths: ["src/**"], hosts: ["example.com"] } }, assessment(shell(["ls"]), DangerLevel.SAFE, { sideEffects: false }));
    expect(v.safety.verdict).toBe(REQUIRES_APPROVAL);
    expect(v.safety.reason).toBe('paranoid mode asks for everything (commands "ls")');
    expect(verdictOf({ mode: "paranoid", allow: { paths: ["src/**"] } }, assessment(fileRead("src/a.ts"), DangerLevel.SAFE, { sideEffects: false }))).toBe(REQUIRES_APPROVAL);
    expect(verdictOf({ mode: "paranoid", allow: { hosts: ["example.com"] } }, assessment(net("example.com"), DangerLevel.SAFE, { sideEffects: false }))).toBe(REQUIRES_APPROVAL);
  });
});

describe("guardian session keys", () => {
  it("guardian - similarity keys are tool:danger:program for commands and tool:danger:host for requests", () => {
    expect(similarityKeyOf("shell_exec", assessment(shell(["/usr/bin/git", "push"]), DangerLevel.DANGEROUS))).toBe("shell_exec:DANGEROUS:git");
    expect(similarityKeyOf("http_fetch", assessment(net("API.Example.com"), DangerLevel.SAFE))).toBe("http_fetch:SAFE:api.example.com");
    expect(similarityKeyOf("file_io", assessment(fileWrite("a.txt"), DangerLevel.CAUTIOUS))).toBe("file_io:CAUTIOUS");
    expect(check({}, assessment(shell(["cat", "a"]), DangerLevel.SAFE)).similarityKey).toBe("shell_exec:SAFE:cat");
  });

  it("guardian - an approved similarity key lets a later call of the same program through, not a different program", () => {
    const call = (argv: string[], approved: string[]) => verdictOf({ mode: "paranoid" }, assessment(shell(argv), DangerLevel.CAUTIOUS), { approved });
    expect(call(["cat", "a.txt"], [])).toBe(REQUIRES_APPROVAL);
    const v = check({ mode: "paranoid" }, assessment(shell(["cat", "b.txt"]), DangerLevel.CAUTIOUS), { approved: ["shell_exec:CAUTIOUS:cat"] });
    expect(v.safety.verdict).toBe(ALLOWED);
    expect(v.safety.reason).toBe("similar calls (shell_exec:CAUTIOUS:cat) were approved for this session");
    expect(call(["ls"], ["shell_exec:CAUTIOUS:cat"])).toBe(REQUIRES_APPROVAL);
    // A different danger is a different key.
    expect(verdictOf({ mode: "paranoid" }, assessment(shell(["cat"]), DangerLevel.DANGEROUS), { approved: ["shell_exec:CAUTIOUS:cat"] })).toBe(REQUIRES_APPROVAL);
  });

  it("guardian - an approved host key lets later requests to that host through, not another host", () => {
    const call = (host: string) => verdictOf({ mode: "safe" }, assessment(net(host), DangerLevel.DANGEROUS, { sideEffects: false }), { tool: "http_fetch", approved: ["http_fetch:DANGEROUS:api.example.com"] });
    expect(call("api.example.com")).toBe(ALLOWED);
    expect(call("other.example.com")).toBe(REQUIRES_APPROVAL);
  });

  it("guardian - an approved key never bypasses the deny list", () => {
    expect(verdictOf({ mode: "yolo" }, assessment(shell(["sudo"]), DangerLevel.SAFE), { approved: ["shell_exec:SAFE:sudo"] })).toBe(DENIED);
  });

  it("guardian - approve-all-similar covers programs on the ask list (regression: git kept asking after 'approve all')", () => {
    expect(verdictOf({ mode: "yolo" }, assessment(shell(["git", "status"]), DangerLevel.CRITICAL))).toBe(REQUIRES_APPROVAL);
    expect(verdictOf({ mode: "yolo" }, assessment(shell(["git", "commit"]), DangerLevel.CRITICAL), { approved: ["shell_exec:CRITICAL:git"] })).toBe(ALLOWED);
    expect(verdictOf({ mode: "yolo" }, assessment(shell(["make"]), DangerLevel.CRITICAL), { approved: ["shell_exec:CRITICAL:git"] })).toBe(REQUIRES_APPROVAL);
  });

  it("guardian - a session-denied key asks again even in yolo and for an allowed program", () => {
    const a = assessment(shell(["ls"]), DangerLevel.SAFE);
    expect(verdictOf({ mode: "yolo" }, a)).toBe(ALLOWED);
    const v = check({ mode: "yolo" }, a, { denied: ["shell_exec:SAFE:ls"] });
    expect(v.safety.verdict).toBe(REQUIRES_APPROVAL);
    expect(v.safety.reason).toBe("a similar call (shell_exec:SAFE:ls) was denied earlier this session");
    // Denied beats approved for the same key.
    expect(verdictOf({ mode: "yolo" }, a, { denied: ["shell_exec:SAFE:ls"], approved: ["shell_exec:SAFE:ls"] })).toBe(REQUIRES_APPROVAL);
  });
});

describe("policy config", () => {
  it("policy - unknown keys and empty globs are refused", () => {
    expect(PolicyConfig.safeParse({ mode: "safe", alow: {} }).success).toBe(false);
    expect(PolicyConfig.safeParse({ deny: { paths: [""] } }).success).toBe(false);
    expect(PolicyConfig.safeParse({ deny: { files: [] } }).success).toBe(false);
  });
});
