import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { configFromEnv, loadActConfigFile, parseActConfig } from "../src/config.js";

const dir = mkdtempSync(join(tmpdir(), "boyd-act-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes `lines` (joined by newlines) to a fresh config file and returns its path. */
function configFile(lines: string[]): string {
  const path = join(dir, `act-${++n}.json`);
  writeFileSync(path, lines.join("\n"));
  return path;
}

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected an error, nothing was thrown");
}

describe("config file", () => {
  it("config - an empty object gives every default", () => {
    const c = parseActConfig("{}", "act.json");
    expect(c.policy.mode).toBe("safe");
    expect(c.policy.builtinDenies).toBe(true);
    expect(c.tools).toEqual([]);
    expect(c.http).toEqual({ allowHosts: [], timeoutMs: 10_000, maxBytes: 256 * 1024, maxRedirects: 5 });
    expect(c.shell).toEqual({ allowUnconfined: false });
    expect(c.approvalTimeoutMs).toBe(120_000);
  });

  it("config - a full valid file is read", () => {
    const path = configFile([
      "{",
      '  "policy": { "mode": "cautious", "deny": { "hosts": ["*.internal"] } },',
      '  "tools": [{ "module": "./tool.mjs" }, { "name": "greet", "description": "hi", "danger": "safe", "command": ["echo", "{who}"], "params": { "who": { "required": true } } }],',
      '  "http": { "allowHosts": ["10.0.0.0/8"] },',
      '  "approvalTimeoutMs": 5000',
      "}",
    ]);
    const c = loadActConfigFile(path);
    expect(c.policy.mode).toBe("cautious");
    expect(c.policy.deny.hosts).toEqual(["*.internal"]);
    expect(c.tools[0]).toEqual({ module: "./tool.mjs" });
    expect(c.tools[1]).toMatchObject({ name: "greet", command: ["echo", "{who}"], side_effects: true, timeout_ms: 30_000, params: { who: { required: true, type: "string", maxLength: 4_096 } } });
    expect(c.http.allowHosts).toEqual(["10.0.0.0/8"]);
    expect(c.approvalTimeoutMs).toBe(5_000);
  });

  it("config - a typo'd key is refused naming the file, the key's line and the key", () => {
    const path = configFile([
      "{",
      '  "policy": {',
      '    "mode": "safe"',
      "  },",
      '  "shel": {',
      '    "allowUnconfined": true',
      "  }",
      "}",
    ]);
    const message = errorOf(() => loadActConfigFile(path));
    expect(message).toBe(`${path}:5: (input): Unrecognized key(s) in object: 'shel'`);
  });

  it("config - a typo'd key inside the policy is refused at its own line", () => {
    const path = configFile(["{", '  "policy": {', '    "mode": "safe",', '    "alow": {', '      "commands": ["git"]', "    }", "  }", "}"]);
    expect(errorOf(() => loadActConfigFile(path))).toBe(`${path}:4: policy: Unrecognized key(s) in object: 'alow'`);
  });

  it("config - a bad enum value in policy.mode names the file, its line and policy.mode", () => {
    const path = configFile(["{", '  "http": { "timeoutMs": 1000 },', '  "policy": {', '    "deny": { "paths": [] },', '    "mode": "reckless"', "  }", "}"]);
    const message = errorOf(() => loadActConfigFile(path));
    expect(message).toMatch(new RegExp(`^${escape(path)}:5: policy\\.mode: Invalid enum value\\. Expected 'safe' \\| 'cautious' \\| 'paranoid' \\| 'yolo', received 'reckless'$`));
  });

  it("config - a wrong type deep in tools[1] names the field and its line (regression: the union said only 'Invalid input')", () => {
    const path = configFile([
      "{",
      '  "tools": [',
      '    { "module": "./first.mjs" },',
      "    {",
      '      "name": "greet",',
      '      "description": "says hi",',
      '      "danger": "safe",',
      '      "command": ["echo", "hi"],',
      '      "timeout_ms": "30s"',
      "    }",
      "  ]",
      "}",
    ]);
    expect(errorOf(() => loadActConfigFile(path))).toBe(`${path}:9: tools[1].timeout_ms: Expected number, received string`);
  });

  it("config - a wrong type in an array element names the element and its line", () => {
    const path = configFile(["{", '  "tools": [', '    { "module": "./first.mjs" },', "    {", '      "name": "greet",', '      "description": "says hi",', '      "danger": "safe",', '      "command": [', '        "printf",', '        "%s,%s",', "        7", "      ]", "    }", "  ]", "}"]);
    // The comma inside "%s,%s" is not an element separator (regression: it was counted).
    expect(errorOf(() => loadActConfigFile(path))).toBe(`${path}:11: tools[1].command[2]: Expected string, received number`);
  });

  it("config - a module tool entry with an extra key is refused as a module tool", () => {
    const path = configFile(["{", '  "tools": [', '    {', '      "module": "./m.mjs",', '      "danger": "safe"', "    }", "  ]", "}"]);
    expect(errorOf(() => loadActConfigFile(path))).toBe(`${path}:5: tools[0]: Unrecognized key(s) in object: 'danger'`);
  });

  it("config - a missing required field of a command tool is named", () => {
    const message = errorOf(() => parseActConfig('{ "tools": [{ "name": "x", "description": "d", "command": ["ls"] }] }', "inline.json"));
    expect(message).toBe("inline.json:1: tools[0].danger: Required");
  });

  it("config - a number out of range is named with its line", () => {
    const message = errorOf(() => parseActConfig('{\n  "http": {\n    "maxRedirects": 99\n  }\n}', "c.json"));
    expect(message).toBe("c.json:3: http.maxRedirects: Number must be less than or equal to 20");
  });

  it("config - invalid JSON names the file and the line, where Node gives a position", () => {
    const message = errorOf(() => parseActConfig('{\n  "policy": {\n    "mode": "safe",\n  }\n}', "act.json"));
    expect(message).toMatch(/^act\.json:4: not valid JSON \(/);
  });

  it("config - invalid JSON names the line where Node 20 gives no position (regression)", () => {
    // "Unexpected token" messages carry no offset in Node 20.
    expect(errorOf(() => parseActConfig('{\n  "policy": {\n    "mode":\n  }\n}', "act.json"))).toMatch(/^act\.json:4: not valid JSON \(/);
    expect(errorOf(() => parseActConfig('{\n  "http": {\n    "allowHosts": ["a",]\n  }\n}', "act.json"))).toMatch(/^act\.json:3: not valid JSON \(/);
    expect(errorOf(() => parseActConfig('// comment\n{}', "act.json"))).toMatch(/^act\.json:1: not valid JSON \(/);
  });

  it("config - a truncated file is reported without a misleading line", () => {
    expect(errorOf(() => parseActConfig("", "act.json"))).toMatch(/^act\.json: not valid JSON \(Unexpected end/);
  });

  it("config - an unreadable file names the path and the reason", () => {
    const missing = join(dir, "missing.json");
    expect(errorOf(() => loadActConfigFile(missing))).toBe(`${missing}: cannot read the act configuration (ENOENT)`);
  });
});

describe("config from the environment", () => {
  it("config - defaults with an empty environment", () => {
    const c = configFromEnv({});
    expect(c.natsUrl).toBeUndefined();
    expect(c.dataDir).toBe(resolve(".boyd", "act"));
    expect(c.workspace).toBe(resolve(".boyd", "workspace"));
    expect(c.configDir).toBe(process.cwd());
    expect(c.kvBucket).toBeUndefined();
    expect(c.logLevel).toBe("info");
    expect(c.file.policy.mode).toBe("safe");
    expect(c.file.shell.allowUnconfined).toBe(false);
  });

  it("config - BOYD_DATA_DIR, BOYD_WORKSPACE, BOYD_NATS_URL and BOYD_ACT_KV_BUCKET are read", () => {
    const c = configFromEnv({ BOYD_DATA_DIR: "/srv/boyd", BOYD_WORKSPACE: "/srv/ws", BOYD_NATS_URL: "nats://a:4222,nats://b:4222", BOYD_ACT_KV_BUCKET: "act" });
    expect(c.dataDir).toBe("/srv/boyd/act");
    expect(c.workspace).toBe("/srv/ws");
    expect(c.natsUrl).toBe("nats://a:4222,nats://b:4222");
    expect(c.kvBucket).toBe("act");
    expect(configFromEnv({ BOYD_DATA_DIR: "/srv/boyd" }).workspace).toBe("/srv/boyd/workspace");
  });

  it("config - BOYD_ACT_KV_REPLICAS is 1 to 5 copies, 1 by default, and a bad value is named", () => {
    expect(configFromEnv({}).kvReplicas).toBe(1);
    expect(configFromEnv({ BOYD_ACT_KV_REPLICAS: "3" }).kvReplicas).toBe(3);
    expect(errorOf(() => configFromEnv({ BOYD_ACT_KV_REPLICAS: "7" }))).toBe('BOYD_ACT_KV_REPLICAS: "7" is not a whole number from 1 to 5');
  });

  it("config - BOYD_NATS_URL that is not a nats URL is named", () => {
    expect(errorOf(() => configFromEnv({ BOYD_NATS_URL: "http://x:4222" }))).toBe('BOYD_NATS_URL: "http://x:4222" is not a nats:// URL');
  });

  it("config - BOYD_APPROVAL_MODE overrides the file's mode, and a bad value is named", () => {
    const path = configFile(['{ "policy": { "mode": "paranoid" } }']);
    expect(configFromEnv({ BOYD_ACT_CONFIG: path }).file.policy.mode).toBe("paranoid");
    expect(configFromEnv({ BOYD_ACT_CONFIG: path, BOYD_APPROVAL_MODE: "yolo" }).file.policy.mode).toBe("yolo");
    expect(errorOf(() => configFromEnv({ BOYD_APPROVAL_MODE: "YOLO!" }))).toBe('BOYD_APPROVAL_MODE: "YOLO!" is not one of safe, cautious, paranoid, yolo');
  });

  it("config - BOYD_HTTP_ALLOW_HOSTS is merged into the file's hosts, trimmed, empties dropped", () => {
    const path = configFile(['{ "http": { "allowHosts": ["intranet.local"] } }']);
    const c = configFromEnv({ BOYD_ACT_CONFIG: path, BOYD_HTTP_ALLOW_HOSTS: " 10.0.0.0/8 ,, *.corp " });
    expect(c.file.http.allowHosts).toEqual(["intranet.local", "10.0.0.0/8", "*.corp"]);
    expect(c.configDir).toBe(dir);
  });

  it("config - BOYD_ALLOW_UNCONFINED=1 turns unconfined execution on; other values do not", () => {
    expect(configFromEnv({ BOYD_ALLOW_UNCONFINED: "1" }).file.shell.allowUnconfined).toBe(true);
    expect(configFromEnv({ BOYD_ALLOW_UNCONFINED: "true" }).file.shell.allowUnconfined).toBe(false);
    expect(configFromEnv({ BOYD_ALLOW_UNCONFINED: "0" }).file.shell.allowUnconfined).toBe(false);
  });

  it("config - BOYD_LOG_LEVEL is read and a bad value is named", () => {
    expect(configFromEnv({ BOYD_LOG_LEVEL: "debug" }).logLevel).toBe("debug");
    expect(errorOf(() => configFromEnv({ BOYD_LOG_LEVEL: "verbose" }))).toBe('BOYD_LOG_LEVEL: "verbose" is not one of fatal, error, warn, info, debug, trace, silent');
  });

  it("config - a bad file named by BOYD_ACT_CONFIG fails with the file and line", () => {
    const path = configFile(["{", '  "approvalTimeoutMs": 5', "}"]);
    expect(errorOf(() => configFromEnv({ BOYD_ACT_CONFIG: path }))).toBe(`${path}:2: approvalTimeoutMs: Number must be greater than or equal to 100`);
  });

  it("config - environment overrides do not leak between calls", () => {
    configFromEnv({ BOYD_HTTP_ALLOW_HOSTS: "a.example", BOYD_APPROVAL_MODE: "yolo" });
    const c = configFromEnv({});
    expect(c.file.http.allowHosts).toEqual([]);
    expect(c.file.policy.mode).toBe("safe");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
