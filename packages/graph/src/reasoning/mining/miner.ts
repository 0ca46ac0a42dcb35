import { FactIndex, type MinedFact } from "./facts.js";
import { mineLongPathRules } from "./long-paths.js";

/**
 * What a mined rule says, over the directed relations of a {@link FactIndex}
 * (a predicate or its inverse), with the head's subject as `X`:
 * - `path`: `head(X, Y) :- b1(X, Y)` or `head(X, Y) :- b1(X, Z), b2(Z, Y)`:
 *   AMIE's closed rules of length 2 and 3 (every variable in two atoms);
 * - `constant`: `head(X, c) :- b(X, d)`, or `head(X, c) :- b(X, _)` when `d`
 *   is undefined: AnyBURL's acyclic rules, which find the typical value of
 *   a relation for things alike in one respect.
 */
export type RuleForm =
  | { readonly kind: "path"; readonly body: readonly number[] }
  | { readonly kind: "constant"; readonly body: number; readonly d: number | undefined; readonly c: number };

/** A rule with what the data says of it. */
export interface MinedRuleFigures {
  readonly head: number;
  readonly form: RuleForm;
  /** Head facts the body predicts (distinct X, Y pairs where both hold). */
  readonly support: number;
  /** support / facts of the head relation. */
  readonly headCoverage: number;
  /** Pairs the body predicts, true or not. */
  readonly bodyCount: number;
  /** support / bodyCount: the share of predictions that are facts. */
  readonly stdConfidence: number;
  /**
   * AMIE's PCA confidence: support over the predictions whose subject has
   * some head fact at all (a missing fact about a subject we know nothing
   * of counts for nothing, not against the rule).
   */
  readonly pcaConfidence: number;
  /** support / (bodyCount + smoothing): what ranks candidates, AnyBURL's pessimistic confidence. */
  readonly confidence: number;
}

/** Options of {@link mineRules}. */
export interface MiningOptions {
  /** Fewest head facts a rule must predict. @default 2 */
  readonly minSupport?: number;
  /** Least {@link MinedRuleFigures.confidence}. @default 0.1 */
  readonly minConfidence?: number;
  /** Least head coverage. @default 0 */
  readonly minHeadCoverage?: number;
  /** Atoms, head included (AMIE's rule length): 2, 3 or 4 (three body atoms). @default 3 */
  readonly maxLength?: number;
  /** Also mine rules with constants (AnyBURL's acyclic rules). @default true */
  readonly constants?: boolean;
  /** Added to the body count in {@link MinedRuleFigures.confidence}. @default 5 */
  readonly smoothing?: number;
  /** Stop looking after this many milliseconds; the rules found so far are kept. @default 10000 */
  readonly timeBudgetMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
}

/** What {@link mineRules} found, and whether the time budget cut it short. */
export interface MiningResult {
  readonly facts: FactIndex;
  readonly rules: MinedRuleFigures[];
  readonly truncated: boolean;
  readonly elapsedMs: number;
}

interface Resolved {
  minSupport: number;
  minConfidence: number;
  minHeadCoverage: number;
  maxLength: number;
  constants: boolean;
  smoothing: number;
  deadline: number;
  now: () => number;
}

function resolve(options: MiningOptions): Resolved {
  const now = options.now ?? Date.now;
  const maxLength = options.maxLength ?? 3;
  if (maxLength !== 2 && maxLength !== 3 && maxLength !== 4) throw new RangeError(`max length must be 2, 3 or 4 (atoms with the head), got ${maxLength}`);
  const minSupport = options.minSupport ?? 2;
  if (!Number.isInteger(minSupport) || minSupport < 1) throw new RangeError(`min support must be a whole number >= 1, got ${minSupport}`);
  const minConfidence = options.minConfidence ?? 0.1;
  if (!(minConfidence >= 0 && minConfidence <= 1)) throw new RangeError(`min confidence must be in [0, 1], got ${minConfidence}`);
  const minHeadCoverage = options.minHeadCoverage ?? 0;
  if (!(minHeadCoverage >= 0 && minHeadCoverage <= 1)) throw new RangeError(`min head coverage must be in [0, 1], got ${minHeadCoverage}`);
  return {
    minSupport,
    minConfidence,
    minHeadCoverage,
    maxLength,
    constants: options.constants ?? true,
    smoothing: options.smoothing ?? 5,
    deadline: now() + (options.timeBudgetMs ?? 10_000),
    now,
  };
}

/**
 * Mines Horn rules from facts: closed path rules (AMIE, Galárraga et al.:
 * support, head coverage, standard and PCA confidence) and rules with a
 * constant in the head (AnyBURL, Meilicke et al.), each scored by
 * AnyBURL's smoothed confidence. Path rules are found top-down, each body
 * evaluated once for every head; constant rules bottom-up from the facts
 * of each symbol. Bounded by a time budget, so it can run between cycles.
 */
export function mineRules(input: Iterable<MinedFact> | FactIndex, options: MiningOptions = {}): MiningResult {
  const o = resolve(options);
  const started = o.now();
  const kb = input instanceof FactIndex ? input : new FactIndex(input);
  const rules: MinedRuleFigures[] = [];
  let truncated = !minePathRules(kb, o, rules);
  if (!truncated && o.maxLength === 4) truncated = !mineLongRules(kb, o, rules);
  if (!truncated && o.constants) truncated = !mineConstantRules(kb, o, rules);
  rules.sort(byConfidence);
  return { facts: kb, rules, truncated, elapsedMs: o.now() - started };
}

export function byConfidence(a: MinedRuleFigures, b: MinedRuleFigures): number {
  return b.confidence - a.confidence || b.support - a.support;
}

/** Path rules for every forward head, and their mirror for the inverse head. Returns false when out of time. */
function minePathRules(kb: FactIndex, o: Resolved, out: MinedRuleFigures[]): boolean {
  const heads = kb.predicates.map((_, r) => r);
  const bodies: number[][] = [];
  for (let b1 = 0; b1 < kb.relations; b1++) {
    bodies.push([b1]);
    if (o.maxLength >= 3) for (let b2 = 0; b2 < kb.relations; b2++) bodies.push([b1, b2]);
  }
  for (const body of bodies) {
    if (o.now() > o.deadline) return false;
    const predicted = bodyPairs(kb, body);
    if (predicted.size < o.minSupport) continue;
    for (const head of heads) {
      if (body.length === 1 && body[0] === head) continue; // r(X, Y) :- r(X, Y) says nothing
      const figures = pathFigures(kb, head, body, predicted, o);
      if (figures) out.push(figures, mirror(kb, figures));
    }
  }
  return true;
}

/** Length-4 path rules (see long-paths.ts), each with its mirror. Returns false when out of time. */
function mineLongRules(kb: FactIndex, o: Resolved, out: MinedRuleFigures[]): boolean {
  const found: MinedRuleFigures[] = [];
  const finished = mineLongPathRules(kb, o, found);
  for (const rule of found) out.push(rule, mirror(kb, rule));
  return finished;
}

/** The (X, Y) pairs a path body predicts, X != Y. */
function bodyPairs(kb: FactIndex, body: readonly number[]): Set<number> {
  const pairs = new Set<number>();
  const [b1, b2] = body;
  for (const [x, zs] of kb.out[b1!]!) {
    for (const z of zs) {
      if (b2 === undefined) {
        if (z !== x) pairs.add(kb.key(x, z));
        continue;
      }
      const ys = kb.objects(b2, z);
      if (ys) for (const y of ys) if (y !== x) pairs.add(kb.key(x, y));
    }
  }
  return pairs;
}

function pathFigures(kb: FactIndex, head: number, body: readonly number[], predicted: Set<number>, o: Resolved): MinedRuleFigures | undefined {
  const facts = kb.pairs[head]!;
  let support = 0;
  for (const f of facts) if (predicted.has(f)) support++;
  if (support < o.minSupport) return undefined;
  const headCoverage = support / facts.size;
  const confidence = support / (predicted.size + o.smoothing);
  if (headCoverage < o.minHeadCoverage || confidence < o.minConfidence) return undefined;
  // PCA: only predictions about subjects that have some head fact count.
  const n = kb.symbols.length;
  let pcaBody = 0;
  for (const pair of predicted) if (kb.out[head]!.has(Math.floor(pair / n))) pcaBody++;
  return {
    head,
    form: { kind: "path", body },
    support,
    headCoverage,
    bodyCount: predicted.size,
    stdConfidence: support / predicted.size,
    pcaConfidence: pcaBody === 0 ? 0 : support / pcaBody,
    confidence,
  };
}

/**
 * The same rule read from the other end: `r(X, Y) :- b1(X, Z), b2(Z, Y)` is
 * `r⁻(Y, X) :- b2⁻(Y, Z), b1⁻(Z, X)`, so questions about a head's object
 * use it as they use the rule for its subject. Same counts; PCA confidence
 * is the forward one (AMIE's, which fixes the subject).
 */
function mirror(kb: FactIndex, r: MinedRuleFigures): MinedRuleFigures {
  const body = (r.form as { body: readonly number[] }).body;
  return { ...r, head: kb.inverseOf(r.head), form: { kind: "path", body: [...body].reverse().map((b) => kb.inverseOf(b)) } };
}

/**
 * Rules `head(X, c) :- b(X, d)` and `head(X, c) :- b(X, _)`, counted from
 * the facts: for each head fact (x, c), every other fact of x is a body that
 * predicted it. Returns false when out of time.
 */
function mineConstantRules(kb: FactIndex, o: Resolved, out: MinedRuleFigures[]): boolean {
  const n = kb.symbols.length;
  const R = kb.relations;
  for (let head = 0; head < R; head++) {
    if (o.now() > o.deadline) return false;
    // key (b, d + 1, c): d + 1 = 0 stands for "any".
    const support = new Map<number, number>();
    const bump = (k: number) => support.set(k, (support.get(k) ?? 0) + 1);
    for (const [x, cs] of kb.out[head]!) {
      for (let b = 0; b < R; b++) {
        const ds = kb.objects(b, x);
        if (!ds) continue;
        for (const c of cs) {
          bump((b * (n + 1) + 0) * n + c);
          for (const d of ds) if (!(b === head && d === c)) bump((b * (n + 1) + d + 1) * n + c);
        }
      }
    }
    for (const [k, count] of support) {
      if (count < o.minSupport) continue;
      const c = k % n;
      const rest = Math.floor(k / n);
      const d1 = rest % (n + 1);
      const b = Math.floor(rest / (n + 1));
      const d = d1 === 0 ? undefined : d1 - 1;
      // Things with the body: those with a b-fact to d (or with any b-fact).
      const bodyCount = d === undefined ? kb.out[b]!.size : (kb.objects(kb.inverseOf(b), d)?.size ?? 0);
      const confidence = count / (bodyCount + o.smoothing);
      const headCoverage = count / kb.pairs[head]!.size;
      if (confidence < o.minConfidence || headCoverage < o.minHeadCoverage) continue;
      out.push({
        head,
        form: { kind: "constant", body: b, d, c },
        support: count,
        headCoverage,
        bodyCount,
        stdConfidence: count / bodyCount,
        // Every X with the body and a head fact counts: PCA over X.
        pcaConfidence: count / Math.max(count, pcaBodyOfConstant(kb, head, b, d)),
        confidence,
      });
    }
  }
  return true;
}

function pcaBodyOfConstant(kb: FactIndex, head: number, b: number, d: number | undefined): number {
  let count = 0;
  const subjects = d === undefined ? kb.out[b]!.keys() : (kb.objects(kb.inverseOf(b), d) ?? new Set<number>()).values();
  for (const x of subjects) if (kb.out[head]!.has(x)) count++;
  return count;
}
