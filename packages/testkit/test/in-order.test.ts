import { describe, expect, it } from "vitest";
import { containsInOrder, lineContainsInOrder } from "../src/index.js";

describe("containsInOrder - what /A.*B/ asks, without the regex", () => {
  it("finds parts in order, each after the end of the one before", () => {
    expect(containsInOrder("draining, probe stopping, stopped", ["draining", "probe stopping", "stopped"])).toBe(true);
    expect(containsInOrder("stopped, then draining", ["draining", "stopped"])).toBe(false);
    expect(containsInOrder("abab", ["aba", "b"])).toBe(true);
    expect(containsInOrder("aba", ["aba", "a"])).toBe(false);
  });

  it("on one line only, as /A.*B/ (whose dot stops at a newline)", () => {
    expect(lineContainsInOrder("x\nTLS handshake error: client didn't provide a certificate\n", ["TLS handshake error: ", "didn't provide a certificate"])).toBe(true);
    expect(lineContainsInOrder("TLS handshake error: \ndidn't provide a certificate", ["TLS handshake error: ", "didn't provide a certificate"])).toBe(false);
  });

  it("takes linear time where the regex took quadratic: 100,000 starts without an end", () => {
    const text = "Violation ".repeat(100_000);
    const start = performance.now();
    expect(lineContainsInOrder(text, ["Violation", 'User "client"'])).toBe(false);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});
