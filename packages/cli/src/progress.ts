import { openSync, readSync, closeSync, statSync } from "node:fs";

/** Where an ingest stands (the graph's IngestProgress, what the bar needs of it). */
export interface LinesDone {
  readonly lines: number;
  readonly triples: number;
}

/** Where progress goes: a terminal gets one line redrawn in place, anything else a plain line now and then. */
export interface ProgressSink {
  readonly isTTY: boolean;
  write(text: string): void;
}

// Redraws at most this often on a terminal; plain lines at most this often elsewhere (logs stay short).
const TTY_INTERVAL_MS = 100;
const PLAIN_INTERVAL_MS = 5_000;
const BAR_WIDTH = 24;

/**
 * The lines a file probably has: its size over the mean length of the lines
 * in its first 64 KiB. Good enough for a percentage and an ETA of a file
 * whose lines look alike (knowledge files do); never used for anything else.
 */
export function estimateLines(path: string): number | undefined {
  let fd: number | undefined;
  try {
    const size = statSync(path).size;
    fd = openSync(path, "r");
    const sample = Buffer.alloc(Math.min(size, 64 * 1024));
    const read = readSync(fd, sample, 0, sample.length, 0);
    let newlines = 0;
    for (let i = 0; i < read; i++) if (sample[i] === 0x0a) newlines++;
    if (newlines === 0) return undefined;
    return Math.max(1, Math.round(size / (read / newlines)));
  } catch {
    return undefined; // not a regular file (a pipe, /dev/stdin): no estimate, no percentage
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "?";
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m}m${String(Math.ceil(seconds % 60)).padStart(2, "0")}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

const count = (n: number): string => n.toLocaleString("en-US");

/**
 * Progress of a long ingest: on a terminal a bar with the share of lines
 * read, the rate and the time left, redrawn in place; otherwise a plain line
 * every few seconds. `done()` clears the bar so the summary starts on a
 * clean line.
 */
export class IngestProgressBar {
  private readonly startedAt: number;
  private shownAt = 0;
  private drawn = false;

  constructor(
    private readonly label: string,
    private readonly totalLines: number | undefined,
    private readonly sink: ProgressSink,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** Takes the ingest's progress (after each batch); draws when it is time to. */
  update(p: LinesDone): void {
    const now = this.now();
    if (now - this.shownAt < (this.sink.isTTY ? TTY_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
    this.shownAt = now;
    const line = this.line(p, (now - this.startedAt) / 1000);
    if (this.sink.isTTY) {
      this.sink.write(`\r${line}\x1b[K`);
      this.drawn = true;
    } else {
      this.sink.write(`${line}\n`);
    }
  }

  /** What the bar shows for `p` after `elapsed` seconds. */
  line(p: LinesDone, elapsed: number): string {
    const rate = elapsed > 0 ? p.lines / elapsed : 0;
    const rateText = `${count(Math.round(rate))} lines/s`;
    const head = `${this.label}: ${count(p.lines)} lines, ${count(p.triples)} triples, ${rateText}`;
    if (this.totalLines === undefined) return head;
    const share = Math.min(1, p.lines / this.totalLines);
    const filled = Math.round(share * BAR_WIDTH);
    const eta = rate > 0 ? duration((this.totalLines - p.lines) / rate) : "?";
    return `[${"#".repeat(filled)}${".".repeat(BAR_WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ${head}, ETA ${share >= 1 ? "0s" : eta}`;
  }

  done(): void {
    if (this.drawn) this.sink.write("\r\x1b[K");
    this.drawn = false;
  }
}
