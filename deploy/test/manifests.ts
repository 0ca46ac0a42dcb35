import { Buffer } from "node:buffer";
import type { IDeployment } from "kubernetes-models/apps/v1/Deployment";
import type { IStatefulSet } from "kubernetes-models/apps/v1/StatefulSet";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import type { INetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import type { IConfigMap } from "kubernetes-models/v1/ConfigMap";
import type { IContainer } from "kubernetes-models/v1/Container";
import type { INamespace } from "kubernetes-models/v1/Namespace";
import type { IPodSpec } from "kubernetes-models/v1/PodSpec";
import type { ISecret } from "kubernetes-models/v1/Secret";
import type { IService } from "kubernetes-models/v1/Service";
import type { IServiceAccount } from "kubernetes-models/v1/ServiceAccount";
import type { RenderedObject } from "./kustomize.js";

/** The kinds the queries below return, by kind name. */
interface Kinds {
  ConfigMap: IConfigMap;
  Deployment: IDeployment;
  HorizontalPodAutoscaler: IHorizontalPodAutoscaler;
  Namespace: INamespace;
  NetworkPolicy: INetworkPolicy;
  Secret: ISecret;
  Service: IService;
  ServiceAccount: IServiceAccount;
  StatefulSet: IStatefulSet;
}

/** Every rendered object of one kind (already validated by render.test.ts). */
export function ofKind<K extends keyof Kinds>(objects: readonly RenderedObject[], kind: K): Array<Kinds[K] & RenderedObject> {
  return objects.filter((o) => o.kind === kind) as Array<Kinds[K] & RenderedObject>;
}

/** The one object of a kind and name; throws naming what is missing. */
export function named<K extends keyof Kinds>(objects: readonly RenderedObject[], kind: K, name: string): Kinds[K] & RenderedObject {
  const found = ofKind(objects, kind).find((o) => o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in the rendered output`);
  return found;
}

/** A workload's pod template, with who owns it. */
export interface PodTemplate {
  readonly owner: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly spec: IPodSpec;
}

/** The pod templates of every Deployment and StatefulSet. */
export function podTemplates(objects: readonly RenderedObject[]): PodTemplate[] {
  return [...ofKind(objects, "Deployment"), ...ofKind(objects, "StatefulSet")].map((workload) => ({
    owner: `${workload.kind}/${workload.metadata.name}`,
    labels: workload.spec?.template.metadata?.labels ?? {},
    annotations: workload.spec?.template.metadata?.annotations ?? {},
    spec: workload.spec!.template.spec!,
  }));
}

/** The Deployments of the Boyd services (component=service), by service name. */
export function serviceDeployments(objects: readonly RenderedObject[]): Map<string, IDeployment & RenderedObject> {
  return new Map(
    ofKind(objects, "Deployment")
      .filter((d) => d.metadata.labels?.["app.kubernetes.io/component"] === "service")
      .map((d) => [d.metadata.name, d]),
  );
}

/** The first (for the services: only) container of a workload. */
export function mainContainer(workload: IDeployment | IStatefulSet): IContainer {
  const container = workload.spec?.template.spec?.containers[0];
  if (!container) throw new Error(`${workload.metadata?.name} has no container`);
  return container;
}

/** A container port, resolved from its name or number. */
export function resolvePort(container: IContainer, port: number | string | undefined): number | undefined {
  if (typeof port === "number") return port;
  if (port === undefined) return undefined;
  if (/^\d+$/.test(port)) return Number(port);
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/**
 * The security settings a container runs with: its own, else the pod's
 * (the Kubernetes rule for the fields both may set).
 */
export function effectiveSecurity(pod: IPodSpec, container: IContainer) {
  const c = container.securityContext ?? {};
  const p = pod.securityContext ?? {};
  return {
    runAsNonRoot: c.runAsNonRoot ?? p.runAsNonRoot,
    runAsUser: c.runAsUser ?? p.runAsUser,
    seccomp: (c.seccompProfile ?? p.seccompProfile)?.type,
    appArmor: (c.appArmorProfile ?? p.appArmorProfile)?.type,
    readOnlyRootFilesystem: c.readOnlyRootFilesystem,
    allowPrivilegeEscalation: c.allowPrivilegeEscalation,
    privileged: c.privileged,
    capabilitiesDropped: c.capabilities?.drop ?? [],
    capabilitiesAdded: c.capabilities?.add ?? [],
    procMount: c.procMount,
  };
}

/** Secrets and ConfigMaps a pod reads, with the keys it reads (undefined = all of it). */
export interface Reference {
  readonly kind: "Secret" | "ConfigMap";
  readonly name: string;
  readonly key?: string;
  readonly from: string;
}

/** Every Secret and ConfigMap a pod template refers to: env, envFrom and volumes. */
export function references(template: PodTemplate): Reference[] {
  const refs: Reference[] = [];
  const from = template.owner;
  for (const container of [...(template.spec.initContainers ?? []), ...template.spec.containers]) {
    for (const env of container.env ?? []) {
      const secret = env.valueFrom?.secretKeyRef;
      const config = env.valueFrom?.configMapKeyRef;
      if (secret) refs.push({ kind: "Secret", name: secret.name!, key: secret.key, from });
      if (config) refs.push({ kind: "ConfigMap", name: config.name!, key: config.key, from });
    }
    for (const source of container.envFrom ?? []) {
      if (source.secretRef) refs.push({ kind: "Secret", name: source.secretRef.name!, from });
      if (source.configMapRef) refs.push({ kind: "ConfigMap", name: source.configMapRef.name!, from });
    }
  }
  for (const volume of template.spec.volumes ?? []) {
    if (volume.secret) refs.push({ kind: "Secret", name: volume.secret.secretName!, from });
    if (volume.configMap) refs.push({ kind: "ConfigMap", name: volume.configMap.name!, from });
    for (const source of volume.projected?.sources ?? []) {
      if (source.secret) refs.push({ kind: "Secret", name: source.secret.name!, from });
      if (source.configMap) refs.push({ kind: "ConfigMap", name: source.configMap.name!, from });
    }
  }
  return refs;
}

/** Whether a label selector's matchLabels (and matchExpressions In/NotIn/Exists) select these labels. */
export function selects(
  selector: { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> } | undefined,
  labels: Readonly<Record<string, string>>,
): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every((e) => {
    const value = labels[e.key];
    switch (e.operator) {
      case "In":
        return value !== undefined && (e.values ?? []).includes(value);
      case "NotIn":
        return value === undefined || !(e.values ?? []).includes(value);
      case "Exists":
        return value !== undefined;
      case "DoesNotExist":
        return value === undefined;
      default:
        throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return byLabels && byExpressions;
}

/**
 * The environment a container would get from the rendered objects: its
 * envFrom ConfigMaps and Secrets, then its env entries (values, Secret and
 * ConfigMap keys). Field references are left out: there is no pod.
 */
export function containerEnvironment(objects: readonly RenderedObject[], container: IContainer): Record<string, string> {
  const configMap = (name: string) => ofKind(objects, "ConfigMap").find((c) => c.metadata.name === name)?.data ?? {};
  const secret = (name: string) =>
    Object.fromEntries(Object.entries(ofKind(objects, "Secret").find((s) => s.metadata.name === name)?.data ?? {}).map(([k, v]) => [k, Buffer.from(v, "base64").toString()]));
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMap(source.configMapRef.name!));
    if (source.secretRef) Object.assign(env, secret(source.secretRef.name!));
  }
  for (const entry of container.env ?? []) {
    const from = entry.valueFrom;
    const value = from?.secretKeyRef
      ? secret(from.secretKeyRef.name!)[from.secretKeyRef.key]
      : from?.configMapKeyRef
        ? configMap(from.configMapKeyRef.name!)[from.configMapKeyRef.key]
        : entry.value;
    if (value !== undefined) env[entry.name] = value;
  }
  return env;
}
