import { randomUUID } from "node:crypto";
import { BusError } from "@boyd/bus";
import { DangerLevel, ScheduledJob } from "@boyd/proto";
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";
import { json, keyToken, type RecordStore } from "../state/record-store.js";
import { defineTool, type ToolDefinition } from "../tool.js";
import { builtinDescriptor } from "./graph-client.js";

/** Most jobs one agent may hold: a runaway loop must not fill the store. */
export const MAX_JOBS_PER_AGENT = 100;

/** The next time a cron expression fires after `after` (UTC); INVALID_ARGUMENT names the problem. */
export function nextRun(cron: string, after: number): number {
  try {
    return CronExpressionParser.parse(cron, { currentDate: new Date(after), tz: "UTC", strict: false }).next().toDate().getTime();
  } catch (err) {
    throw new BusError("INVALID_ARGUMENT", `schedule ${JSON.stringify(cron)} is not a cron expression: ${(err as Error).message}`);
  }
}

/**
 * Scheduled goals, persisted per agent in act's record store (files in
 * embedded mode, JetStream KV in distributed mode); the controller lists
 * them and adds each goal when its time comes (see {@link JobBook.due}).
 */
export class JobBook {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => number = Date.now,
  ) {}

  async add(agentId: string, job: Omit<ScheduledJob, "id" | "nextRunUnixMs" | "enabled">): Promise<ScheduledJob> {
    if ((await this.store.keys(prefix(agentId))).length >= MAX_JOBS_PER_AGENT) throw new BusError("RESOURCE_EXHAUSTED", `agent ${agentId} already has ${MAX_JOBS_PER_AGENT} scheduled jobs`);
    const full: ScheduledJob = { ...job, id: randomUUID().slice(0, 8), enabled: true, nextRunUnixMs: nextRun(job.cron, this.now()) };
    await this.store.create(`${prefix(agentId)}/${full.id}`, json.encode(ScheduledJob.toJSON(full)));
    return full;
  }

  async list(agentId: string): Promise<ScheduledJob[]> {
    const jobs: ScheduledJob[] = [];
    for (const key of await this.store.keys(prefix(agentId))) {
      const rec = await this.store.get(key);
      if (rec) jobs.push(ScheduledJob.fromJSON(json.decode(rec.value)));
    }
    return jobs.sort((a, b) => a.nextRunUnixMs - b.nextRunUnixMs || a.id.localeCompare(b.id));
  }

  /**
   * Jobs whose time has come, each advanced to its next run with a
   * compare-and-set, so of two controllers asking at once only one gets a
   * given firing.
   */
  async due(agentId: string): Promise<ScheduledJob[]> {
    const fired: ScheduledJob[] = [];
    const now = this.now();
    for (const key of await this.store.keys(prefix(agentId))) {
      const rec = await this.store.get(key);
      if (!rec) continue;
      const job = ScheduledJob.fromJSON(json.decode(rec.value));
      if (!job.enabled || job.nextRunUnixMs > now) continue;
      try {
        await this.store.update(key, json.encode(ScheduledJob.toJSON({ ...job, nextRunUnixMs: nextRun(job.cron, now) })), rec.revision);
        fired.push(job);
      } catch (err) {
        if (!(err instanceof BusError && err.code === "ABORTED")) throw err;
      }
    }
    return fired;
  }
}

function prefix(agentId: string): string {
  return `jobs/${keyToken(agentId)}`;
}

/** create_job: schedule a goal from a cron expression. */
export function createJobTool(book: JobBook): ToolDefinition {
  const Input = z
    .object({
      goal: z.string().trim().min(1).max(2_000),
      schedule: z.string().trim().min(9).max(200),
      criteria: z.string().max(2_000).default(""),
      priority: z.number().int().min(0).max(255).default(128),
    })
    .strict();
  return defineTool({
    descriptor: builtinDescriptor("create_job"),
    input: Input,
    assess: (i) => {
      const first = nextRun(i.schedule, Date.now());
      return {
        action: { detail: { $case: "other", value: { summary: `schedule "${i.goal}" at ${i.schedule}` } } },
        danger: DangerLevel.CAUTIOUS,
        reversible: true,
        preview: `schedule goal "${i.goal}" with cron ${i.schedule} (first run ${new Date(first).toISOString()})`,
        consequences: "the goal is added to the agent's goals every time the schedule fires",
        sideEffects: true,
      };
    },
    async run(i, ctx) {
      const job = await book.add(ctx.agentId, { goalDescription: i.goal, successCriteria: i.criteria, priority: i.priority, cron: i.schedule, intervalMs: 0 });
      return { content: `scheduled job ${job.id}: "${i.goal}" (${i.schedule}), next run ${new Date(job.nextRunUnixMs).toISOString()}`, data: ScheduledJob.toJSON(job) };
    },
  });
}

/** list_jobs: the agent's scheduled jobs, soonest first. */
export function listJobsTool(book: JobBook): ToolDefinition {
  return defineTool({
    descriptor: builtinDescriptor("list_jobs"),
    input: z.object({ enabled_only: z.boolean().default(false) }).strict(),
    assess: () => ({
      action: { detail: { $case: "other", value: { summary: "list scheduled jobs" } } },
      danger: DangerLevel.SAFE,
      reversible: true,
      preview: "list scheduled jobs",
      consequences: "nothing changes",
      sideEffects: false,
    }),
    async run(i, ctx) {
      const jobs = (await book.list(ctx.agentId)).filter((j) => !i.enabled_only || j.enabled);
      return {
        content: jobs.length ? jobs.map((j) => `${j.id}  ${j.cron}  next ${new Date(j.nextRunUnixMs).toISOString()}  "${j.goalDescription}"${j.enabled ? "" : " (disabled)"}`).join("\n") : "no scheduled jobs",
        data: { jobs: jobs.map((j) => ScheduledJob.toJSON(j)) },
      };
    },
  });
}
