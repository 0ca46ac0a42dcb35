import { readFileSync } from "node:fs";
import type { NatsTransportOptions } from "@boyd/bus";
import { credsAuthenticator } from "@nats-io/transport-node";
import { SettingsError, type ProcessSettings } from "./settings.js";

/**
 * nats.js connection options from the process settings: the service's own
 * credentials (user/password or a creds file) and TLS when any TLS file is
 * set. Files are read now so a missing one fails at start, naming the
 * variable, rather than at the first reconnect.
 */
export function natsConnectOptions(settings: ProcessSettings, name: string): NatsTransportOptions {
  const options: NatsTransportOptions = { servers: settings.natsUrl.split(",").map((s) => s.trim()), name };
  if (settings.natsUser) Object.assign(options, { user: settings.natsUser, pass: settings.natsPassword });
  if (settings.natsCredsFile) {
    const creds = readSetting(settings.natsCredsFile, "BOYD_NATS_CREDS_FILE");
    options.authenticator = credsAuthenticator(creds);
  }
  if (settings.natsTlsCa || settings.natsTlsCert) {
    options.tls = {
      ...(settings.natsTlsCa ? { ca: readSetting(settings.natsTlsCa, "BOYD_NATS_TLS_CA").toString() } : {}),
      ...(settings.natsTlsCert ? { cert: readSetting(settings.natsTlsCert, "BOYD_NATS_TLS_CERT").toString() } : {}),
      ...(settings.natsTlsKey ? { key: readSetting(settings.natsTlsKey, "BOYD_NATS_TLS_KEY").toString() } : {}),
    };
  }
  return options;
}

function readSetting(path: string, variable: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new SettingsError(`${variable}: cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
