import type { INetworkPolicy } from "kubernetes-models/networking.k8s.io/v1/NetworkPolicy";
import { selects } from "./manifests.js";

type Labels = Readonly<Record<string, string>>;

/** Where a connection comes from. */
export type Source =
  /** A pod of the same namespace. */
  | { readonly pod: Labels }
  /** A pod of another namespace, with that namespace's labels. */
  | { readonly namespace: Labels; readonly pod: Labels }
  /** Outside the cluster (a load balancer, a user). */
  | "outside";

type Peer = NonNullable<NonNullable<INetworkPolicy["spec"]>["ingress"]>[number]["from"] extends (infer P)[] | undefined ? P : never;

function peerMatches(peer: Peer, source: Source): boolean {
  if (peer.ipBlock) return source === "outside";
  if (source === "outside") return false;
  if ("namespace" in source) {
    // A peer without a namespaceSelector means "this namespace" only.
    return !!peer.namespaceSelector && selects(peer.namespaceSelector, source.namespace) && (!peer.podSelector || selects(peer.podSelector, source.pod));
  }
  return !peer.namespaceSelector && !!peer.podSelector && selects(peer.podSelector, source.pod);
}

/**
 * Whether the namespace's NetworkPolicies let `source` open a TCP
 * connection to `port` of a pod labelled `target`, by the Kubernetes
 * rules: a pod no Ingress policy selects admits everything; otherwise some
 * rule of a policy selecting it must admit the source and the port. Only
 * what our manifests use is modelled (numeric ports, TCP).
 */
export function ingressAllowed(policies: readonly INetworkPolicy[], target: Labels, source: Source, port: number): boolean {
  const applying = policies.filter(
    (p) => selects(p.spec!.podSelector, target) && (p.spec!.policyTypes ?? ["Ingress"]).includes("Ingress"),
  );
  if (applying.length === 0) return true;
  return applying.some((policy) =>
    (policy.spec!.ingress ?? []).some((rule) => {
      const fromOk = !rule.from || rule.from.length === 0 || rule.from.some((peer) => peerMatches(peer, source));
      const portOk = !rule.ports || rule.ports.length === 0 || rule.ports.some((p) => (p.protocol ?? "TCP") === "TCP" && p.port === port);
      return fromOk && portOk;
    }),
  );
}

/**
 * Whether the namespace's NetworkPolicies let a pod labelled `source` open
 * a connection to `port` (TCP or UDP) of `destination`, as far as its own
 * egress goes: a pod no Egress policy selects may reach everything;
 * otherwise some rule of a policy selecting it must admit the destination
 * and the port. (The destination's ingress policies are a separate check.)
 */
export function egressAllowed(policies: readonly INetworkPolicy[], source: Labels, destination: Source, port: number, protocol: "TCP" | "UDP" = "TCP"): boolean {
  const applying = policies.filter((p) => selects(p.spec!.podSelector, source) && (p.spec!.policyTypes ?? []).includes("Egress"));
  if (applying.length === 0) return true;
  return applying.some((policy) =>
    (policy.spec!.egress ?? []).some((rule) => {
      const toOk = !rule.to || rule.to.length === 0 || rule.to.some((peer) => peerMatches(peer, destination));
      const portOk = !rule.ports || rule.ports.length === 0 || rule.ports.some((p) => (p.protocol ?? "TCP") === protocol && p.port === port);
      return toOk && portOk;
    }),
  );
}
