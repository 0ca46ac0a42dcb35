/** Limits on a parsed JSON value: its nesting depth and how many values it holds. */
export interface JsonShape {
  readonly depth: number;
  readonly values: number;
}

/** Where a value passed a {@link JsonShape} limit, or undefined when it stays within. */
export interface ShapeExcess {
  readonly limit: "depth" | "values";
  /** Path of the value at which the limit was passed. */
  readonly path: readonly (string | number)[];
}

interface Pending {
  readonly value: unknown;
  readonly level: number;
  readonly key: string | number | undefined;
  readonly parent: Pending | undefined;
}

/**
 * Checks a parsed JSON value against `limits` without recursion (a value
 * nested a hundred thousand deep would overflow the stack of a recursive
 * walk, and of JSON.stringify later on), stopping at the first value past
 * a limit. Cheap enough to run before a schema walks every value.
 */
export function exceedsShape(value: unknown, limits: JsonShape): ShapeExcess | undefined {
  let values = 0;
  const pending: Pending[] = [{ value, level: 1, key: undefined, parent: undefined }];
  while (pending.length > 0) {
    const next = pending.pop()!;
    values += 1;
    if (next.level > limits.depth) return { limit: "depth", path: pathOf(next) };
    if (values > limits.values) return { limit: "values", path: pathOf(next) };
    if (next.value !== null && typeof next.value === "object") {
      const entries = Array.isArray(next.value) ? next.value.entries() : Object.entries(next.value);
      for (const [key, child] of entries) pending.push({ value: child, level: next.level + 1, key, parent: next });
    }
  }
  return undefined;
}

function pathOf(at: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let p: Pending | undefined = at; p?.key !== undefined; p = p.parent) path.unshift(p.key);
  return path;
}

/** "argv[3]", "about.input.a.a.a… (64 levels)": a path short enough for an error message. */
export function describePath(path: readonly (string | number)[], keep = 6): string {
  const shown = path.slice(0, keep).map((p) => (typeof p === "number" ? `[${p}]` : p)).join(".").replaceAll(".[", "[");
  return path.length > keep ? `${shown}… (${path.length} levels)` : shown || "(input)";
}
