// Turns a goal's words about timing ("every weekday at 7:30", "hourly",
// "every 15 minutes", or a literal cron expression) into a five-field cron
// expression for create_job. Returns undefined when the text names no
// recurring time, so the tool is not offered with a made-up schedule.

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const PART_OF_DAY: Record<string, number> = { morning: 9, noon: 12, afternoon: 15, evening: 18, night: 22, nightly: 22, midnight: 0 };

/** A cron expression for the recurring time the text describes, if any. */
export function cronFromText(text: string): string | undefined {
  const t = text.toLowerCase();
  const literal = /(?:^|[\s"'`(])((?:[\d*/,-]+\s+){4}[\d*/,-]+)(?=$|[\s"'`).,;])/.exec(t);
  if (literal && literal[1]!.split(/\s+/).some((f) => f.includes("*"))) return literal[1]!.trim();

  const everyN = /\bevery\s+(\d{1,2})\s*(minutes?|mins?|hours?|hrs?)\b/.exec(t);
  if (everyN) {
    const n = Number(everyN[1]);
    if (n >= 1) return everyN[2]!.startsWith("m") ? `*/${n} * * * *` : `0 */${n} * * *`;
  }
  if (/\bevery\s+minute\b/.test(t)) return "* * * * *";
  if (/\b(hourly|every\s+hour|each\s+hour|once\s+an\s+hour)\b/.test(t)) return "0 * * * *";

  const [hour, minute] = timeOfDay(t);
  const at = `${minute} ${hour}`;
  if (/\b(every\s+weekday|weekdays|each\s+weekday|monday\s+(?:to|through)\s+friday)\b/.test(t)) return `${at} * * 1-5`;
  if (/\b(weekends|every\s+weekend)\b/.test(t)) return `${at} * * 0,6`;
  const day = WEEKDAYS.findIndex((d) => new RegExp(`\\b(?:every|each|on)\\s+${d}s?\\b|\\b${d}s\\b`).test(t));
  if (day >= 0) return `${at} * * ${day}`;
  if (/\b(weekly|every\s+week|each\s+week|once\s+a\s+week)\b/.test(t)) return `${at} * * 1`;
  if (/\b(monthly|every\s+month|each\s+month|once\s+a\s+month)\b/.test(t)) return `${at} 1 * *`;
  if (/\b(daily|every\s+day|each\s+day|once\s+a\s+day|nightly|every\s+(?:morning|afternoon|evening|night)|each\s+(?:morning|evening|night))\b/.test(t)) return `${at} * * *`;
  return undefined;
}

/** Hour and minute named in the text ("at 7:30 pm", "6am", "every evening"); 9:00 when none. */
function timeOfDay(t: string): [number, number] {
  const clock = /\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)/.exec(t) ?? /\bat\s+(\d{1,2}):(\d{2})\b/.exec(t) ?? /\bat\s+(\d{1,2})\b(?!\s*(?:minutes?|hours?|%))/.exec(t);
  if (clock) {
    let h = Number(clock[1]);
    const m = clock[2] ? Number(clock[2]) : 0;
    const suffix = clock[3];
    if (suffix?.startsWith("p") && h < 12) h += 12;
    if (suffix?.startsWith("a") && h === 12) h = 0;
    if (h <= 23 && m <= 59) return [h, m];
  }
  for (const [word, h] of Object.entries(PART_OF_DAY)) if (new RegExp(`\\b${word}\\b`).test(t)) return [h, 0];
  return [9, 0];
}
