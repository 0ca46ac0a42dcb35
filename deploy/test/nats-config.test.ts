// The NATS configuration as each rendering mounts it, checked by the real
// nats-server (`-t`: parse and check, then exit), with the environment the
// StatefulSet gives the container. A variable the config reads that the pod
// does not set fails here, as it would fail the pod.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { findNatsServer, NATS_SERVER_VERSION } from "@boyd/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { renderKustomization } from "./kustomize.js";
import { mainContainer, named, ofKind } from "./manifests.js";
import { KUSTOMIZATIONS, NATS_SERVICES, type KustomizationName } from "./repo.js";

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), "boyd-nats-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(Object.keys(KUSTOMIZATIONS) as KustomizationName[])("%s", (overlay) => {
  const objects = renderKustomization(KUSTOMIZATIONS[overlay]);
  const nats = named(objects, "StatefulSet", "nats");
  const container = mainContainer(nats);

  /** Writes the projected config volume into a directory, as the kubelet would; returns the path of the file nats-server is started with. */
  function materializeConfig(): string {
    const configFlag = container.args!.indexOf("--config");
    const configPath = container.args![configFlag + 1]!;
    const volumeName = container.volumeMounts!.find((m) => configPath.startsWith(`${m.mountPath}/`))!.name;
    const volume = nats.spec!.template.spec!.volumes!.find((v) => v.name === volumeName)!;
    const dir = mkdtempSync(join(scratch, `${overlay}-`));
    for (const source of volume.projected?.sources ?? []) {
      const configMap = ofKind(objects, "ConfigMap").find((c) => c.metadata.name === source.configMap?.name);
      expect(configMap, `ConfigMap ${source.configMap?.name}`).toBeDefined();
      for (const [file, text] of Object.entries(configMap!.data ?? {})) writeFileSync(join(dir, file), text);
    }
    const mountPath = container.volumeMounts!.find((m) => m.name === volumeName)!.mountPath;
    return join(dir, configPath.slice(mountPath.length + 1));
  }

  /** The container's environment names, each with a stand-in value. */
  function podEnvironment(): Record<string, string> {
    return Object.fromEntries((container.env ?? []).map((e) => [e.name, e.valueFrom?.fieldRef ? "nats-0" : (e.value ?? `stand-in-${e.name.toLowerCase()}`)]));
  }

  it(`nats - ${overlay}: the StatefulSet runs the nats-server release the tests run (scripts/nats-server-version)`, () => {
    // The config check below and every NATS test use that release, so the
    // cluster must run it too: what passed here is what runs there.
    expect(container.image).toBe(`nats:${NATS_SERVER_VERSION.slice(1)}-alpine`);
  });

  it(`nats - ${overlay}: nats-server accepts the mounted configuration with the pod's environment`, async () => {
    const binary = findNatsServer();
    const config = materializeConfig();
    const { stderr } = await run(binary!, ["-c", config, "-t"], { env: { PATH: process.env["PATH"] ?? "", ...podEnvironment() } });
    expect(stderr).toMatch(/configuration file .* is valid/);
  });

  it(`nats - ${overlay}: a variable the pod does not set makes the configuration invalid (the check above can fail)`, async () => {
    const binary = findNatsServer();
    const env = podEnvironment();
    delete env["BOYD_NATS_PASSWORD_OBSERVE"];
    await expect(run(binary, ["-c", materializeConfig(), "-t"], { env: { PATH: process.env["PATH"] ?? "", ...env } })).rejects.toThrow(/BOYD_NATS_PASSWORD_OBSERVE/);
  });

  it(`nats - ${overlay}: every service and the outside client have a user whose password the pod provides`, () => {
    const auth = ofKind(objects, "ConfigMap").find((c) => c.metadata.name.startsWith("nats-auth-"))!.data!["auth.conf"]!;
    const users = [...auth.matchAll(/user:\s*"?([\w-]+)"?\s*\n\s*password:\s*\$(\w+)/g)].map((m) => [m[1], m[2]]);
    expect(users.map(([user]) => user).sort()).toEqual([...NATS_SERVICES, "client"].sort());
    const env = new Set((container.env ?? []).map((e) => e.name));
    for (const [user, variable] of users) {
      expect(variable, user).toBe(`BOYD_NATS_PASSWORD_${user!.toUpperCase()}`);
      expect(env.has(variable!), user).toBe(true);
    }
  });
});
