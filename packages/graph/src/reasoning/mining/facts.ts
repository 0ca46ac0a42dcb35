/**
 * The facts a miner reads, as numbers: each symbol and predicate gets an
 * index, and every predicate `p` also gets its inverse `p⁻` (the index
 * `p + predicates`), holding each fact turned around. Rules are then all
 * written with the head's subject first, and a question about a subject
 * (`r(alice, ?)`) or about an object (`r(?, bob)`) is the same question
 * asked of `r` or of `r⁻`.
 */
export interface MinedFact {
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
}

export class FactIndex {
  readonly symbols: string[] = [];
  readonly predicates: string[] = [];
  private readonly symbolIds = new Map<string, number>();
  private readonly predicateIds = new Map<string, number>();
  /** out[r].get(s) = objects of (s, r, ·), for r over predicates and their inverses. */
  out: Map<number, Set<number>>[] = [];
  /** Facts of each (directed) relation, as subject * symbols + object. */
  pairs: Set<number>[] = [];
  /** How many (directed) relations: twice the predicates. */
  relations = 0;

  constructor(facts: Iterable<MinedFact>) {
    const raw: Array<[number, number, number]> = [];
    for (const f of facts) raw.push([this.symbol(f.subject), this.predicate(f.predicate), this.symbol(f.object)]);
    const n = this.predicates.length;
    this.relations = 2 * n;
    this.out = Array.from({ length: this.relations }, () => new Map());
    this.pairs = Array.from({ length: this.relations }, () => new Set());
    for (const [s, p, o] of raw) {
      this.link(p, s, o);
      this.link(p + n, o, s);
    }
  }

  private link(r: number, s: number, o: number): void {
    let set = this.out[r]!.get(s);
    if (!set) this.out[r]!.set(s, (set = new Set()));
    set.add(o);
    this.pairs[r]!.add(this.key(s, o));
  }

  key(s: number, o: number): number {
    return s * this.symbols.length + o;
  }

  /** Symbol index of a known symbol, or undefined. */
  symbolId(name: string): number | undefined {
    return this.symbolIds.get(name);
  }

  /** Relation index of a known predicate (forward; add `predicates.length` for its inverse). */
  predicateId(name: string): number | undefined {
    return this.predicateIds.get(name);
  }

  /** The predicate of a directed relation, and whether it is read backwards. */
  describe(r: number): { predicate: string; inverse: boolean } {
    const n = this.predicates.length;
    return r < n ? { predicate: this.predicates[r]!, inverse: false } : { predicate: this.predicates[r - n]!, inverse: true };
  }

  inverseOf(r: number): number {
    const n = this.predicates.length;
    return r < n ? r + n : r - n;
  }

  objects(r: number, s: number): ReadonlySet<number> | undefined {
    return this.out[r]!.get(s);
  }

  holds(r: number, s: number, o: number): boolean {
    return this.out[r]!.get(s)?.has(o) ?? false;
  }

  private symbol(name: string): number {
    let id = this.symbolIds.get(name);
    if (id === undefined) {
      id = this.symbols.length;
      this.symbols.push(name);
      this.symbolIds.set(name, id);
    }
    return id;
  }

  private predicate(name: string): number {
    let id = this.predicateIds.get(name);
    if (id === undefined) {
      id = this.predicates.length;
      this.predicates.push(name);
      this.predicateIds.set(name, id);
    }
    return id;
  }
}
