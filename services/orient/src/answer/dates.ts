// Dates as graphs write them (ISO 8601: 1969-07-16, or 1969-07 for a
// month) are values like numbers: a date answers "when", orders a ranking
// and compares with a year or another date.

/** An ISO 8601 calendar date: year, month, and day when given. */
const ISO_DATE = /^(\d{4})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?$/;

/** A value that orders: its number, and its year when it is a date. */
export interface Valued {
  readonly value: number;
  readonly year?: number;
}

/**
 * What a literal orders by: a number as written; a date as its year plus
 * the part of that year gone before it (1969-07-16 is about 1969.54), so
 * dates and years sort together.
 */
export function valued(text: string): Valued {
  const date = ISO_DATE.exec(text);
  if (!date) return { value: Number(text) };
  const year = Number(date[1]);
  const start = Date.UTC(year, 0, 1);
  const at = Date.UTC(year, Number(date[2]) - 1, Number(date[3] ?? 1));
  return { value: year + (at - start) / (Date.UTC(year + 1, 0, 1) - start), year };
}

/**
 * Whether `a` compares with `b` as asked. A date against a whole number
 * (a year) compares by its year: "after 1969" is after the year 1969
 * ends, so a day in July 1969 is neither after nor before it.
 */
export function compares(a: Valued, op: ">" | ">=" | "<" | "<=", b: Valued): boolean {
  const yearOnly = (x: Valued, y: Valued): boolean => x.year !== undefined && y.year === undefined && Number.isInteger(y.value);
  const [l, r] = yearOnly(a, b) ? [a.year!, b.value] : yearOnly(b, a) ? [a.value, b.year!] : [a.value, b.value];
  return op === ">" ? l > r : op === ">=" ? l >= r : op === "<" ? l < r : l <= r;
}

/** Whether some values are dates and some are not: a year among days could fall on either side of them, so no ranking of them is sound. */
export function mixesDates(values: readonly Valued[]): boolean {
  return values.some((v) => v.year !== undefined) && values.some((v) => v.year === undefined);
}
