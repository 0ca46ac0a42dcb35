import { isIP } from "node:net";
import { domainToASCII } from "node:url";
import { BusError } from "@boyd/bus";
import ipaddr from "ipaddr.js";

type IP = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Why an address is not an ordinary public unicast address. `public` is
 * the only kind reachable without an allow-list entry.
 */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "cloud-metadata"
  | "carrier-grade-nat"
  | "unspecified"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "invalid";

/** The reading of one IP address. */
export interface AddressClass {
  /** The address as given (v6 without brackets). */
  readonly address: string;
  readonly kind: AddressKind;
  /** The range that matched, e.g. "127.0.0.0/8"; empty for public and invalid. */
  readonly range: string;
  /**
   * For IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64,
   * 6to4), the embedded address the kind was decided on.
   */
  readonly embedded?: string;
}

/** The operator's network policy. */
export interface AddressPolicy {
  /**
   * Targets opened despite being non-public: `host`, `host:port`,
   * `*.domain` (any subdomain, not the apex), `*.domain:port`, an IP
   * (`127.0.0.1`, `::1`, `[::1]:8080`) or a CIDR (`10.0.0.0/8`,
   * `fc00::/7`, optionally `/len:port`). Empty means only public addresses.
   */
  readonly allowHosts: readonly string[];
}

/** Outcome of {@link checkTarget}. */
export type TargetCheck = { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

// Kinds an allow-list entry can never open: no HTTP server lives there, and
// 0.0.0.0 is how Linux spells "this host", a loopback bypass.
const NEVER: ReadonlySet<AddressKind> = new Set(["unspecified", "multicast", "broadcast", "invalid"]);

const ARTICLE: Record<AddressKind, string> = {
  public: "a public",
  loopback: "a loopback",
  private: "a private",
  "link-local": "a link-local",
  "cloud-metadata": "a cloud metadata",
  "carrier-grade-nat": "a carrier-grade NAT",
  unspecified: "an unspecified",
  multicast: "a multicast",
  broadcast: "a broadcast",
  reserved: "a reserved",
  documentation: "a documentation",
  invalid: "an invalid",
};

// Most specific first: the first match names the kind, so the metadata
// hosts must come before the link-local and CGN ranges that contain them.
const V4_RANGES: readonly (readonly [AddressKind, string])[] = [
  ["cloud-metadata", "169.254.169.254/32"], // AWS, GCP, Azure, OpenStack, DigitalOcean
  ["cloud-metadata", "169.254.170.2/32"], // AWS ECS task credentials
  ["cloud-metadata", "100.100.100.200/32"], // Alibaba Cloud
  ["cloud-metadata", "168.63.129.16/32"], // Azure WireServer: public-looking, host-local
  ["unspecified", "0.0.0.0/8"],
  ["loopback", "127.0.0.0/8"],
  ["private", "10.0.0.0/8"],
  ["private", "172.16.0.0/12"],
  ["private", "192.168.0.0/16"],
  ["link-local", "169.254.0.0/16"],
  ["carrier-grade-nat", "100.64.0.0/10"],
  ["documentation", "192.0.2.0/24"],
  ["documentation", "198.51.100.0/24"],
  ["documentation", "203.0.113.0/24"],
  ["reserved", "192.0.0.0/24"], // IETF protocol assignments
  ["reserved", "192.88.99.0/24"], // deprecated 6to4 relay anycast
  ["reserved", "198.18.0.0/15"], // benchmarking
  ["multicast", "224.0.0.0/4"],
  ["broadcast", "255.255.255.255/32"],
  ["reserved", "240.0.0.0/4"],
];

const V6_RANGES: readonly (readonly [AddressKind, string])[] = [
  ["cloud-metadata", "fd00:ec2::254/128"], // AWS IMDS over IPv6
  ["unspecified", "::/128"],
  ["loopback", "::1/128"],
  ["private", "fc00::/7"], // unique local
  ["private", "fec0::/10"], // deprecated site-local, still routed inside some sites
  ["private", "64:ff9b:1::/48"], // local-use NAT64 (RFC 8215)
  ["link-local", "fe80::/10"],
  ["multicast", "ff00::/8"],
  ["documentation", "2001:db8::/32"],
  ["documentation", "3fff::/20"],
  ["reserved", "100::/64"], // discard-only
  ["reserved", "2001::/23"], // IETF protocol assignments, Teredo included
];

function compileRanges(list: readonly (readonly [AddressKind, string])[]): readonly (readonly [AddressKind, string, [IP, number]])[] {
  return list.map(([kind, cidr]) => [kind, cidr, ipaddr.parseCIDR(cidr)] as const);
}
const V4 = compileRanges(V4_RANGES);
const V6 = compileRanges(V6_RANGES);
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

// IPv6 forms that carry an IPv4 address, and where it sits: connecting to
// them reaches (or may reach, through a translator) the IPv4 address, so
// the IPv4 address decides.
const EMBEDDING_V6: readonly (readonly [string, [IP, number], (p: readonly number[]) => number[]])[] = [
  ["::ffff:0:0/96", ipaddr.parseCIDR("::ffff:0:0/96"), (p) => low32(p)], // mapped
  ["::/96", ipaddr.parseCIDR("::/96"), (p) => low32(p)], // compatible (deprecated)
  ["::ffff:0:0:0/96", ipaddr.parseCIDR("::ffff:0:0:0/96"), (p) => low32(p)], // SIIT translated
  ["64:ff9b::/96", ipaddr.parseCIDR("64:ff9b::/96"), (p) => low32(p)], // NAT64
  ["2002::/16", ipaddr.parseCIDR("2002::/16"), (p) => [(p[1]! >> 8) & 0xff, p[1]! & 0xff, (p[2]! >> 8) & 0xff, p[2]! & 0xff]], // 6to4
];

function low32(p: readonly number[]): number[] {
  return [(p[6]! >> 8) & 0xff, p[6]! & 0xff, (p[7]! >> 8) & 0xff, p[7]! & 0xff];
}

/** Strips the brackets URL hostnames put around IPv6 literals. */
export function unbracket(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/**
 * Classifies an IP address. Only canonical textual forms are accepted (as
 * DNS answers and WHATWG URL hostnames are): `ipaddr.parse` also reads
 * inet_aton oddities such as `0x7f.1`, which must have been normalised
 * before they get here, so anything `net.isIP` rejects is "invalid".
 */
export function classifyAddress(address: string): AddressClass {
  const text = unbracket(address);
  let ip: IP;
  try {
    if (isIP(text) === 0) throw new Error("not an IP address");
    ip = ipaddr.parse(text);
  } catch {
    return { address: text, kind: "invalid", range: "" };
  }
  if (ip.kind() === "ipv4") return { address: text, ...classifyV4(ip as ipaddr.IPv4) };
  const v6 = ip as ipaddr.IPv6;
  // :: and ::1 sit inside the IPv4-compatible block; they are themselves.
  for (const [kind, cidr, range] of V6) {
    if (kind !== "unspecified" && kind !== "loopback") continue;
    if (v6.match(range)) return { address: text, kind, range: cidr };
  }
  for (const [name, range, extract] of EMBEDDING_V6) {
    if (!v6.match(range)) continue;
    const inner = new ipaddr.IPv4(extract(v6.parts));
    const c = classifyV4(inner);
    // A public IPv4 behind a mapped form is still only reachable as that
    // IPv4; translator prefixes are kept as public only for NAT64/6to4.
    return { address: text, kind: c.kind, range: c.kind === "public" ? "" : `${name} embedding ${c.range}`, embedded: inner.toString() };
  }
  for (const [kind, cidr, range] of V6) {
    if (v6.match(range)) return { address: text, kind, range: cidr };
  }
  // Only 2000::/3 is allocated for global unicast; the rest is unassigned.
  if (!v6.match(GLOBAL_UNICAST_V6)) return { address: text, kind: "reserved", range: "outside 2000::/3" };
  return { address: text, kind: "public", range: "" };
}

function classifyV4(ip: ipaddr.IPv4): { kind: AddressKind; range: string } {
  for (const [kind, cidr, range] of V4) {
    if (ip.match(range)) return { kind, range: cidr };
  }
  return { kind: "public", range: "" };
}

/** "127.0.0.1 is a loopback address (127.0.0.0/8)". */
export function describeAddress(c: AddressClass): string {
  if (c.kind === "invalid") return `${c.address} is not a valid IP address`;
  const via = c.embedded === undefined ? "" : ` (carries IPv4 ${c.embedded})`;
  return `${c.address}${via} is ${ARTICLE[c.kind]} address${c.range ? ` (${c.range})` : ""}`;
}

// ---------------------------------------------------------------------------
// Allow list

type Rule =
  | { readonly type: "host"; readonly host: string; readonly port: number | undefined; readonly entry: string }
  | { readonly type: "suffix"; readonly suffix: string; readonly port: number | undefined; readonly entry: string }
  | { readonly type: "cidr"; readonly range: [IP, number]; readonly port: number | undefined; readonly entry: string };

/** A parsed allow list; build it once with {@link compileAllowList}. */
export interface AllowList {
  readonly rules: readonly Rule[];
}

const HOST_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const compiled = new WeakMap<readonly string[], AllowList>();

/**
 * Parses allow-list entries; throws INVALID_ARGUMENT naming the first bad
 * entry, so a typo in configuration fails at start, not at the first fetch.
 */
export function compileAllowList(entries: readonly string[]): AllowList {
  const cached = compiled.get(entries);
  if (cached) return cached;
  const rules = entries.map((e, i) => {
    try {
      return parseEntry(e.trim());
    } catch (err) {
      throw new BusError("INVALID_ARGUMENT", `allowHosts[${i}] ${JSON.stringify(e)}: ${(err as Error).message}`);
    }
  });
  const list = { rules };
  compiled.set(entries, list);
  return list;
}

function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535) throw new Error(`port ${JSON.stringify(text)} must be 1..65535`);
  return Number(text);
}

function parseEntry(entry: string): Rule {
  if (entry === "") throw new Error("empty entry");
  // CIDR: the prefix length never holds a colon, so "/len:port" is unambiguous for v4 and v6.
  const slash = entry.indexOf("/");
  if (slash !== -1) {
    const [len, port, ...rest] = entry.slice(slash + 1).split(":");
    if (rest.length) throw new Error("expected address/length or address/length:port");
    const cidr = `${unbracket(entry.slice(0, slash))}/${len ?? ""}`;
    if (isIP(unbracket(entry.slice(0, slash))) === 0 || !ipaddr.isValidCIDR(cidr)) throw new Error("not a valid CIDR range");
    return { type: "cidr", range: ipaddr.parseCIDR(cidr), port: port === undefined ? undefined : parsePort(port), entry };
  }
  if (entry.startsWith("[")) {
    const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    if (!m || isIP(m[1]!) !== 6) throw new Error("expected [ipv6] or [ipv6]:port");
    return { type: "cidr", range: [ipaddr.parse(m[1]!), 128], port: m[2] === undefined ? undefined : parsePort(m[2]), entry };
  }
  if (isIP(entry) === 6) return { type: "cidr", range: [ipaddr.parse(entry), 128], port: undefined, entry };
  const colon = entry.lastIndexOf(":");
  const hostPart = colon === -1 ? entry : entry.slice(0, colon);
  const port = colon === -1 ? undefined : parsePort(entry.slice(colon + 1));
  if (isIP(hostPart) === 4) return { type: "cidr", range: [ipaddr.parse(hostPart), 32], port, entry };
  if (hostPart.startsWith("*.")) return { type: "suffix", suffix: `.${normaliseHostname(hostPart.slice(2))}`, port, entry };
  return { type: "host", host: normaliseHostname(hostPart), port, entry };
}

/**
 * Lower-cases, strips one trailing dot and converts IDN to punycode, the
 * form WHATWG URL gives hostnames, so entries and URLs compare equal.
 */
export function normaliseHostname(host: string): string {
  const h = domainToASCII(unbracket(host).toLowerCase().replace(/\.$/, ""));
  if (h === "" || !h.split(".").every((l) => HOST_LABEL.test(l))) throw new Error(`${JSON.stringify(host)} is not a valid host name`);
  return h;
}

function portMatches(rule: Rule, port: number): boolean {
  return rule.port === undefined || rule.port === port;
}

// The entry that opens `address` for `host:port`, if any.
function allowingEntry(list: AllowList, host: string, port: number, c: AddressClass): string | undefined {
  let name: string | undefined;
  try {
    name = isIP(host) === 0 ? normaliseHostname(host) : undefined;
  } catch {
    name = undefined;
  }
  for (const rule of list.rules) {
    if (!portMatches(rule, port)) continue;
    if (rule.type === "cidr") {
      if (c.kind === "invalid") continue;
      const ip = ipaddr.parse(c.address);
      // A v4 rule also opens that v4 address spelt as mapped IPv6.
      const candidates: IP[] = [ip];
      if (c.embedded !== undefined) candidates.push(ipaddr.parse(c.embedded));
      if (candidates.some((a) => a.kind() === rule.range[0].kind() && a.match(rule.range))) return rule.entry;
      continue;
    }
    // Metadata endpoints hand out credentials: a name rule (which trusts
    // whatever DNS says) must not open them, only an address rule.
    if (c.kind === "cloud-metadata" || name === undefined) continue;
    if (rule.type === "host" && rule.host === name) return rule.entry;
    if (rule.type === "suffix" && name.endsWith(rule.suffix)) return rule.entry;
  }
  return undefined;
}

/**
 * Decides whether `host:port` may be contacted at every one of `addresses`
 * (its DNS answers, or the literal itself). All must pass: a name that
 * answers one public and one private address is refused, since the
 * connection could go to either. Reasons name the host, the address and
 * the range: "evil.test: 127.0.0.1 is a loopback address (127.0.0.0/8)".
 */
export function checkTarget(host: string, port: number, addresses: readonly string[], policy: AddressPolicy | AllowList): TargetCheck {
  const list = "rules" in policy ? policy : compileAllowList(policy.allowHosts);
  const name = unbracket(host);
  if (addresses.length === 0) return { allowed: false, reason: `${name}: resolved to no addresses` };
  for (const address of addresses) {
    const c = classifyAddress(address);
    if (c.kind === "public") continue;
    const literal = unbracket(address) === name ? "" : `${name}: `;
    if (NEVER.has(c.kind)) return { allowed: false, reason: `${literal}${describeAddress(c)} and is never reachable` };
    if (allowingEntry(list, name, port, c) !== undefined) continue;
    return { allowed: false, reason: `${literal}${describeAddress(c)}, not in the allow list for port ${port}` };
  }
  return { allowed: true };
}

/** Whether any of `addresses` is not public (what an assessment calls a private address). */
export function anyNonPublic(addresses: readonly string[]): boolean {
  return addresses.some((a) => classifyAddress(a).kind !== "public");
}
