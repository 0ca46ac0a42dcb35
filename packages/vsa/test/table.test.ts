import { describe, expect, it } from "vitest";
import { Prng, VectorTable, bundle, createKernel, randomVector, similarity } from "../src/index.js";

describe("VectorTable", () => {
  for (const kind of ["js", "wasm"] as const) {
    it(`finds the nearest vectors with the ${kind} kernel, growing as needed`, () => {
      const rng = new Prng(7);
      const table = new VectorTable({ kernel: createKernel(kind), capacity: 16 });
      const vs = Array.from({ length: 300 }, () => randomVector(rng));
      for (const v of vs) table.add(v);
      expect(table.size).toBe(300);
      expect(table.kernelName).toBe(kind);
      const query = bundle([vs[10]!, vs[250]!, vs[99]!]);
      const top = table.topK(query, 3);
      expect(top.map((m) => m.index).sort((a, b) => a - b)).toEqual([10, 99, 250]);
      expect(top[0]!.similarity).toBeCloseTo(similarity(query, vs[top[0]!.index]!), 12);
      const sims = table.similarities(query);
      expect(sims[42]).toBeCloseTo(similarity(query, vs[42]!), 12);
      expect(table.get(123)).toEqual(vs[123]);
      table.set(123, vs[10]!);
      expect(table.get(123)).toEqual(vs[10]);
    });
  }

  it("orders equal similarities by index", () => {
    const v = randomVector(new Prng(1));
    const table = new VectorTable();
    table.add(randomVector(new Prng(2)));
    table.add(v);
    table.add(v);
    expect(table.topK(v, 2).map((m) => m.index)).toEqual([1, 2]);
  });

  it("names a bad index", () => {
    const table = new VectorTable();
    expect(() => table.get(0)).toThrow(/index 0 is outside the table \(size 0\)/);
  });
});
