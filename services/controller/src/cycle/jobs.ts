import { ScheduledJob, type ActionResult } from "@boyd/proto";
import { CronExpressionParser } from "cron-parser";

/** The next time a job fires after `after` (cron in UTC, or a fixed interval); undefined when it cannot fire. */
export function nextFiring(job: Pick<ScheduledJob, "cron" | "intervalMs">, after: number): number | undefined {
  if (job.intervalMs > 0) return after + job.intervalMs;
  if (!job.cron) return undefined;
  try {
    return CronExpressionParser.parse(job.cron, { currentDate: new Date(after), tz: "UTC", strict: false }).next().toDate().getTime();
  } catch {
    return undefined;
  }
}

/** Jobs whose time has come, and the jobs with their next firing moved on. */
export function dueJobs(jobs: readonly ScheduledJob[], now: number): { due: ScheduledJob[]; jobs: ScheduledJob[] } {
  const due: ScheduledJob[] = [];
  const next = jobs.map((j) => {
    if (!j.enabled || j.nextRunUnixMs > now) return j;
    due.push(j);
    const at = nextFiring(j, now);
    return at === undefined ? { ...j, enabled: false } : { ...j, nextRunUnixMs: at };
  });
  return { due, jobs: next };
}

/**
 * The job a successful create_job call scheduled (its structured output is
 * a ScheduledJob), so the session keeps it and the controller fires it.
 */
export function jobFromResult(result: ActionResult): ScheduledJob | undefined {
  if (result.toolName !== "create_job" || !result.output?.success || !result.output.dataJson) return undefined;
  try {
    const job = ScheduledJob.fromJSON(JSON.parse(result.output.dataJson));
    return job.id ? job : undefined;
  } catch {
    return undefined;
  }
}
