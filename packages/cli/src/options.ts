import { InvalidArgumentError } from "commander";

/** Parses a command-line value that must be a positive integer. */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a positive integer, got ${JSON.stringify(value)}`);
  return n;
}
