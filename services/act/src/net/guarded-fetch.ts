import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { TextDecoder } from "node:util";
import { BusError, isBusError } from "@boyd/bus";
import ipaddr from "ipaddr.js";
import { checkTarget, compileAllowList, unbracket, type AddressPolicy, type AllowList } from "./address-policy.js";

/** One DNS answer. */
export interface ResolvedAddress {
  readonly address: string;
  /** 4 or 6. */
  readonly family: number;
}

/**
 * Resolves a host name to every address it has. Injectable so tests can
 * play DNS (including rebinding) without a network.
 * @default dns.lookup(hostname, { all: true, verbatim: true })
 */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** Methods the engine speaks. */
export type FetchMethod = "GET" | "POST" | "HEAD";

/** One request, as the caller means it. */
export interface GuardedRequest {
  readonly url: string;
  /** @default "GET" */
  readonly method?: FetchMethod;
  /** Extra request headers; the engine sets Host, Connection and framing itself. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Request body (POST only), sent as UTF-8. */
  readonly body?: string;
  /** Whole exchange, every hop included. @default 10000 */
  readonly timeoutMs?: number;
  /** Body bytes read before the rest is dropped. @default 262144 */
  readonly maxBytes?: number;
  /** Redirects followed before giving up. @default 5 */
  readonly maxRedirects?: number;
  /** The caller giving up. */
  readonly signal?: AbortSignal;
}

/** Engine wiring that is not part of a request. */
export interface GuardedFetchOptions {
  /** @default dns.lookup with all: true */
  readonly lookup?: HostLookup;
}

/** What a fetch returned. */
export interface FetchResult {
  readonly status: number;
  readonly statusText: string;
  /** Selected response headers, names lower-case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The URL asked for (normalised). */
  readonly url: string;
  /** The URL that answered, after redirects. */
  readonly finalUrl: string;
  /** Every redirect target followed, in order. */
  readonly redirects: readonly string[];
  /** The body as text; null when the content is not text (or for HEAD). */
  readonly body: string | null;
  /** Body bytes read (at most maxBytes). */
  readonly bytes: number;
  /** Whether the body was cut at maxBytes. */
  readonly truncated: boolean;
  /** The content-type header, or null. */
  readonly contentType: string | null;
  /** The vetted address the final hop connected to. */
  readonly address: string;
  readonly durationMs: number;
}

/** Defaults of {@link GuardedRequest}. */
export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 256 * 1024, maxRedirects: 5 } as const;

// Headers worth handing back; cookies and the like are the server's secrets.
const KEPT_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "content-disposition",
  "last-modified",
  "etag",
  "cache-control",
  "expires",
  "date",
  "location",
  "retry-after",
  "server",
  "www-authenticate",
  "link",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
]);

/**
 * Request headers the caller may not set: the engine owns the target
 * (Host), the framing (Content-Length, Transfer-Encoding...) and the
 * connection, and it does not decompress (Accept-Encoding). Names are
 * lower-case; any `proxy-*` header is refused as well.
 */
export const FORBIDDEN_HEADERS: ReadonlySet<string> = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "accept-encoding",
]);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials a redirect must not carry to another origin (as fetch does).
const ORIGIN_BOUND = ["authorization", "cookie", "proxy-authorization"];

const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Parses and vets the shape of a URL: http(s) only, no credentials.
 * Throws INVALID_ARGUMENT naming the problem; `what` prefixes messages.
 */
export function parseFetchUrl(raw: string, what = "url"): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BusError("INVALID_ARGUMENT", `${what}: ${JSON.stringify(truncate(raw, 200))} is not a valid absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new BusError("INVALID_ARGUMENT", `${what}: scheme ${url.protocol} is not allowed; only http: and https:`);
  }
  if (url.username !== "" || url.password !== "") {
    throw new BusError("INVALID_ARGUMENT", `${what}: credentials in the URL (user:password@) are not allowed; send an Authorization header instead`);
  }
  if (url.hostname === "") throw new BusError("INVALID_ARGUMENT", `${what}: no host`);
  return url;
}

/** The port a URL connects to. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/**
 * Resolves a URL's host to the addresses a connection could use: the
 * literal itself for IP hosts, every DNS answer otherwise.
 */
export async function resolveHost(url: URL, lookup: HostLookup = defaultLookup): Promise<readonly ResolvedAddress[]> {
  const host = unbracket(url.hostname);
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  return lookup(host);
}

/**
 * Fetches a URL without letting it reach what the policy closes: every hop
 * (the URL and each redirect) is checked from scratch, every address the
 * host resolves to must pass, and the connection is pinned to the vetted
 * addresses so a DNS answer that changes between check and connect
 * (rebinding) cannot redirect it. Reads at most `maxBytes` of body.
 *
 * Errors (BusError): INVALID_ARGUMENT for a bad URL or header,
 * PERMISSION_DENIED for a refused target, DEADLINE_EXCEEDED when the
 * exchange outlives `timeoutMs`, CANCELLED when the caller's signal aborts,
 * UNAVAILABLE when DNS or the connection fails, RESOURCE_EXHAUSTED past
 * `maxRedirects`.
 */
export async function guardedFetch(request: GuardedRequest, policy: AddressPolicy | AllowList, options: GuardedFetchOptions = {}): Promise<FetchResult> {
  const started = Date.now();
  const allow = "rules" in policy ? policy : compileAllowList(policy.allowHosts);
  const lookup = options.lookup ?? defaultLookup;
  const timeoutMs = request.timeoutMs ?? FETCH_DEFAULTS.timeoutMs;
  const maxBytes = request.maxBytes ?? FETCH_DEFAULTS.maxBytes;
  const maxRedirects = request.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  let method: FetchMethod = request.method ?? "GET";
  let body = request.body;
  if (body !== undefined && method !== "POST") throw new BusError("INVALID_ARGUMENT", `body: only a POST carries a body, not a ${method}`);
  const first = parseFetchUrl(request.url);
  let headers = lowerCaseHeaders(request.headers ?? {});
  const forbidden = Object.keys(headers).find((h) => FORBIDDEN_HEADERS.has(h) || h.startsWith("proxy-"));
  if (forbidden !== undefined) throw new BusError("INVALID_ARGUMENT", `headers.${forbidden}: set by the engine, not by the caller`);

  // One controller for the whole exchange: our deadline and the caller's
  // signal both end whatever hop is in flight.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new BusError("DEADLINE_EXCEEDED", `no complete response from ${first.host} within ${timeoutMs} ms`)), timeoutMs);
  const onCallerAbort = (): void => controller.abort(callerReason(request.signal?.reason));
  if (request.signal?.aborted) onCallerAbort();
  request.signal?.addEventListener("abort", onCallerAbort, { once: true });

  try {
    let url = first;
    const redirects: string[] = [];
    for (;;) {
      const hop = redirects.length === 0 ? "" : `redirect ${redirects.length} (to ${url.href}): `;
      const vetted = await vet(url, allow, lookup, controller.signal, hop);
      const res = await exchange(url, method, headers, body, vetted, controller.signal, hop);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location !== undefined) {
        // The redirect's own body is of no interest; free the socket now.
        res.destroy();
        if (redirects.length >= maxRedirects) {
          throw new BusError("RESOURCE_EXHAUSTED", `more than ${maxRedirects} redirects (last from ${url.href} to ${truncate(location, 200)})`);
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new BusError("PERMISSION_DENIED", `redirect ${redirects.length + 1} from ${url.href}: Location ${JSON.stringify(truncate(location, 200))} is not a valid URL`);
        }
        try {
          next = parseFetchUrl(next.href, `redirect ${redirects.length + 1} from ${url.href}`);
        } catch (err) {
          // The caller's URL was fine; it is the server that points somewhere forbidden.
          throw new BusError("PERMISSION_DENIED", (err as Error).message, { cause: err });
        }
        const status = res.statusCode ?? 0;
        if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
          method = "GET";
          body = undefined;
          headers = omit(headers, ["content-type", "content-encoding", "content-language"]);
        }
        if (next.origin !== url.origin) headers = omit(headers, ORIGIN_BOUND);
        redirects.push(next.href);
        url = next;
        continue;
      }
      if (method === "HEAD") res.resume(); // nothing to read; let the socket go
      const read = method === "HEAD" ? { data: Buffer.alloc(0), truncated: false } : await readCapped(res, maxBytes, controller.signal);
      const contentType = res.headers["content-type"] ?? null;
      return {
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? "",
        headers: selectHeaders(res.headers),
        url: first.href,
        finalUrl: url.href,
        redirects,
        body: method === "HEAD" ? null : decodeText(read.data, contentType, res.headers["content-encoding"], read.truncated),
        bytes: read.data.length,
        truncated: read.truncated,
        contentType,
        address: vetted.connected ?? vetted.addresses[0]?.address ?? "",
        durationMs: Date.now() - started,
      };
    }
  } catch (err) {
    if (controller.signal.aborted && isBusError(controller.signal.reason)) throw controller.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onCallerAbort);
  }
}

interface Vetted {
  readonly hostname: string;
  readonly addresses: readonly ResolvedAddress[];
  /** Filled in once a socket connects. */
  connected?: string;
}

// Resolves and checks one hop. Nothing connects before this returns.
async function vet(url: URL, allow: AllowList, lookup: HostLookup, signal: AbortSignal, hop: string): Promise<Vetted> {
  const hostname = unbracket(url.hostname);
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await abortable(resolveHost(url, lookup), signal);
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    if (isBusError(err)) throw err;
    const code = (err as { code?: unknown }).code;
    throw new BusError("UNAVAILABLE", `${hop}cannot resolve ${hostname}${typeof code === "string" ? ` (${code})` : ""}`, { cause: err });
  }
  const verdict = checkTarget(hostname, portOf(url), addresses.map((a) => a.address), allow);
  if (!verdict.allowed) throw new BusError("PERMISSION_DENIED", `${hop}refused ${url.protocol}//${url.host}: ${verdict.reason}`);
  // The family comes from the address itself, not the resolver's say-so.
  return { hostname, addresses: addresses.map((a) => ({ address: unbracket(a.address), family: isIP(unbracket(a.address)) })) };
}

// Sends one request to the vetted addresses only and waits for the head of the response.
function exchange(
  url: URL,
  method: FetchMethod,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
  vetted: Vetted,
  signal: AbortSignal,
  hop: string,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const allowed = new Set(vetted.addresses.map((a) => canonical(a.address)));
    // The pin: whatever asks for the host's address gets the vetted ones,
    // never a fresh DNS answer. Node 20 asks with all: true (happy
    // eyeballs) or without; both shapes are served.
    const pinned = ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
      const list = vetted.addresses.map((a) => ({ address: a.address, family: a.family }));
      if (opts.all) cb(null, list);
      else cb(null, list[0]!.address, list[0]!.family);
    }) as unknown as LookupFunction;
    const payload = body === undefined ? undefined : Buffer.from(body, "utf8");
    const outgoing: Record<string, string> = { "accept-encoding": "identity", ...headers };
    if (payload !== undefined) outgoing["content-length"] = String(payload.length);
    const isTls = url.protocol === "https:";
    const options: https.RequestOptions = {
      method,
      protocol: url.protocol,
      hostname: vetted.hostname,
      port: portOf(url),
      path: `${url.pathname}${url.search}`,
      headers: outgoing,
      lookup: pinned,
      // A fresh connection per hop: a pooled socket would skip the pin.
      agent: false,
      signal,
      ...(isTls && isIP(vetted.hostname) === 0 ? { servername: vetted.hostname } : {}),
    };
    let req: http.ClientRequest;
    try {
      req = (isTls ? https : http).request(options);
    } catch (err) {
      // Node validates header names and values here (CR/LF injection...).
      reject(new BusError("INVALID_ARGUMENT", `${hop}bad request: ${(err as Error).message}`, { cause: err }));
      return;
    }
    req.once("socket", (socket) => {
      socket.once("connect", () => {
        // Belt and braces: the pin decides the address, this proves it.
        const remote = socket.remoteAddress ?? "";
        vetted.connected = remote;
        if (!allowed.has(canonical(remote)) && !allowed.has(canonical(remote.replace(/^::ffff:/i, "")))) {
          req.destroy(new BusError("PERMISSION_DENIED", `${hop}connected to ${remote}, which was not vetted for ${vetted.hostname}`));
        }
      });
    });
    req.once("response", resolve);
    req.once("error", (err) => {
      if (signal.aborted) reject(signal.reason);
      else if (isBusError(err)) reject(err);
      else reject(new BusError("UNAVAILABLE", `${hop}${url.host}: ${describeNetError(err)}`, { cause: err }));
    });
    req.end(payload);
  });
}

// Reads up to maxBytes, then drops the connection rather than drain the rest.
function readCapped(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<{ data: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (truncated: boolean): void => {
      if (done) return;
      done = true;
      resolve({ data: Buffer.concat(chunks, size), truncated });
    };
    res.on("data", (chunk: Buffer) => {
      if (done) return;
      const room = maxBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += Math.max(room, 0);
        finish(true);
        res.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    res.once("end", () => finish(false));
    res.once("error", (err) => {
      if (done) return;
      done = true;
      if (signal.aborted) reject(signal.reason);
      else reject(new BusError("UNAVAILABLE", `connection lost while reading the body: ${describeNetError(err)}`, { cause: err }));
    });
    res.once("close", () => {
      if (done) return;
      if (signal.aborted) {
        done = true;
        reject(signal.reason);
      } else if (!res.complete) {
        done = true;
        reject(new BusError("UNAVAILABLE", "connection closed before the body was complete"));
      } else finish(false);
    });
  });
}

const TEXT_TYPES = /^(text\/[^;]+|application\/([\w.+-]*\+)?(json|xml)|application\/(javascript|ecmascript|x-www-form-urlencoded|x-ndjson|ndjson|yaml|x-yaml|toml|graphql|sql|csv)|image\/svg\+xml)\s*(;|$)/i;

/** Whether a content-type is text we decode (text/*, JSON, XML, JavaScript...). */
export function isTextual(contentType: string | null): boolean {
  return contentType !== null && TEXT_TYPES.test(contentType.trim());
}

// Text for text-ish types in identity encoding; null for anything else.
// Without a content-type, bytes that decode as strict UTF-8 count as text.
function decodeText(data: Buffer, contentType: string | null, encoding: string | undefined, truncated: boolean): string | null {
  if (encoding !== undefined && encoding.toLowerCase() !== "identity") return null;
  const charset = /;\s*charset="?([\w.:-]+)"?/i.exec(contentType ?? "")?.[1] ?? "utf-8";
  if (contentType === null) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(data, { stream: truncated });
    } catch {
      return null;
    }
  }
  if (!isTextual(contentType)) return null;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  // stream: true holds back a character cut in half by the cap.
  return decoder.decode(data, { stream: truncated });
}

function selectHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(h)) {
    if (value === undefined || !KEPT_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function lowerCaseHeaders(h: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(h)) out[name.toLowerCase()] = value;
  return out;
}

function omit(h: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(h).filter(([name]) => !names.includes(name)));
}

function callerReason(reason: unknown): BusError {
  if (isBusError(reason)) return reason;
  if (reason instanceof Error && reason.name === "TimeoutError") return new BusError("DEADLINE_EXCEEDED", "the call's time limit passed", { cause: reason });
  return new BusError("CANCELLED", "the caller gave up", { cause: reason });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e as Error);
      },
    );
  });
}

function describeNetError(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}

// One spelling per address, so "::0001" and "::1" compare equal.
function canonical(address: string): string {
  try {
    return ipaddr.parse(address).toString();
  } catch {
    return address;
  }
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}...` : s;
}
