import { describe, expect, it } from "vitest";
import { CONTEXT_HEALTH, contextHealthWarning } from "../src/cycle/context-health.js";

describe("context health", () => {
  it("contextHealthWarning - nothing below 70%, a warning from 70%, critical from 90% (seed 004)", () => {
    expect(CONTEXT_HEALTH).toEqual({ warning: 0.7, critical: 0.9 });
    expect(contextHealthWarning({ entries: 69, capacity: 100 })).toBeUndefined();
    expect(contextHealthWarning({ entries: 70, capacity: 100 })).toBe("context health warning: working memory 70% full (70/100 entries); consolidation into episodes is near");
    expect(contextHealthWarning({ entries: 89, capacity: 100 })).toMatch(/^context health warning: working memory 89% full/);
    expect(contextHealthWarning({ entries: 9, capacity: 10 })).toBe("context health critical: working memory 90% full (9/10 entries); new entries now evict old ones unless it is consolidated");
    expect(contextHealthWarning({ entries: 0, capacity: 0 })).toBeUndefined();
  });
});
