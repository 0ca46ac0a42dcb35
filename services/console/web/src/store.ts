/**
 * The page's state as signals, and the actions that change it. Panels read
 * slices through `computed`, so a batch of events re-renders only the panels
 * whose slice the reducer replaced.
 */
import { batch, computed, signal } from "@preact/signals";
import type { AgentInfo, Event, NewGoal } from "@boyd/proto";
import * as api from "./api.js";
import { LiveStream, type ConnectionState } from "./live.js";
import { applyEvents, emptyView, mergeGoals, withApprovals, type AgentView } from "./model/agent-view.js";

export const session = signal<api.SessionInfo | undefined>(undefined);
export const agents = signal<readonly AgentInfo[]>([]);
export const selectedAgentId = signal("");
export const view = signal<AgentView | undefined>(undefined);
export const connection = signal<ConnectionState>("offline");
/** The last failure to show (an action refused, an event malformed). */
export const notice = signal("");

export const selectedAgent = computed(() => agents.value.find((a) => a.agentId === selectedAgentId.value));
export const cycles = computed(() => view.value?.cycles ?? []);
export const goals = computed(() => view.value?.goals ?? new Map());
export const progress = computed(() => view.value?.progress ?? new Map());
export const approvals = computed(() => view.value?.approvals ?? new Map());

let stream: LiveStream | undefined;
let agentPolling: ReturnType<typeof setInterval> | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Runs an action; a failure shows as the notice instead of an unhandled rejection. */
export async function attempt(what: string, action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    notice.value = "";
    return true;
  } catch (err) {
    notice.value = `${what}: ${(err as Error).message}`;
    return false;
  }
}

/** Loads the session, then the agents, selecting the first (or the one in the URL's #agent=). */
export async function boot(): Promise<void> {
  await attempt("session", async () => {
    session.value = await api.getSession();
  });
  if (!session.value || (session.value.authRequired && !session.value.authenticated)) return;
  await attempt("agents", async () => {
    agents.value = (await api.listAgents()).agents;
  });
  const wanted = new URLSearchParams(location.hash.slice(1)).get("agent");
  const first = agents.value.find((a) => a.agentId === wanted) ?? agents.value[0];
  if (first) selectAgent(first.agentId);
  // New agents and state changes between events (another client started one).
  agentPolling ??= setInterval(() => void refreshAgents(), 5_000);
}

export async function signIn(token: string): Promise<boolean> {
  const ok = await attempt("login", () => api.login(token));
  if (ok) await boot();
  return ok;
}

/** Signs out: the server clears the cookie; the page starts over at the login form. */
export async function signOut(): Promise<void> {
  if (!(await attempt("logout", () => api.logout()))) return;
  stream?.close();
  clearInterval(agentPolling);
  agentPolling = undefined;
  batch(() => {
    agents.value = [];
    selectedAgentId.value = "";
    view.value = undefined;
    connection.value = "offline";
  });
  await boot();
}

export async function refreshAgents(): Promise<void> {
  await attempt("agents", async () => {
    agents.value = (await api.listAgents()).agents;
  });
  // A console opened before any agent existed follows the first one created.
  const first = agents.value[0];
  if (!selectedAgentId.value && first && session.value) selectAgent(first.agentId);
}

/** Follows another agent: a fresh view, its goals and approvals, and its events from the first. */
export function selectAgent(agentId: string): void {
  stream?.close();
  batch(() => {
    selectedAgentId.value = agentId;
    view.value = emptyView(agentId);
  });
  history.replaceState(null, "", `#agent=${encodeURIComponent(agentId)}`);
  void loadSnapshot(agentId);
  stream = new LiveStream({
    agentId,
    nextSequence: () => (view.value?.agentId === agentId ? view.value.lastSequence + 1 : 1),
    onEvents: (events) => receive(agentId, events),
    onState: (state) => {
      connection.value = state;
    },
    onError: (message) => {
      notice.value = message;
    },
  });
  stream.start();
}

/** Reconnects the event stream now, from the last sequence seen. */
export function reconnect(): void {
  stream?.reconnect();
}

async function loadSnapshot(agentId: string): Promise<void> {
  await attempt("goals", async () => {
    const { goals: list } = await api.listGoals(agentId);
    if (view.value?.agentId === agentId) view.value = { ...view.value, goals: mergeGoals(view.value.goals, list) };
  });
  await refreshApprovals(agentId);
  // The plan comes from the replayed PlanChanged events: the plan route answers 404 while
  // there is none, which the browser would log as an error on every new agent.
}

async function refreshApprovals(agentId: string): Promise<void> {
  await attempt("approvals", async () => {
    const { requests } = await api.listApprovals(agentId);
    if (view.value?.agentId === agentId) view.value = withApprovals(view.value, requests);
  });
}

function receive(agentId: string, events: Event[]): void {
  const current = view.value;
  if (current?.agentId !== agentId) return;
  view.value = applyEvents(current, events);
  // The agent's state (running, awaiting approval, stopped) is not an event: refresh the list soon after activity.
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refreshAgents(), 300);
}

export async function start(agentId: string): Promise<void> {
  await attempt("start", () => api.startAgent(agentId));
  await refreshAgents();
}

export async function pause(agentId: string): Promise<void> {
  await attempt("pause", () => api.pauseAgent(agentId));
  await refreshAgents();
}

/** Creates an agent with its first goals and follows it; false (and the notice says why) when it was refused. */
export async function createAgent(agentId: string, goals: readonly NewGoal[]): Promise<boolean> {
  let created = "";
  const ok = await attempt("create agent", async () => {
    created = (await api.createAgent(agentId, goals)).agent?.agentId ?? "";
  });
  if (!ok) return false;
  await refreshAgents();
  if (created) selectAgent(created);
  return true;
}

export async function addGoal(agentId: string, goal: NewGoal): Promise<boolean> {
  return attempt("add goal", () => api.addGoal(agentId, goal));
}

export async function answerApproval(agentId: string, approvalId: string, approved: boolean, reason: string): Promise<void> {
  const ok = await attempt(approved ? "approve" : "deny", () => api.resolveApproval(agentId, approvalId, approved, reason));
  // Answered or not, the server knows what is still pending (another client may have answered first).
  if (ok || view.value?.approvals.has(approvalId)) await refreshApprovals(agentId);
}
