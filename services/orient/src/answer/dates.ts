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

/** Month names and their short forms, by the month's number. */
const MONTHS: ReadonlyMap<string, number> = new Map(
  ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"].flatMap((m, i) => [
    [m, i + 1],
    ...(m.length > 4 ? [[m.slice(0, 3), i + 1] as const] : []),
  ]),
);

/** Whether a word names a month ("april", "apr"). */
export function isMonth(word: string): boolean {
  return MONTHS.has(word.toLowerCase());
}

/** A date said in a question: the first and last day it covers (one day, or a month), and how many tokens it takes. */
export interface SaidDate {
  readonly first: string;
  readonly last: string;
  readonly length: number;
}

const two = (n: number): string => String(n).padStart(2, "0");
const YEAR = /^\d{4}$/;
const DAY = /^(?:0?[1-9]|[12]\d|3[01])$/;

/**
 * The date said at token `i` of a question: "2026 04 01" (2026-04-01 as
 * the tokens split it), "april 18 2026", "18 april 2026", or a month,
 * "april 2026". Undefined when none starts there.
 */
export function dateSaidAt(toks: readonly string[], i: number): SaidDate | undefined {
  const [a = "", b = "", c = ""] = toks.slice(i, i + 3);
  const day = (y: string, m: number, d: string): SaidDate | undefined => {
    const iso = `${y}-${two(m)}-${two(Number(d))}`;
    return valued(iso).year !== undefined && new Date(`${iso}T00:00:00Z`).getUTCDate() === Number(d) ? { first: iso, last: iso, length: 3 } : undefined;
  };
  if (YEAR.test(a) && /^(?:0[1-9]|1[0-2])$/.test(b) && /^\d{2}$/.test(c)) return day(a, Number(b), c);
  if (MONTHS.has(a) && DAY.test(b) && YEAR.test(c)) return day(c, MONTHS.get(a)!, b);
  if (DAY.test(a) && MONTHS.has(b) && YEAR.test(c)) return day(c, MONTHS.get(b)!, a);
  if (MONTHS.has(a) && YEAR.test(b)) {
    const m = MONTHS.get(a)!;
    const days = new Date(Date.UTC(Number(b), m, 0)).getUTCDate();
    return { first: `${b}-${two(m)}-01`, last: `${b}-${two(m)}-${two(days)}`, length: 2 };
  }
  return undefined;
}
