import { describe, expect, it } from "vitest";
import { installPrintableConsole, printableOutput } from "../src/printable-console.js";

describe("printable console", () => {
  it("printable console - control, C1, bidi and zero-width characters are spelt as JSON escapes; LF and TAB stay", () => {
    expect(printableOutput("a\u001b[2K\rb\u009b31m\u202e\u200b\u0007\tc\nd")).toBe("a\\u001b[2K\\u000db\\u009b31m\\u202e\\u200b\\u0007\tc\nd");
  });

  it("printable console - JSON printed through it stays valid JSON and reads back the same string", () => {
    const value = { goal: "find \u202edog\u009b31m\u007f" };
    const shown = printableOutput(JSON.stringify(value));
    expect(shown).not.toMatch(/[\u007f-\u009f\u202e]/);
    expect(JSON.parse(shown)).toEqual(value);
  });

  it("printable console - every console method of the target passes through it, after formatting", () => {
    const seen: string[] = [];
    const target = { log: (s: string) => seen.push(`log ${s}`), info: (s: string) => seen.push(`info ${s}`), warn: (s: string) => seen.push(`warn ${s}`), error: (s: string) => seen.push(`error ${s}`) } as unknown as Console;
    installPrintableConsole(target);
    target.log("%s!", "a\u001bb");
    target.info("x\r");
    target.warn("\u202e");
    target.error("ok", 3);
    expect(seen).toEqual(["log a\\u001bb!", "info x\\u000d", "warn \\u202e", "error ok 3"]);
  });
});
