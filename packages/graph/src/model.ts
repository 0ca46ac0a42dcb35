import { invalid } from "./errors.js";

/** A node of the graph. Ids are stable strings; labels are for people. */
export interface GraphSymbol {
  readonly id: string;
  readonly label: string;
  /** Free-form type, e.g. `entity`, `goal`, `concept`. */
  readonly kind: string;
}

/** A directed, weighted, sourced edge: `(subject) -[predicate]-> (object)`. */
export interface Triple {
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
  /** In [0, 1]. */
  readonly confidence: number;
  /** Where the triple came from (a file, a tool, a rule). */
  readonly source: string;
  /** Unix ms when it was asserted. */
  readonly createdAt: number;
}

/** A triple to add: confidence, source and time may be left to defaults. */
export interface TripleInput {
  subject: string;
  predicate: string;
  object: string;
  /** @default 1 */
  confidence?: number;
  /** @default "" */
  source?: string;
  /** @default now */
  createdAt?: number;
}

/** A triple pattern: any position left out matches everything. */
export interface TriplePattern {
  subject?: string;
  predicate?: string;
  object?: string;
}

/**
 * How a predicate's confidence changes with age, applied at query time:
 * stable keeps it; decaying halves it every `halfLifeMs`; ephemeral keeps it
 * until `ttlMs` and then drops it to zero.
 */
export type TemporalProfile =
  | { readonly kind: "stable" }
  | { readonly kind: "decaying"; readonly halfLifeMs: number }
  | { readonly kind: "ephemeral"; readonly ttlMs: number };

/** The identity of a triple: one edge per (subject, predicate, object). */
export function tripleKey(t: TriplePattern & { subject: string; predicate: string; object: string }): string {
  return `${t.subject}\u0000${t.predicate}\u0000${t.object}`;
}

/** Fills a TripleInput's defaults and validates it; `where` names the input in errors. */
export function toTriple(input: TripleInput, now: number, where = "triple"): Triple {
  for (const field of ["subject", "predicate", "object"] as const) {
    const value = input[field];
    if (typeof value !== "string" || value.trim() === "") throw invalid(`${where}: ${field} must be a non-empty string`);
  }
  const confidence = input.confidence ?? 1;
  if (typeof confidence !== "number" || !(confidence >= 0 && confidence <= 1)) {
    throw invalid(`${where}: confidence must be a number in [0, 1], got ${String(input.confidence)}`);
  }
  const createdAt = input.createdAt ?? now;
  if (!Number.isFinite(createdAt)) throw invalid(`${where}: createdAt must be a finite unix ms time`);
  return {
    subject: input.subject,
    predicate: input.predicate,
    object: input.object,
    confidence,
    source: input.source ?? "",
    createdAt,
  };
}

/** Validates a symbol; `where` names the input in errors. */
export function toSymbol(input: Partial<GraphSymbol> & { id: string }, where = "symbol"): GraphSymbol {
  if (typeof input.id !== "string" || input.id.trim() === "") throw invalid(`${where}: id must be a non-empty string`);
  return { id: input.id, label: input.label ?? input.id, kind: input.kind ?? "entity" };
}

/** Validates a temporal profile. */
export function checkProfile(predicate: string, profile: TemporalProfile): TemporalProfile {
  if (profile.kind === "decaying" && !(profile.halfLifeMs > 0)) throw invalid(`profile of ${predicate}: halfLifeMs must be > 0`);
  if (profile.kind === "ephemeral" && !(profile.ttlMs > 0)) throw invalid(`profile of ${predicate}: ttlMs must be > 0`);
  if (!["stable", "decaying", "ephemeral"].includes(profile.kind)) throw invalid(`profile of ${predicate}: unknown kind`);
  return profile;
}

/**
 * A triple's confidence at time `now` under its predicate's profile. Both
 * backends call this one function, so attenuation is identical.
 */
export function effectiveConfidence(
  triple: Pick<Triple, "confidence" | "createdAt">,
  profile: TemporalProfile | undefined,
  now: number,
): number {
  if (!profile || profile.kind === "stable") return triple.confidence;
  const age = Math.max(0, now - triple.createdAt);
  if (profile.kind === "ephemeral") return age >= profile.ttlMs ? 0 : triple.confidence;
  return triple.confidence * Math.pow(0.5, age / profile.halfLifeMs);
}
