import { randomBytes } from "node:crypto";

/**
 * A label no other test uses, for isolating data in a shared Neo4j.
 * Community edition has a single user database (no `CREATE DATABASE`), so
 * tests that share the run-wide server tag every node they create with their
 * own label and match only on it. The result is a valid Cypher identifier
 * (letters, digits, underscore), safe to splice into a query: labels cannot
 * be parameters.
 */
export function uniqueLabel(prefix = "Test"): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(prefix)) {
    throw new Error(`uniqueLabel prefix must be letters, digits and underscores, starting with a letter: ${JSON.stringify(prefix)}`);
  }
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}
