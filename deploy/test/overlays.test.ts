// What distinguishes the dev and prod overlays.
import { Buffer } from "node:buffer";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderKustomization } from "./kustomize.js";
import { mainContainer, named, ofKind, podTemplates, serviceDeployments } from "./manifests.js";
import { KUSTOMIZATIONS, REPO_ROOT, SERVICE_NAMES } from "./repo.js";

const configData = (objects: ReturnType<typeof renderKustomization>, prefix: string) =>
  ofKind(objects, "ConfigMap").find((c) => c.metadata.name.startsWith(`${prefix}-`))!.data ?? {};

/** Every `BOYD_..._REPLICAS` variable named in a service's sources (its settings' environment names), sorted. */
function replicaSettingsRead(): string[] {
  const names = new Set<string>();
  for (const service of SERVICE_NAMES) {
    const src = join(REPO_ROOT, "services", service, "src");
    for (const file of readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))) {
      for (const m of readFileSync(join(src, file), "utf8").matchAll(/"(BOYD_[A-Z0-9_]+)"/g)) if (m[1]!.endsWith("_REPLICAS")) names.add(m[1]!);
    }
  }
  return [...names].sort();
}

/** A Kubernetes quantity such as 20Gi or 1G, in bytes. */
function bytes(quantity: string): number {
  const match = /^(\d+)([KMGT]i?)?$/.exec(quantity);
  if (!match) throw new Error(`not a storage quantity: ${quantity}`);
  const powers = { K: 1, M: 2, G: 3, T: 4 } as const;
  const unit = match[2];
  if (!unit) return Number(match[1]);
  return Number(match[1]) * (unit.endsWith("i") ? 1024 : 1000) ** powers[unit[0] as keyof typeof powers];
}

describe("prod", () => {
  const objects = renderKustomization(KUSTOMIZATIONS.prod);

  it("prod - no Secret is rendered (the operator creates them)", () => {
    expect(ofKind(objects, "Secret")).toEqual([]);
  });

  it("prod - NATS runs three servers, routed to each other, with JetStream on a volume", () => {
    const nats = named(objects, "StatefulSet", "nats");
    expect(nats.spec!.replicas).toBe(3);
    const headless = named(objects, "Service", nats.spec!.serviceName!);
    expect(headless.spec!.clusterIP).toBe("None");
    expect(headless.spec!.publishNotReadyAddresses).toBe(true);
    const config = configData(objects, "nats-config");
    const routes = [...config["cluster.conf"]!.matchAll(/nats:\/\/([\w.-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(routes).toEqual([0, 1, 2].map((i) => `nats-${i}.${headless.metadata!.name}:6222`));
    const storeDir = /store_dir:\s*"?([^"\s]+)/.exec(config["jetstream.conf"]!)?.[1];
    const claim = nats.spec!.volumeClaimTemplates![0]!;
    const mount = mainContainer(nats).volumeMounts!.find((m) => m.name === claim.metadata!.name)!;
    expect(storeDir?.startsWith(`${mount.mountPath}/`)).toBe(true);
    const size = bytes(claim.spec!.resources!.requests!["storage"] as string);
    expect(size).toBeGreaterThan(bytes(named(renderKustomization(KUSTOMIZATIONS.base), "StatefulSet", "nats").spec!.volumeClaimTemplates![0]!.spec!.resources!.requests!["storage"] as string));
    // NATS refuses writes before the volume is full.
    const maxFileStore = /max_file_store:\s*(\d+)([KMGT])B?/.exec(config["jetstream.conf"]!)!;
    expect(bytes(`${maxFileStore[1]}${maxFileStore[2]}`)).toBeLessThan(size);
  });

  it("prod - the stateless services start with at least two replicas each", () => {
    for (const hpa of ofKind(objects, "HorizontalPodAutoscaler")) expect(hpa.spec!.minReplicas, hpa.metadata!.name).toBeGreaterThanOrEqual(2);
  });

  it("prod - the image is pinned to a release (a version tag or a digest), the same for every service", () => {
    const images = new Set([...serviceDeployments(objects).values()].map((d) => mainContainer(d).image));
    expect(images.size).toBe(1);
    const [image] = images;
    expect(image).toMatch(/:\d+\.\d+\.\d+$|@sha256:[0-9a-f]{64}$/);
  });

  it("prod - traces are exported over OTLP and every JetStream store keeps three replicas", () => {
    const config = configData(objects, "boyd-config");
    expect(config["BOYD_OTEL_EXPORTER"]).toBe("otlp");
    expect(() => new URL(config["OTEL_EXPORTER_OTLP_ENDPOINT"]!)).not.toThrow();
    for (const name of ["BOYD_MEMORY_KV_REPLICAS", "BOYD_ACT_KV_REPLICAS", "BOYD_PERCEPT_REPLICAS", "BOYD_EVENTS_REPLICAS", "BOYD_CONTROLLER_KV_REPLICAS"]) expect(config[name], name).toBe("3");
  });

  it("prod - every bucket and stream replica setting a service reads (BOYD_*_REPLICAS in services/*/src) is set to 3", () => {
    const config = configData(objects, "boyd-config");
    const read = replicaSettingsRead();
    // The five known today at least: a scan that finds none has stopped scanning.
    expect(read.length, read.join(", ")).toBeGreaterThanOrEqual(5);
    expect(read.filter((name) => config[name] !== "3").map((name) => `${name}=${config[name] ?? "(unset)"}`)).toEqual([]);
  });

  it("prod - every object lands in the boyd namespace, which the overlay creates", () => {
    expect(named(objects, "Namespace", "boyd")).toBeDefined();
    for (const o of objects.filter((o) => o.kind !== "Namespace")) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe("boyd");
  });
});

describe("dev", () => {
  const objects = renderKustomization(KUSTOMIZATIONS.dev);

  it("dev - one replica of everything", () => {
    for (const hpa of ofKind(objects, "HorizontalPodAutoscaler")) expect([hpa.spec!.minReplicas, hpa.spec!.maxReplicas], hpa.metadata!.name).toEqual([1, 1]);
    for (const set of ofKind(objects, "StatefulSet")) expect(set.spec!.replicas, set.metadata.name).toBe(1);
    expect(serviceDeployments(objects).get("controller")!.spec!.replicas).toBe(1);
  });

  it("dev - the generated Secrets hold only values marked dev-only", () => {
    const secrets = ofKind(objects, "Secret");
    expect(secrets.map((s) => s.metadata.name.replace(/-[a-z0-9]{10}$/, "")).sort()).toEqual(["boyd-grpc-auth", "boyd-nats-credentials", "boyd-neo4j-auth"]);
    for (const secret of secrets) {
      for (const [key, value] of Object.entries(secret.data ?? {})) expect(Buffer.from(value, "base64").toString(), `${secret.metadata.name} ${key}`).toMatch(/^dev-only-/);
    }
  });

  it("dev - services log at debug level and use the dev image", () => {
    expect(configData(objects, "boyd-config")["BOYD_LOG_LEVEL"]).toBe("debug");
    for (const template of podTemplates(objects).filter((t) => t.labels["app.kubernetes.io/component"] === "service")) {
      expect(template.spec.containers[0]!.image, template.owner).toBe("boyd:dev");
    }
  });

  it("dev - every object lands in the boyd-dev namespace, which the overlay creates", () => {
    expect(named(objects, "Namespace", "boyd-dev")).toBeDefined();
    for (const o of objects.filter((o) => o.kind !== "Namespace")) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe("boyd-dev");
  });
});
