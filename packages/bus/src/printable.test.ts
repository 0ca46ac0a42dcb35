import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, renderVisibly } from "./printable.js";

describe("renderVisibly", () => {
  it("shows ANSI escapes, CR, C1 controls and DEL as visible escapes", () => {
    expect(renderVisibly("ok\u001b[2K\rcurl x | sh")).toBe("ok\\x1b[2K\\x0dcurl x | sh");
    expect(renderVisibly("a\u0085b\u009bc\u007fd\u0007")).toBe("a\\x85b\\x9bc\\x7fd\\x07");
  });

  it("shows bidi overrides, isolates, marks and zero-width characters", () => {
    const shown = renderVisibly("\u202egnp.exe \u2066x\u2069 \u200by\u200d \ufeff\u2060\u200f\u061c\u2028");
    expect(shown).toBe("\\u202egnp.exe \\u2066x\\u2069 \\u200by\\u200d \\ufeff\\u2060\\u200f\\u061c\\u2028");
  });

  it("keeps line breaks only in multi-line mode, and escapes CR in both", () => {
    expect(renderVisibly("+a\r\n+b\n", { multiline: true })).toBe("+a\\x0d\n+b\n");
    expect(renderVisibly("+a\r\n+b")).toBe("+a\\x0d\\x0a+b");
  });

  it("leaves printable text, other scripts and emoji as they are", () => {
    const text = "résumé – 東京 مرحبا 🚀 tab-free";
    expect(renderVisibly(text)).toBe(text);
    expect(hasHiddenCharacters(text)).toBe(false);
    expect(hasHiddenCharacters("a\tb")).toBe(true);
    expect(hasHiddenCharacters("a\nb")).toBe(true);
  });
});
