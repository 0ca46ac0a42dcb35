import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { StatefulSet } from "kubernetes-models/apps/v1/StatefulSet";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Namespace } from "kubernetes-models/v1/Namespace";
import { Secret } from "kubernetes-models/v1/Secret";
import { Service } from "kubernetes-models/v1/Service";
import { ServiceAccount } from "kubernetes-models/v1/ServiceAccount";
import type { RenderedObject } from "./kustomize.js";

type ModelClass = new (data: any) => { validate(): void };

/**
 * The Kubernetes API schema of each kind the manifests may contain, by
 * "apiVersion/kind". A kind missing here fails validation: adding one to
 * the manifests means adding its schema here, on purpose.
 */
const MODELS: Readonly<Record<string, ModelClass>> = Object.fromEntries(
  [Deployment, StatefulSet, HorizontalPodAutoscaler, NetworkPolicy, PodDisruptionBudget, ConfigMap, Namespace, Secret, Service, ServiceAccount].map(
    (model) => [`${model.apiVersion}/${model.kind}`, model as unknown as ModelClass],
  ),
);

/** Why an object does not validate: its kind and name, and the schema's complaint. */
export class SchemaError extends Error {
  override readonly name = "SchemaError";
}

/**
 * Validates one object against the API schema of its apiVersion and kind.
 * Throws a SchemaError naming the object; unknown kinds are errors.
 */
export function validateObject(object: RenderedObject): void {
  const where = `${object.apiVersion} ${object.kind} ${object.metadata?.name ?? "(no name)"}`;
  const model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!model) throw new SchemaError(`${where}: no schema registered for this kind (deploy/test/k8s-schema.ts)`);
  try {
    new model(object).validate();
  } catch (err) {
    throw new SchemaError(`${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
