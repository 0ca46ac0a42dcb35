import type { IncomingMessage, ServerResponse } from "node:http";
import type { BoydClient } from "@boyd/client";
import { CSRF_HEADER, SESSION_COOKIE } from "../contract.js";
import { ApiError, badRequest, toApiError } from "./errors.js";
import { agentEvents, JSON_ROUTES, type ApiContext, type ApiRequest } from "./handlers.js";
import { matchRoute, type RouteMatch } from "./routing.js";
import { asCaller, checkLogin, sessionState } from "./session.js";
import { errorFrame, eventFrame, HEARTBEAT_FRAME } from "./sse.js";
import { assetPath, sendAsset } from "./static-files.js";

/** The largest JSON body the API reads. */
export const MAX_BODY_BYTES = 64 * 1024;
// Past this much, an oversized body is not even read to its end: the connection is cut.
const MAX_DRAINED_BYTES = 1024 * 1024;

/** Where log lines go (a pino logger fits). */
export interface ConsoleLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the HTTP glue needs. */
export interface HttpDeps {
  readonly client: BoydClient;
  readonly assetsDir: string;
  /** Served over TLS: the session cookie is Secure. */
  readonly secure: boolean;
  readonly heartbeatMs: number;
  readonly log?: ConsoleLogger | undefined;
}

// Every response: no framing, no sniffing, scripts and styles only from here (no inline script).
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

/** The request listener of the console's node:http server. */
export function consoleRequestListener(deps: HttpDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    serve(deps, req, res).catch((err: unknown) => {
      const failure = toApiError(err);
      if (failure.status >= 500 && !(err instanceof ApiError)) deps.log?.error({ err, url: req.url }, "console request failed");
      sendError(res, failure);
    });
  };
}

async function serve(deps: HttpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://console.invalid");
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return serveApi(deps, req, res, url);
  if (req.method !== "GET" && req.method !== "HEAD") throw new ApiError(405, "UNIMPLEMENTED", `${req.method ?? "?"} ${url.pathname}: the page's files are only read (GET)`);
  const file = assetPath(deps.assetsDir, url.pathname);
  if (!file || !(await sendAsset(res, file, req.method === "HEAD"))) throw new ApiError(404, "NOT_FOUND", `no such file: ${url.pathname.slice(0, 200)}`);
}

async function serveApi(deps: HttpDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const match = matchRoute(url.pathname);
  if (!match) throw new ApiError(404, "NOT_FOUND", `no API route ${url.pathname.slice(0, 200)}`);
  const method = req.method;
  if (method === "POST" && req.headers[CSRF_HEADER] !== "1") {
    // A cross-site form can POST here with the browser's cookie, but cannot add a header.
    throw new ApiError(403, "PERMISSION_DENIED", `a POST needs the header ${CSRF_HEADER}: 1`);
  }
  const body = method === "POST" ? await readJsonBody(req) : undefined;
  const token = tokenFromCookie(req.headers.cookie);
  const signal = closedSignal(res);
  const ctx: ApiContext = { client: deps.client, call: asCaller(token, signal) };
  const request: ApiRequest = { params: match.params, query: url.searchParams, body, lastEventId: headerValue(req.headers["last-event-id"]) };
  return dispatch(deps, match, method, request, ctx, token, res);
}

async function dispatch(deps: HttpDeps, match: RouteMatch, method: string | undefined, request: ApiRequest, ctx: ApiContext, token: string | undefined, res: ServerResponse): Promise<void> {
  const route = match.route;
  if (route === "session" && method === "GET") return sendJson(res, 200, await sessionState(ctx.client, token));
  if (route === "login" && method === "POST") {
    const accepted = await checkLogin(ctx.client, request.body);
    res.setHeader("set-cookie", sessionCookie(encodeURIComponent(accepted), deps.secure));
    return sendEmpty(res, 204);
  }
  if (route === "logout" && method === "POST") {
    res.setHeader("set-cookie", `${sessionCookie("", deps.secure)}; Max-Age=0`);
    return sendEmpty(res, 204);
  }
  if (route === "events" && method === "GET") return streamEvents(deps, request, ctx, res);
  const json = JSON_ROUTES[route]?.find((r) => r.method === method);
  if (!json) throw new ApiError(405, "UNIMPLEMENTED", `${method ?? "?"} is not served on ${match.route}`);
  return sendJson(res, 200, await json.answer(request, ctx));
}

/**
 * Server-sent events of one agent. Headers go out only once AgentService
 * accepted the call, so a bad token or agent is a plain HTTP error; after
 * that a failure is an `event: error` frame. A closed browser connection
 * aborts the gRPC stream (the signal in ctx.call).
 */
async function streamEvents(deps: HttpDeps, request: ApiRequest, ctx: ApiContext, res: ServerResponse): Promise<void> {
  const events = await agentEvents(request, ctx);
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", connection: "keep-alive", "x-accel-buffering": "no" });
  res.flushHeaders();
  const heartbeat = setInterval(() => res.write(HEARTBEAT_FRAME), deps.heartbeatMs);
  try {
    for await (const event of events) {
      if (!res.write(eventFrame(event))) await drained(res);
    }
  } catch (err) {
    if (!ctx.call.signal?.aborted) res.write(errorFrame(toApiError(err).body));
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
}

/** Aborts when the response's connection closes (the browser went away) or the response ends. */
function closedSignal(res: ServerResponse): AbortSignal {
  const closed = new AbortController();
  res.once("close", () => closed.abort(new Error("the browser closed the connection")));
  return closed.signal;
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/** The JSON body, or a 400 saying why not (too large, not UTF-8 JSON). An empty body is undefined. */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_DRAINED_BYTES) {
      req.destroy();
      break;
    }
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) throw badRequest(`body: larger than ${MAX_BODY_BYTES} bytes (${size > MAX_DRAINED_BYTES ? "over 1 MiB" : `${size} bytes`})`);
  if (size === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest("body: not valid UTF-8");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`body: not JSON (${(err as Error).message})`);
  }
}

/** The browser's token from the session cookie. */
export function tokenFromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== SESSION_COOKIE) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function sessionCookie(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(text) }).end(text);
}

function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, { "cache-control": "no-store" }).end();
}

function sendError(res: ServerResponse, failure: ApiError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  sendJson(res, failure.status, failure.body);
}
