import type { StatusCodeName } from "@boyd/bus";
import { BusError } from "@boyd/bus";
import { DangerLevel } from "@boyd/proto";
import { BUILTIN_TOOLS } from "@boyd/tools";
import { z } from "zod";
import { checkTarget, classifyAddress, compileAllowList, unbracket, type AddressPolicy } from "../net/address-policy.js";
import { FETCH_DEFAULTS, FORBIDDEN_HEADERS, guardedFetch, portOf, resolveHost, type FetchResult, type GuardedRequest, type HostLookup } from "../net/guarded-fetch.js";
import { defineTool, type ToolDefinition } from "../tool.js";

/** Most request headers a call may set. */
export const MAX_HEADERS = 32;
/** Largest request body, bytes of UTF-8. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Longest timeout a call may ask for, ms. */
export const MAX_TIMEOUT_MS = 60_000;

// RFC 9110 token for names; values without CR, LF or NUL (header injection).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Latin-1 only, as Node's http checks: anything else would throw at send time.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Resolving for an assessment must not hold the guardian up for long.
const ASSESS_LOOKUP_MS = 2_000;

const Url = z
  .string()
  .max(8192)
  .url()
  .superRefine((raw, ctx) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return; // .url() has already said so
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") ctx.addIssue({ code: z.ZodIssueCode.custom, message: `scheme ${url.protocol} is not allowed; only http: and https:` });
    else if (url.username !== "" || url.password !== "") ctx.addIssue({ code: z.ZodIssueCode.custom, message: "credentials in the URL (user:password@) are not allowed; send an Authorization header instead" });
  });

const Headers = z.record(z.string(), z.string().max(8192).regex(HEADER_VALUE, "header values may hold only tab, printable ASCII and Latin-1 (no CR, LF or NUL)")).superRefine((headers, ctx) => {
  const names = Object.keys(headers);
  if (names.length > MAX_HEADERS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `at most ${MAX_HEADERS} headers, got ${names.length}` });
  for (const name of names) {
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: `${JSON.stringify(name)} is not a valid header name` });
    else if (FORBIDDEN_HEADERS.has(lower) || lower.startsWith("proxy-")) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: `${name} is set by the tool and may not be overridden` });
  }
});

/** The input of http_fetch. */
export const HttpFetchInput = z
  .object({
    /** Absolute http: or https: URL, without credentials. */
    url: Url,
    method: z.enum(["GET", "POST", "HEAD"]).default("GET"),
    headers: Headers.optional(),
    /** POST body, UTF-8. */
    body: z
      .string()
      .refine((b) => Buffer.byteLength(b, "utf8") <= MAX_BODY_BYTES, `at most ${MAX_BODY_BYTES} bytes`)
      .optional(),
    timeout_ms: z.number().int().min(1).max(MAX_TIMEOUT_MS).optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.body !== undefined && input.method !== "POST") ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["body"], message: `only a POST carries a body, not a ${input.method}` });
  });
/** A validated http_fetch input. */
export type HttpFetchInput = z.infer<typeof HttpFetchInput>;

/** Limits a call gets unless it asks for less (timeout) or the operator set others. */
export interface HttpFetchDefaults {
  /** @default 10000 */
  readonly timeoutMs?: number;
  /** Body bytes read per call. @default 262144 */
  readonly maxBytes?: number;
  /** @default 5 */
  readonly maxRedirects?: number;
}

/** What the http_fetch tool is built from. */
export interface HttpFetchToolOptions {
  /** Which non-public targets are open; nothing private is otherwise. */
  readonly policy: AddressPolicy;
  readonly defaults?: HttpFetchDefaults;
  /** DNS for tests. @default dns.lookup with all: true */
  readonly lookup?: HostLookup;
}

/**
 * The http_fetch tool: GET, POST or HEAD over http(s) through
 * {@link guardedFetch}, so private, loopback, link-local and metadata
 * addresses are refused (PERMISSION_DENIED) unless the policy's allow list
 * opens them. Throws INVALID_ARGUMENT at once for a bad allow-list entry
 * or default.
 */
export function createHttpFetchTool(options: HttpFetchToolOptions): ToolDefinition {
  const allow = compileAllowList(options.policy.allowHosts);
  const limits = parseDefaults(options.defaults ?? {});
  const lookup = options.lookup;
  return defineTool<HttpFetchInput>({
    descriptor: BUILTIN_TOOLS.find((t) => t.name === "http_fetch")!,
    input: HttpFetchInput,

    async assess(input, context) {
      const url = new URL(input.url);
      const host = unbracket(url.hostname);
      let where = "unresolved";
      let privateAddress = false;
      let refusal: string | undefined;
      try {
        const addresses = (await withTimeout(resolveHost(url, lookup), ASSESS_LOOKUP_MS, context.signal)).map((a) => a.address);
        const odd = addresses.map(classifyAddress).find((c) => c.kind !== "public");
        privateAddress = odd !== undefined;
        where = odd === undefined ? "public" : `${odd.kind} address ${odd.address}`;
        const verdict = checkTarget(host, portOf(url), addresses, allow);
        if (!verdict.allowed) refusal = verdict.reason;
      } catch {
        // The fetch resolves again and decides; an assessment only informs.
      }
      const post = input.method === "POST";
      const bodyBytes = input.body === undefined ? 0 : Buffer.byteLength(input.body, "utf8");
      const lines = [`${input.method} ${url.href} (host ${host}, ${where})`];
      if (post) lines.push(`body: ${bodyBytes} bytes${input.body ? `: ${excerpt(input.body, 500)}` : ""}`);
      if (refusal !== undefined) lines.push(`the network policy will refuse it: ${refusal}`);
      return {
        action: { detail: { $case: "networkRequest", value: { method: input.method, url: url.href, host, privateAddress } } },
        danger: post ? DangerLevel.DANGEROUS : DangerLevel.CAUTIOUS,
        reversible: !post,
        sideEffects: post,
        preview: lines.join("\n"),
        consequences: post
          ? `Sends ${bodyBytes} bytes to ${url.host}, whose server may change state in ways that cannot be undone.`
          : `Reads ${url.href}; the agent sees up to ${limits.maxBytes} bytes of the response.`,
      };
    },

    async run(input, context) {
      const request: GuardedRequest = {
        url: input.url,
        method: input.method,
        timeoutMs: Math.min(input.timeout_ms ?? limits.timeoutMs, remaining(context.deadline)),
        maxBytes: limits.maxBytes,
        maxRedirects: limits.maxRedirects,
        signal: context.signal,
        ...(input.headers === undefined ? {} : { headers: input.headers }),
        ...(input.body === undefined ? {} : { body: input.body }),
      };
      const result = await guardedFetch(request, allow, lookup === undefined ? {} : { lookup });
      const failure = failureOf(result);
      return {
        content: render(result, input.method),
        data: result,
        ...(failure === undefined ? {} : { failure }),
      };
    },
  });
}

function parseDefaults(d: HttpFetchDefaults): Required<HttpFetchDefaults> {
  const out = { ...FETCH_DEFAULTS, ...d };
  const check = (name: keyof HttpFetchDefaults, min: number, max: number): void => {
    const v = out[name];
    if (!Number.isInteger(v) || v < min || v > max) throw new BusError("INVALID_ARGUMENT", `http_fetch defaults.${name}: ${v} must be an integer in ${min}..${max}`);
  };
  check("timeoutMs", 1, MAX_TIMEOUT_MS);
  check("maxBytes", 1, 64 * 1024 * 1024);
  check("maxRedirects", 0, 20);
  return out;
}

// What is left of the call's time, so the fetch ends before the executor gives up on it.
function remaining(deadline: number): number {
  if (!Number.isFinite(deadline) || deadline <= 0) return MAX_TIMEOUT_MS;
  return Math.max(1, deadline - Date.now());
}

const STATUS_CODES: Readonly<Record<number, StatusCodeName>> = { 401: "PERMISSION_DENIED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 429: "RESOURCE_EXHAUSTED" };

/** The failure a 4xx or 5xx status reports; undefined below 400. */
export function failureOf(r: Pick<FetchResult, "status" | "statusText" | "finalUrl">): { code: StatusCodeName; message: string } | undefined {
  if (r.status < 400) return undefined;
  const code = STATUS_CODES[r.status] ?? (r.status >= 500 && r.status <= 599 ? "UNAVAILABLE" : "UNKNOWN");
  return { code, message: `HTTP ${r.status}${r.statusText ? ` ${r.statusText}` : ""} from ${r.finalUrl}` };
}

function render(r: FetchResult, method: string): string {
  const facts = [r.contentType ?? "no content-type", `${r.bytes} bytes${r.truncated ? ` (truncated at ${r.bytes})` : ""}`];
  if (r.redirects.length) facts.push(`after ${r.redirects.length} redirect${r.redirects.length === 1 ? "" : "s"} to ${r.finalUrl}`);
  const status = `HTTP ${r.status}${r.statusText ? ` ${r.statusText}` : ""} (${facts.join(", ")})`;
  if (method === "HEAD") return [status, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`)].join("\n");
  if (r.body === null) return `${status}\n[${r.contentType ?? "binary"} content not shown]`;
  return r.body === "" ? status : `${status}\n\n${r.body}`;
}

function excerpt(s: string, n: number): string {
  const one = s.replace(/\s+/g, " ");
  return one.length > n ? `${one.slice(0, n)}...` : one;
}

function withTimeout<T>(p: Promise<T>, ms: number, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    };
    const onAbort = (): void => {
      done();
      reject(new Error("aborted"));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error("timed out"));
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        done();
        resolve(v);
      },
      (e: unknown) => {
        done();
        reject(e as Error);
      },
    );
  });
}
