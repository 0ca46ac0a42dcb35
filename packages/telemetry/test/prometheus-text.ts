/**
 * The value of the sample `name` whose labels include `labels` (in any
 * order) in a Prometheus text exposition, or undefined. Tests read metrics
 * by meaning, not by how prom-client happens to order labels.
 */
export function sampleValue(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(?<!\w)(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}
