// What every rendering of the manifests (base, dev, prod) must hold for the
// Boyd services: the image and bundle each runs, probes, resources, the
// security context, credentials and configuration.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderKustomization } from "./kustomize.js";
import { effectiveSecurity, mainContainer, named, ofKind, podTemplates, references, resolvePort, serviceDeployments } from "./manifests.js";
import { imageBundlePath, KUSTOMIZATIONS, NATS_SERVICES, REPO_ROOT, SERVICE_NAMES, STATELESS_SERVICES, type KustomizationName } from "./repo.js";

const OPS_PORT = 9090;
const SERVICE_UID = 10001;

/** Secrets the operator creates (base, prod); deploy/README.md must say how. The dev overlay generates them. */
const OPERATOR_SECRETS = ["boyd-nats-credentials", "boyd-neo4j-auth", "boyd-grpc-auth"];
const GENERATES_SECRETS: readonly KustomizationName[] = ["dev"];

describe.each(Object.keys(KUSTOMIZATIONS) as KustomizationName[])("%s", (overlay) => {
  const objects = renderKustomization(KUSTOMIZATIONS[overlay]);
  const deployments = serviceDeployments(objects);

  it(`services - ${overlay}: each service runs as one Deployment whose container runs its bundle in the boyd image`, () => {
    expect([...deployments.keys()].sort()).toEqual([...SERVICE_NAMES]);
    for (const [name, deployment] of deployments) {
      expect(deployment.spec!.template.spec!.containers, name).toHaveLength(1);
      const container = mainContainer(deployment);
      expect(container.args, name).toEqual([imageBundlePath(name)]);
      // The image's ENTRYPOINT is node; a command here would bypass it.
      expect(container.command, name).toBeUndefined();
      expect(container.image, name).toMatch(/(^|\/)boyd(:[\w.-]+)?(@sha256:[0-9a-f]{64})?$/);
    }
  });

  it(`services - ${overlay}: readiness is GET /readyz and liveness GET /healthz on the ops port ${OPS_PORT}`, () => {
    for (const [name, deployment] of deployments) {
      const container = mainContainer(deployment);
      expect(container.ports?.find((p) => p.name === "ops")?.containerPort, name).toBe(OPS_PORT);
      expect(container.readinessProbe?.httpGet?.path, name).toBe("/readyz");
      expect(resolvePort(container, container.readinessProbe?.httpGet?.port), name).toBe(OPS_PORT);
      expect(container.livenessProbe?.httpGet?.path, name).toBe("/healthz");
      expect(resolvePort(container, container.livenessProbe?.httpGet?.port), name).toBe(OPS_PORT);
    }
  });

  it(`resources - ${overlay}: every container sets cpu and memory requests and limits`, () => {
    for (const template of podTemplates(objects)) {
      for (const container of template.spec.containers) {
        const { requests, limits } = container.resources ?? {};
        for (const [what, value] of Object.entries({ "requests.cpu": requests?.["cpu"], "requests.memory": requests?.["memory"], "limits.cpu": limits?.["cpu"], "limits.memory": limits?.["memory"] })) {
          expect(value, `${template.owner} ${container.name} ${what}`).toBeDefined();
        }
      }
    }
  });

  it(`security - ${overlay}: service containers run as uid ${SERVICE_UID}, non-root, read-only, without privilege escalation or capabilities, under RuntimeDefault seccomp (act: see below)`, () => {
    for (const [name, deployment] of deployments) {
      const pod = deployment.spec!.template.spec!;
      const security = effectiveSecurity(pod, mainContainer(deployment));
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      expect(pod.securityContext?.runAsUser, name).toBe(SERVICE_UID);
      expect(pod.securityContext?.seccompProfile?.type, name).toBe("RuntimeDefault");
      expect(security.runAsNonRoot, name).toBe(true);
      expect(security.runAsUser, name).toBe(SERVICE_UID);
      expect(security.readOnlyRootFilesystem, name).toBe(true);
      expect(security.allowPrivilegeEscalation, name).toBe(false);
      expect(security.capabilitiesDropped, name).toContain("ALL");
      expect(security.capabilitiesAdded, name).toEqual([]);
      expect(security.privileged, name).not.toBe(true);
      if (name !== "act") {
        expect(security.seccomp, name).toBe("RuntimeDefault");
        expect(security.appArmor, name).not.toBe("Unconfined");
        expect(security.procMount, name).toBeUndefined();
        expect(pod.hostUsers, name).toBeUndefined();
      }
    }
  });

  it(`security - ${overlay}: act alone gets what bubblewrap needs, inside a pod user namespace`, () => {
    const act = deployments.get("act")!;
    const pod = act.spec!.template.spec!;
    const security = effectiveSecurity(pod, mainContainer(act));
    // Unmasked /proc is only safe with the pod's own user namespace.
    expect(pod.hostUsers).toBe(false);
    expect(security.procMount).toBe("Unmasked");
    expect(security.seccomp).toBe("Unconfined");
    expect(security.appArmor).toBe("Unconfined");
  });

  it(`security - ${overlay}: no pod mounts a service account token, shares the node's namespaces or mounts its files`, () => {
    expect(named(objects, "ServiceAccount", "boyd")).toMatchObject({ automountServiceAccountToken: false });
    for (const template of podTemplates(objects)) {
      const pod = template.spec;
      expect(pod.automountServiceAccountToken, template.owner).toBe(false);
      expect(pod.serviceAccountName, template.owner).toBe("boyd");
      expect([pod.hostNetwork, pod.hostPID, pod.hostIPC], template.owner).toEqual([undefined, undefined, undefined]);
      expect((pod.volumes ?? []).filter((v) => v.hostPath), template.owner).toEqual([]);
      for (const container of pod.containers) {
        const security = effectiveSecurity(pod, container);
        expect(security.runAsNonRoot, `${template.owner} ${container.name}`).toBe(true);
        expect(security.allowPrivilegeEscalation, `${template.owner} ${container.name}`).toBe(false);
        expect(security.capabilitiesDropped, `${template.owner} ${container.name}`).toContain("ALL");
        expect(security.privileged, `${template.owner} ${container.name}`).not.toBe(true);
      }
    }
  });

  it(`services - ${overlay}: /tmp is a writable emptyDir (the root file system is read-only)`, () => {
    for (const [name, deployment] of deployments) {
      const pod = deployment.spec!.template.spec!;
      const mount = mainContainer(deployment).volumeMounts?.find((m) => m.mountPath === "/tmp");
      expect(mount, name).toBeDefined();
      expect(pod.volumes?.find((v) => v.name === mount!.name)?.emptyDir, name).toBeDefined();
    }
  });

  it(`services - ${overlay}: each service connects to NATS as its own user, whose password NATS reads from the same Secret key`, () => {
    const natsEnv = mainContainer(named(objects, "StatefulSet", "nats")).env ?? [];
    for (const name of NATS_SERVICES) {
      const deployment = deployments.get(name)!;
      const env = mainContainer(deployment).env ?? [];
      expect(env.find((e) => e.name === "BOYD_NATS_USER")?.value, name).toBe(name);
      const password = env.find((e) => e.name === "BOYD_NATS_PASSWORD")?.valueFrom?.secretKeyRef;
      expect(password, name).toEqual({ name: expect.stringMatching(/^boyd-nats-credentials(-[a-z0-9]+)?$/), key: `${name}-password` });
      expect(natsEnv.find((e) => e.name === `BOYD_NATS_PASSWORD_${name.toUpperCase()}`)?.valueFrom?.secretKeyRef, name).toEqual(password);
    }
  });

  it(`services - ${overlay}: the shared settings come from ConfigMap boyd-config and point at the NATS and Neo4j Services`, () => {
    for (const [name, deployment] of deployments) {
      const configMaps = (mainContainer(deployment).envFrom ?? []).map((e) => e.configMapRef?.name);
      expect(configMaps.some((n) => n?.startsWith("boyd-config")), name).toBe(true);
    }
    const config = ofKind(objects, "ConfigMap").find((c) => c.metadata.name.startsWith("boyd-config"))!.data ?? {};
    const nats = new URL(config["BOYD_NATS_URL"]!);
    expect(named(objects, "Service", nats.hostname).spec!.ports!.map((p) => p.port)).toContain(Number(nats.port));
    const neo4j = new URL(config["BOYD_NEO4J_URI"]!);
    expect(named(objects, "Service", neo4j.hostname).spec!.ports!.map((p) => p.port)).toContain(Number(neo4j.port));
    expect(config["BOYD_MEMORY_STORE"]).toBe("kv");
    expect(config["BOYD_PERCEPT_INBOX"]).toBe("jetstream");
    expect(config["BOYD_ACT_KV_BUCKET"]).toBeTruthy();
  });

  it(`services - ${overlay}: Prometheus finds /metrics on the ops port`, () => {
    for (const [name, deployment] of deployments) {
      const annotations = deployment.spec!.template.metadata?.annotations ?? {};
      expect(annotations, name).toMatchObject({ "prometheus.io/scrape": "true", "prometheus.io/port": String(OPS_PORT), "prometheus.io/path": "/metrics" });
    }
  });

  it(`services - ${overlay}: pods get at least 30 s to drain after SIGTERM`, () => {
    for (const [name, deployment] of deployments) {
      expect(deployment.spec!.template.spec!.terminationGracePeriodSeconds, name).toBeGreaterThanOrEqual(30);
    }
  });

  it(`autoscaling - ${overlay}: every stateless service has a CPU autoscaler on its Deployment, which leaves it the replica count`, () => {
    const autoscalers = ofKind(objects, "HorizontalPodAutoscaler");
    for (const name of STATELESS_SERVICES) {
      const hpa = autoscalers.find((h) => h.spec!.scaleTargetRef.name === name);
      expect(hpa, name).toBeDefined();
      expect(hpa!.spec!.scaleTargetRef.kind, name).toBe("Deployment");
      expect(deployments.has(hpa!.spec!.scaleTargetRef.name), name).toBe(true);
      expect(hpa!.spec!.metrics?.map((m) => m.resource?.name), name).toContain("cpu");
      expect(hpa!.spec!.minReplicas, name).toBeGreaterThanOrEqual(1);
      expect(hpa!.spec!.maxReplicas, name).toBeGreaterThanOrEqual(hpa!.spec!.minReplicas!);
      // A replicas field would reset the autoscaler's count on every apply.
      expect(deployments.get(name)!.spec!.replicas, name).toBeUndefined();
    }
  });

  it(`autoscaling - ${overlay}: the controller runs exactly one replica, never two at once, and has no autoscaler`, () => {
    const controller = deployments.get("controller")!;
    expect(controller.spec!.replicas).toBe(1);
    expect(controller.spec!.strategy?.type).toBe("Recreate");
    expect(ofKind(objects, "HorizontalPodAutoscaler").filter((h) => h.spec!.scaleTargetRef.name === "controller")).toEqual([]);
  });

  it(`services - ${overlay}: the controller's Service exposes gRPC on 50051 (appProtocol grpc) and the ops port`, () => {
    const service = named(objects, "Service", "controller");
    const container = mainContainer(deployments.get("controller")!);
    const grpc = service.spec!.ports!.find((p) => p.name === "grpc")!;
    expect(grpc).toMatchObject({ port: 50051, appProtocol: "grpc" });
    expect(resolvePort(container, grpc.targetPort)).toBe(50051);
    expect(service.spec!.ports!.find((p) => p.name === "ops")?.port).toBe(OPS_PORT);
    expect(service.spec!.selector).toEqual(deployments.get("controller")!.spec!.selector.matchLabels);
  });

  it(`services - ${overlay}: the console serves HTTP on 8080 through its Service, in front of the controller's gRPC Service, with no NATS credentials`, () => {
    const deployment = deployments.get("console")!;
    const container = mainContainer(deployment);
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
    expect(env["BOYD_CONSOLE_ADDRESS"]).toBe("0.0.0.0:8080");
    const [host, port] = env["BOYD_CONTROLLER_GRPC"]!.split(":");
    expect(named(objects, "Service", host!).spec!.ports!.find((p) => p.name === "grpc")?.port).toBe(Number(port));
    expect(Object.keys(env).filter((name) => name.startsWith("BOYD_NATS_"))).toEqual([]);
    const service = named(objects, "Service", "console");
    const http = service.spec!.ports!.find((p) => p.name === "http")!;
    expect(http.port).toBe(8080);
    expect(resolvePort(container, http.targetPort)).toBe(8080);
    expect(service.spec!.ports!.find((p) => p.name === "ops")?.port).toBe(OPS_PORT);
    expect(service.spec!.selector).toEqual(deployment.spec!.selector.matchLabels);
  });

  it(`references - ${overlay}: every ConfigMap and Secret a pod reads is rendered with its keys, or (Secrets outside dev) documented for the operator`, () => {
    const readme = readFileSync(join(REPO_ROOT, "deploy/README.md"), "utf8");
    const missing: string[] = [];
    for (const ref of podTemplates(objects).flatMap(references)) {
      const rendered = ofKind(objects, ref.kind).find((o) => o.metadata.name === ref.name);
      if (rendered) {
        const keys = Object.keys({ ...rendered.data, ...(ref.kind === "Secret" ? (rendered as { stringData?: object }).stringData : {}) });
        if (ref.key !== undefined && !keys.includes(ref.key)) missing.push(`${ref.from}: ${ref.kind} ${ref.name} has no key ${ref.key}`);
        continue;
      }
      // Only Secrets may come from outside the manifests, and only where the README says how to create them.
      const documented = ref.kind === "Secret" && !GENERATES_SECRETS.includes(overlay) && OPERATOR_SECRETS.includes(ref.name) && readme.includes(`kubectl create secret generic ${ref.name}`) && (ref.key === undefined || readme.includes(`${ref.key}=`));
      if (!documented) missing.push(`${ref.from}: ${ref.kind} ${ref.name}${ref.key ? ` key ${ref.key}` : ""} is neither rendered nor documented in deploy/README.md`);
    }
    expect(missing).toEqual([]);
  });
});
