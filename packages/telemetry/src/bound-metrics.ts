import type { Registry } from "prom-client";

// Why not prom-client's own Histogram and Counter for the per-rpc metrics:
// their `labels()` children still validate the labels, hash them and build a
// label object on every observe or inc, about a microsecond each on the hot
// path. These metrics bind each label set once to a cell of plain numbers,
// and only the scrape turns cells into samples. prom-client's registry still
// renders them (default labels, escaping, format), as any other metric.

type Labels = Record<string, string>;

/**
 * What a registry reads from a metric at scrape time. Spelled out here:
 * prom-client's typings name the type an enum, while at run time (and in
 * the exposition) it is the string.
 */
interface Sample {
  readonly metricName?: string;
  readonly labels: Record<string, string | number>;
  readonly value: number;
}
interface Samples {
  readonly name: string;
  readonly help: string;
  readonly type: "counter" | "histogram";
  readonly aggregator: "sum";
  readonly values: Sample[];
}

interface BoundMetricOptions<N extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly N[];
  readonly registers: readonly Registry[];
}

/** Shared part: the cells by label set, and the prom-client metric interface the registry reads. */
abstract class BoundMetric<N extends string, C> {
  readonly name: string;
  readonly help: string;
  abstract readonly type: Samples["type"];
  readonly aggregator = "sum" as const;
  protected readonly cells = new Map<string, { labels: Labels; cell: C }>();
  private readonly labelNames: readonly N[];

  constructor(options: BoundMetricOptions<N>) {
    this.name = options.name;
    this.help = options.help;
    this.labelNames = options.labelNames;
    // The registry only needs name, help, type and get(); it takes any such object.
    for (const registry of options.registers) registry.registerMetric(this as never);
  }

  /** The cell of one label set, made on first use and kept: bind it once, outside the hot path. */
  child(...values: string[]): C {
    if (values.length !== this.labelNames.length) throw new Error(`${this.name}: expected ${this.labelNames.length} label values, got ${values.length}`);
    const key = values.join("\u0000");
    let entry = this.cells.get(key);
    if (!entry) {
      const labels: Labels = {};
      this.labelNames.forEach((n, i) => (labels[n] = values[i]!));
      entry = { labels, cell: this.newCell() };
      this.cells.set(key, entry);
    }
    return entry.cell;
  }

  /**
   * Zeroes every cell (prom-client's Registry.resetMetrics calls this). The
   * cells stay: callers hold them bound, and must go on counting into them.
   */
  reset(): void {
    for (const { cell } of this.cells.values()) this.zero(cell);
  }

  protected abstract newCell(): C;
  protected abstract zero(cell: C): void;
  abstract get(): Promise<Samples>;
}

/** One label set of a {@link BoundCounter}. */
export class CounterCell {
  value = 0;
  inc(): void {
    this.value++;
  }
}

/** A Prometheus counter whose label sets are bound once ({@link BoundMetric.child}). */
export class BoundCounter<N extends string> extends BoundMetric<N, CounterCell> {
  readonly type = "counter";

  protected newCell(): CounterCell {
    return new CounterCell();
  }

  protected zero(cell: CounterCell): void {
    cell.value = 0;
  }

  async get(): Promise<Samples> {
    const values = [...this.cells.values()].map(({ labels, cell }) => ({ labels: { ...labels }, value: cell.value }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** One label set of a {@link BoundHistogram}: a count per bucket (not cumulative), sum and count. */
export class HistogramCell {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]!++;
        return;
      }
    }
  }
}

/** A Prometheus histogram whose label sets are bound once ({@link BoundMetric.child}). */
export class BoundHistogram<N extends string> extends BoundMetric<N, HistogramCell> {
  readonly type = "histogram";
  private readonly buckets: readonly number[];

  constructor(options: BoundMetricOptions<N> & { readonly buckets: readonly number[] }) {
    super(options);
    this.buckets = [...options.buckets].sort((a, b) => a - b);
  }

  protected newCell(): HistogramCell {
    return new HistogramCell(this.buckets);
  }

  protected zero(cell: HistogramCell): void {
    cell.counts.fill(0);
    cell.sum = 0;
    cell.count = 0;
  }

  async get(): Promise<Samples> {
    const values: Sample[] = [];
    for (const { labels, cell } of this.cells.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += cell.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: "+Inf" }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels: { ...labels }, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels: { ...labels }, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
