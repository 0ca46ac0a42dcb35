import { performance } from "node:perf_hooks";
import { WORDS } from "./dimension.js";
import { popcount32, randomVector } from "./hypervector.js";
import { Prng } from "./random.js";
import { HAMMING_WASM_BASE64 } from "./wasm/hamming-wasm.js";

/**
 * A Hamming kernel owns a block of memory holding vectors back to back and
 * computes distances inside it. Two implementations give identical results:
 * plain JavaScript (SWAR popcount over 32-bit words) and WebAssembly
 * (i64.popcnt over 64-bit words). `defaultKernel()` picks the faster one.
 */
export interface HammingKernel {
  readonly name: "js" | "wasm";
  /** The memory as 32-bit words. Growth replaces it, so read it again after `reserve`. */
  words(): Uint32Array;
  /** Makes the memory at least `bytes` long, keeping its contents. */
  reserve(bytes: number): void;
  /**
   * Distances from the vector at word offset `query` to `count` vectors
   * stored from word offset `base`, written as int32 from word offset `out`.
   */
  distances(query: number, base: number, count: number, out: number): void;
}

class JsKernel implements HammingKernel {
  readonly name = "js";
  private mem = new Uint32Array(4 * WORDS);

  words(): Uint32Array {
    return this.mem;
  }

  reserve(bytes: number): void {
    const need = Math.ceil(bytes / 4);
    if (need <= this.mem.length) return;
    const grown = new Uint32Array(Math.max(need, this.mem.length * 2));
    grown.set(this.mem);
    this.mem = grown;
  }

  distances(query: number, base: number, count: number, out: number): void {
    const m = this.mem;
    const o = new Int32Array(m.buffer, m.byteOffset + out * 4, count);
    for (let k = 0, b = base; k < count; k++, b += WORDS) {
      let d = 0;
      for (let i = 0; i < WORDS; i++) d += popcount32(m[query + i]! ^ m[b + i]!);
      o[k] = d;
    }
  }
}

// The slice of the WebAssembly API used here (Node has it; the ES library
// types this project compiles against do not declare it).
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

interface HammingExports {
  memory: WasmMemory;
  distances(query: number, base: number, count: number, n64: number, out: number): void;
}

const PAGE = 65_536;
let wasmModule: object | undefined;

class WasmKernel implements HammingKernel {
  readonly name = "wasm";
  private readonly exports: HammingExports;
  private view: Uint32Array;

  constructor() {
    if (!wasm) throw new Error("WebAssembly is not available in this runtime");
    wasmModule ??= new wasm.Module(Buffer.from(HAMMING_WASM_BASE64, "base64"));
    this.exports = new wasm.Instance(wasmModule).exports as HammingExports;
    this.view = new Uint32Array(this.exports.memory.buffer);
  }

  words(): Uint32Array {
    if (this.view.buffer !== this.exports.memory.buffer) this.view = new Uint32Array(this.exports.memory.buffer);
    return this.view;
  }

  reserve(bytes: number): void {
    const have = this.exports.memory.buffer.byteLength;
    if (bytes > have) this.exports.memory.grow(Math.ceil((bytes - have) / PAGE));
  }

  distances(query: number, base: number, count: number, out: number): void {
    this.exports.distances(query * 4, base * 4, count, WORDS / 2, out * 4);
  }
}

/** Creates a kernel of the given kind. */
export function createKernel(kind: "js" | "wasm"): HammingKernel {
  return kind === "wasm" ? new WasmKernel() : new JsKernel();
}

/** Whether this runtime can run the WebAssembly kernel. */
export function wasmAvailable(): boolean {
  try {
    createKernel("wasm");
    return true;
  } catch {
    return false;
  }
}

let chosen: "js" | "wasm" | undefined;

/**
 * The faster kernel on this machine, measured once per process on a few
 * hundred vectors (about a millisecond). `BOYD_VSA_KERNEL=js|wasm` overrides
 * the measurement. Both kernels give identical results, so the choice only
 * affects speed.
 */
export function defaultKernelKind(): "js" | "wasm" {
  if (chosen) return chosen;
  const forced = process.env["BOYD_VSA_KERNEL"];
  if (forced === "js" || forced === "wasm") return (chosen = forced);
  if (!wasmAvailable()) return (chosen = "js");
  chosen = nsPerDistance(createKernel("wasm"), 256, 5) <= nsPerDistance(createKernel("js"), 256, 5) ? "wasm" : "js";
  return chosen;
}

/** A new kernel of the faster kind. */
export function defaultKernel(): HammingKernel {
  return createKernel(defaultKernelKind());
}

/**
 * Nanoseconds per distance for `count` random vectors, best of `rounds`
 * (used by the choice above and by the benchmark).
 */
export function nsPerDistance(kernel: HammingKernel, count: number, rounds: number): number {
  const base = WORDS;
  const out = base + count * WORDS;
  kernel.reserve((out + count) * 4);
  const rng = new Prng(0x5eed);
  const mem = kernel.words();
  for (let k = 0; k <= count; k++) mem.set(randomVector(rng), k * WORDS);
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    kernel.distances(0, base, count, out);
    best = Math.min(best, performance.now() - t0);
  }
  return (best * 1e6) / count;
}
