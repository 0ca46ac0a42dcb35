/**
 * Field names that hold secrets in the objects our services log: NATS
 * connect options (`pass`, `token`), settings (`password`, `natsPassword`,
 * `neo4j.password`, `grpcTokens`), serveGrpc's `auth.tokens` and `tls.key`,
 * request headers and raw environment dumps.
 */
const SECRET_KEYS = [
  "password",
  "pass",
  "passwd",
  "secret",
  "token",
  "tokens",
  "apiKey",
  "authorization",
  "privateKey",
  "private_key",
  "natsPassword",
  "natsToken",
  "neo4jPassword",
  "grpcToken",
  "grpcTokens",
  "BOYD_NATS_PASSWORD",
  "BOYD_NEO4J_PASSWORD",
  "BOYD_GRPC_TOKEN",
  "NEO4J_AUTH",
] as const;

// `key` alone is too common a field name (memory keys, KV keys) to blank out
// everywhere; under `tls` it is a private key.
const SECRET_PATHS_OUTSIDE_KEYS = ["tls.key", "*.tls.key", "*.*.tls.key", "headers.authorization", "*.headers.authorization"] as const;

// pino's redaction (fast-redact) has no recursive wildcard and no partial-name
// wildcard (`config.*Password` is not a pattern it knows), so each name is
// listed at the depths our log calls nest settings: top level,
// `{ config: {...} }` and `{ config: { neo4j: {...} } }`.
const DEPTHS = ["", "*.", "*.*.", "*.*.*."] as const;

/**
 * Paths pino must redact so secrets never reach a log line, for
 * `pino({ redact: { paths: [...SECRET_LOG_PATHS] } })`. A new setting that
 * holds a secret should reuse one of these names or be added here.
 */
export const SECRET_LOG_PATHS: readonly string[] = Object.freeze([
  ...SECRET_KEYS.flatMap((key) => DEPTHS.map((depth) => `${depth}${key}`)),
  ...SECRET_PATHS_OUTSIDE_KEYS,
]);
