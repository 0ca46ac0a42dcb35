// A service is given ports picked free a moment before it starts; an
// outgoing connection elsewhere on the machine can take one meanwhile, as
// its local port, and the service then fails to listen (EADDRINUSE). The
// chaos suite's cluster once failed to start that way in CI. The cluster
// now starts such a service again on other ports, a few times; any other
// failure to start is still the cluster's failure.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startLocalCluster, type LocalCluster } from "../src/index.js";

// A stand-in service: the first start fails as a taken port does; later ones serve /readyz on BOYD_OPS_ADDRESS.
const FLAKY_SERVICE = `
const fs = require("node:fs");
if (!fs.existsSync(process.env.FIRST_START_DONE)) {
  fs.writeFileSync(process.env.FIRST_START_DONE, "");
  console.error("listen EADDRINUSE: address already in use " + process.env.BOYD_OPS_ADDRESS);
  process.exit(1);
}
const [host, port] = process.env.BOYD_OPS_ADDRESS.split(":");
require("node:http").createServer((req, res) => res.writeHead(req.url === "/readyz" ? 200 : 404).end()).listen(Number(port), host);
process.on("SIGTERM", () => process.exit(0));
`;
const BROKEN_SERVICE = `console.error("cannot read the config"); process.exit(1);`;

describe("local cluster - a port taken before a service could listen", () => {
  let dir: string;
  let cluster: LocalCluster | undefined;
  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (script: string, logs: string[]) => {
    dir = mkdtempSync(join(tmpdir(), "boyd-taken-port-"));
    return startLocalCluster({
      dataDir: dir,
      neo4j: "none",
      services: ["decide"],
      serviceCommand: () => [process.execPath, "-e", script],
      env: { FIRST_START_DONE: join(dir, "first-start-done") },
      log: (_level, message) => logs.push(message),
    });
  };

  it("the service is started again on other ports and the cluster comes up", async () => {
    const logs: string[] = [];
    cluster = await start(FLAKY_SERVICE, logs);
    expect(existsSync(join(dir, "first-start-done"))).toBe(true);
    expect(logs.filter((l) => l.includes("taken before it could listen"))).toHaveLength(1);
    expect(logs.some((l) => l.startsWith("decide ready") || l.includes("ready (pid"))).toBe(true);
  }, 60_000);

  it("a service that fails for another reason is not started again: the cluster fails, saying why", async () => {
    const logs: string[] = [];
    const failed = await start(BROKEN_SERVICE, logs).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(failed?.message).toContain("exited before it was ready");
    expect(failed?.message).toContain("cannot read the config");
    expect(logs.filter((l) => l.includes("taken before it could listen"))).toEqual([]);
  }, 60_000);
});

