import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { trackDir, untrackDir } from "./cleanup.js";

/** A certificate and its private key, as files and as PEM text. */
export interface TestCert {
  /** Absolute path of the PEM certificate, `<dir>/<name>.crt`. */
  readonly cert: string;
  /** Absolute path of the unencrypted PEM private key, `<dir>/<name>.key`. */
  readonly key: string;
  readonly certPem: string;
  readonly keyPem: string;
}

/** What a leaf certificate is for: its names and its extended key usage. */
export interface LeafOptions {
  /** DNS names of the subjectAltName. */
  dns?: readonly string[];
  /** IP addresses of the subjectAltName. */
  ips?: readonly string[];
  /** extendedKeyUsage serverAuth or clientAuth. */
  usage: "server" | "client";
}

/**
 * A throwaway public key infrastructure in a temp dir of its own. Tests of
 * TLS and mutual TLS against real servers need real certificates, and keys
 * are never checked in: each run makes its own with the `openssl` CLI. Keys
 * are EC prime256v1, certificates are valid for 2 days, and a name is both
 * the subject's CN and the files' base name. The dir is removed by
 * `dispose()` (or `using`), else when the process exits; tests may keep
 * other scratch files in it.
 */
export interface TestPki extends Disposable {
  readonly dir: string;
  /** A self-signed CA: basicConstraints CA:TRUE, keyUsage keyCertSign and cRLSign. */
  ca(name: string): TestCert;
  /** A leaf certificate signed by `options.ca`. */
  issue(name: string, options: LeafOptions & { ca: TestCert }): TestCert;
  /** A self-signed leaf certificate, which no CA vouches for. */
  selfSigned(name: string, options: LeafOptions): TestCert;
  /** Removes the dir. */
  dispose(): void;
}

const DAYS = "2";

/** Makes a {@link TestPki}. Needs `openssl` on PATH. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "boyd-pki-"));
  trackDir(dir);
  const at = (file: string): string => join(dir, file);
  const openssl = (...args: string[]): void => void execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });

  // A new key and a certificate for it, signed by `signer` or by itself.
  const make = (name: string, extensions: string[], signer?: TestCert): TestCert => {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`makeTestPki: name ${JSON.stringify(name)} must be letters, digits, '.', '_' or '-'`);
    if (existsSync(at(`${name}.key`))) throw new Error(`makeTestPki: ${JSON.stringify(name)} is already made`);
    const cert = at(`${name}.crt`);
    const key = at(`${name}.key`);
    writeFileSync(at(`${name}.ext`), extensions.join("\n") + "\n");
    openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", at(`${name}.csr`), "-subj", `/CN=${name}`);
    const by = signer ? ["-CA", signer.cert, "-CAkey", signer.key, "-CAcreateserial"] : ["-signkey", key];
    openssl("x509", "-req", "-in", at(`${name}.csr`), ...by, "-days", DAYS, "-out", cert, "-extfile", at(`${name}.ext`));
    return { cert, key, certPem: readFileSync(cert, "utf8"), keyPem: readFileSync(key, "utf8") };
  };

  const leaf = ({ dns = [], ips = [], usage }: LeafOptions): string[] => {
    const names = [...dns.map((d) => `DNS:${d}`), ...ips.map((ip) => `IP:${ip}`)];
    return [
      "basicConstraints=critical,CA:FALSE",
      "keyUsage=critical,digitalSignature",
      `extendedKeyUsage=${usage === "server" ? "serverAuth" : "clientAuth"}`,
      ...(names.length > 0 ? [`subjectAltName=${names.join(",")}`] : []),
    ];
  };

  const dispose = (): void => {
    rmSync(dir, { recursive: true, force: true });
    untrackDir(dir);
  };

  return {
    dir,
    ca: (name) => make(name, ["basicConstraints=critical,CA:TRUE", "keyUsage=critical,keyCertSign,cRLSign"]),
    issue: (name, { ca, ...options }) => make(name, leaf(options), ca),
    selfSigned: (name, options) => make(name, leaf(options)),
    dispose,
    [Symbol.dispose]: dispose,
  };
}
