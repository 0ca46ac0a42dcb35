// The web console as its own process: serves the page and its API in front
// of the controller's gRPC AgentService. Settings come from the environment
// (config.ts); logs, the ops endpoints and the SIGTERM drain as every service
// has them. /readyz is the page being there, not the controller answering: a
// console whose controller is away still serves the page, whose API calls then
// say UNAVAILABLE (503), and readiness on the controller would take every
// console out of its Service at once for a fault no console can mend.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { drainOnSignal } from "@boyd/bus";
import { serviceLogger, startOpsServer } from "@boyd/service-kit";
import { renderMetrics, setServiceLabel } from "@boyd/telemetry";
import { bundledAssetsDir, ensureConsoleAssets } from "./assets.js";
import { configFromEnv, securityOptions, type ConsoleConfig } from "./config.js";
import { startConsole } from "./console.js";

let config: ConsoleConfig;
try {
  config = configFromEnv();
} catch (err) {
  serviceLogger("console").fatal((err as Error).message);
  process.exit(2);
}
const log = serviceLogger("console", config.logLevel);
try {
  const assetsDir = config.assetsDir ?? bundledAssetsDir() ?? (await ensureConsoleAssets());
  const web = await startConsole({ listen: config.address, grpcTarget: config.controllerGrpc, assetsDir, logger: log, ...securityOptions(config) });
  setServiceLabel("console");
  const page = (): void => {
    if (!existsSync(join(assetsDir, "index.html"))) throw new Error(`no index.html in ${assetsDir}`);
  };
  const ops = config.opsAddress === "off" ? undefined : await startOpsServer({ address: config.opsAddress, checks: { page }, metrics: renderMetrics });
  drainOnSignal(log, [async () => ops?.setDraining(), () => web.close(), async () => ops?.close()]);
  log.info({ url: web.url, controller: config.controllerGrpc, assets: assetsDir, ops: ops?.address }, "console serving");
} catch (err) {
  log.fatal({ err }, "console failed to start");
  process.exit(1);
}
