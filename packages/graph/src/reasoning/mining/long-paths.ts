import type { FactIndex } from "./facts.js";
import type { MinedRuleFigures } from "./miner.js";

/**
 * Closed path rules of length 4 (AMIE's length: the head and three body
 * atoms), `head(X, Y) :- b1(X, A), b2(A, B), b3(B, Y)`, found exhaustively
 * with bitsets over the symbols: each directed relation is a boolean matrix
 * of `symbols` rows of `words` 32-bit words, every two-atom tail `b2 ∘ b3`
 * is composed once, and a body's predictions are then the OR of those rows
 * over the few `b1` successors of each X. Kinship (104 symbols) is 104 rows
 * of 4 words a relation, so a body costs a few thousand word operations.
 */

// Dense graphs (Nations: 14 symbols, 55 predicates) have tens of millions of
// length-4 rules above any useful threshold; past this many the search stops
// as if out of time (truncated), rather than running the heap out.
const MAX_LONG_RULES = 1_000_000;

/** What the long-path search needs of the miner's settings. */
export interface LongPathSettings {
  readonly minSupport: number;
  readonly minConfidence: number;
  readonly minHeadCoverage: number;
  readonly smoothing: number;
  readonly deadline: number;
  readonly now: () => number;
}

/** A boolean matrix over the symbols, row-major, `words` words a row. */
class BitMatrix {
  readonly bits: Uint32Array;
  constructor(
    readonly rows: number,
    readonly words: number,
  ) {
    this.bits = new Uint32Array(rows * words);
  }
  set(row: number, col: number): void {
    this.bits[row * this.words + (col >>> 5)]! |= 1 << (col & 31);
  }
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function relationMatrix(kb: FactIndex, r: number, words: number): BitMatrix {
  const m = new BitMatrix(kb.symbols.length, words);
  for (const [s, os] of kb.out[r]!) for (const o of os) m.set(s, o);
  return m;
}

/** `left ∘ right`: row a is the OR of right's rows b for every b in left's row a. */
function compose(kb: FactIndex, left: number, right: BitMatrix): BitMatrix {
  const m = new BitMatrix(right.rows, right.words);
  const w = right.words;
  for (const [a, bs] of kb.out[left]!) {
    const at = a * w;
    for (const b of bs) for (let i = 0; i < w; i++) m.bits[at + i]! |= right.bits[b * w + i]!;
  }
  return m;
}

/**
 * Mines the length-4 path rules for every forward head (the miner mirrors
 * them for the inverse heads). Bodies that step straight back along the
 * edge they came by (`b(X, A), b⁻(A, B)`) are skipped: their predictions
 * are mostly those of a shorter rule. Returns false when out of time.
 */
export function mineLongPathRules(kb: FactIndex, o: LongPathSettings, out: MinedRuleFigures[]): boolean {
  const n = kb.symbols.length;
  const words = Math.ceil(n / 32);
  const R = kb.relations;
  const heads = kb.predicates.map((_, r) => relationMatrix(kb, r, words));
  const headSubjects = heads.map((_, h) => kb.out[h]!);
  const base = Array.from({ length: R }, (_, r) => relationMatrix(kb, r, words));
  const tails: (BitMatrix | undefined)[] = new Array(R * R);
  for (let b2 = 0; b2 < R; b2++) {
    for (let b3 = 0; b3 < R; b3++) if (b3 !== kb.inverseOf(b2) && kb.out[b2]!.size > 0) tails[b2 * R + b3] = compose(kb, b2, base[b3]!);
  }
  const body = new Uint32Array(n * words);
  const rows: number[] = [];
  for (let b1 = 0; b1 < R; b1++) {
    if (o.now() > o.deadline || out.length > MAX_LONG_RULES) return false;
    const subjects = kb.out[b1]!;
    for (let b2 = 0; b2 < R; b2++) {
      if (b2 === kb.inverseOf(b1)) continue;
      for (let b3 = 0; b3 < R; b3++) {
        const tail = tails[b2 * R + b3];
        if (!tail) continue;
        const count = predict(subjects, tail, words, body, rows);
        if (count < o.minSupport) continue;
        for (let h = 0; h < heads.length; h++) {
          const figures = longFigures(h, [b1, b2, b3], count, heads[h]!, headSubjects[h]!, kb, body, rows, words, o);
          if (figures) out.push(figures);
        }
      }
    }
  }
  return true;
}

/** Fills `body` with the pairs b1 ∘ tail predicts (X != Y), `rows` with the X that have any; returns how many pairs. */
function predict(subjects: ReadonlyMap<number, ReadonlySet<number>>, tail: BitMatrix, words: number, body: Uint32Array, rows: number[]): number {
  rows.length = 0;
  let count = 0;
  for (const [x, as] of subjects) {
    const at = x * words;
    for (let i = 0; i < words; i++) body[at + i] = 0;
    for (const a of as) for (let i = 0; i < words; i++) body[at + i]! |= tail.bits[a * words + i]!;
    body[at + (x >>> 5)]! &= ~(1 << (x & 31));
    let c = 0;
    for (let i = 0; i < words; i++) c += popcount(body[at + i]!);
    if (c > 0) {
      rows.push(x);
      count += c;
    }
  }
  return count;
}

function longFigures(
  head: number,
  bodyAtoms: number[],
  bodyCount: number,
  facts: BitMatrix,
  headSubjects: ReadonlyMap<number, unknown>,
  kb: FactIndex,
  body: Uint32Array,
  rows: readonly number[],
  words: number,
  o: LongPathSettings,
): MinedRuleFigures | undefined {
  let support = 0;
  let pcaBody = 0;
  for (const x of rows) {
    if (!headSubjects.has(x)) continue;
    const at = x * words;
    for (let i = 0; i < words; i++) {
      support += popcount(body[at + i]! & facts.bits[at + i]!);
      pcaBody += popcount(body[at + i]!);
    }
  }
  if (support < o.minSupport) return undefined;
  const headCoverage = support / kb.pairs[head]!.size;
  const confidence = support / (bodyCount + o.smoothing);
  if (headCoverage < o.minHeadCoverage || confidence < o.minConfidence) return undefined;
  return {
    head,
    form: { kind: "path", body: bodyAtoms },
    support,
    headCoverage,
    bodyCount,
    stdConfidence: support / bodyCount,
    pcaConfidence: support / pcaBody,
    confidence,
  };
}
