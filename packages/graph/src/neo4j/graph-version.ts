/**
 * The graph version: one node per store label holding a random value that
 * every write replaces in its own transaction, so a reader that sees the
 * value unchanged knows no write has committed since (values never repeat,
 * unlike a counter whose concurrent increments could collide). The
 * neighbourhood cache is keyed by it. The node has a label of its own, so
 * it is never a symbol and `clear` leaves it.
 */
export function versionLabel(label: string): string {
  return `${label}_Meta`;
}

/** Creates the version node (and the constraint that keeps it single under concurrent MERGEs). */
export function versionSchema(label: string): string[] {
  const V = versionLabel(label);
  return [
    `CREATE CONSTRAINT ${V}_key IF NOT EXISTS FOR (v:${V}) REQUIRE v.key IS UNIQUE`,
    `MERGE (v:${V} {key: 'version'}) ON CREATE SET v.value = randomUUID()`,
  ];
}

/** Run inside every write transaction: a new version, committed with the write. */
export function bumpVersion(label: string): string {
  return `MERGE (v:${versionLabel(label)} {key: 'version'}) SET v.value = randomUUID()`;
}

/** The current version, or null when the node is missing (nothing is then cached). */
export function readVersion(label: string): string {
  return `OPTIONAL MATCH (v:${versionLabel(label)} {key: 'version'}) RETURN v.value AS version`;
}

/** Removes the version node and its constraint (test clean-up). */
export function dropVersion(label: string): string[] {
  const V = versionLabel(label);
  return [`MATCH (v:${V}) DELETE v`, `DROP CONSTRAINT ${V}_key IF EXISTS`];
}
