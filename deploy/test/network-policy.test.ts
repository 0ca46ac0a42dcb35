// The NetworkPolicies, checked by what they allow: which pod may open which
// port of which other pod, evaluated with the Kubernetes rules.
import { describe, expect, it } from "vitest";
import { renderKustomization } from "./kustomize.js";
import { named, ofKind, podTemplates, serviceDeployments } from "./manifests.js";
import { egressAllowed, ingressAllowed, type Source } from "./network-policy.js";
import { KUSTOMIZATIONS, NATS_SERVICES, type KustomizationName } from "./repo.js";

const MONITORING: Source = { namespace: { "kubernetes.io/metadata.name": "monitoring" }, pod: { "app.kubernetes.io/name": "prometheus" } };
const KUBE_DNS: Source = { namespace: { "kubernetes.io/metadata.name": "kube-system" }, pod: { "k8s-app": "kube-dns" } };
const OTHER_NAMESPACE: Source = { namespace: { "kubernetes.io/metadata.name": "elsewhere" }, pod: { app: "curious" } };

describe.each(Object.keys(KUSTOMIZATIONS) as KustomizationName[])("%s", (overlay) => {
  const objects = renderKustomization(KUSTOMIZATIONS[overlay]);
  const policies = ofKind(objects, "NetworkPolicy");
  const labelsOf = (owner: string) => podTemplates(objects).find((t) => t.owner === owner)!.labels;
  const services = [...serviceDeployments(objects).keys()].map((name) => ({ name, labels: labelsOf(`Deployment/${name}`) }));
  const nats = labelsOf("StatefulSet/nats");
  const neo4j = labelsOf("StatefulSet/neo4j");
  const allow = (target: Record<string, string>, source: Source, port: number) => ingressAllowed(policies, target, source, port);

  it(`network - ${overlay}: ingress is denied by default to every pod of the namespace`, () => {
    // An empty podSelector ({}) selects every pod; an absent one would be invalid.
    const selectsAll = (selector: object | undefined) => selector !== undefined && Object.keys(selector).length === 0;
    const denyAll = policies.filter((p) => selectsAll(p.spec!.podSelector) && p.spec!.policyTypes?.includes("Ingress") && (p.spec!.ingress ?? []).length === 0);
    expect(denyAll).toHaveLength(1);
    // So every pod is isolated: nothing reaches a port no policy opens.
    for (const template of podTemplates(objects)) expect(allow(template.labels, "outside", 12345), template.owner).toBe(false);
  });

  it(`network - ${overlay}: every service on NATS reaches it; only NATS servers reach its cluster port`, () => {
    for (const service of services.filter((s) => NATS_SERVICES.includes(s.name))) {
      expect(allow(nats, { pod: service.labels }, 4222), service.name).toBe(true);
      expect(allow(nats, { pod: service.labels }, 6222), service.name).toBe(false);
    }
    expect(allow(nats, { pod: nats }, 6222)).toBe(true);
    expect(allow(nats, "outside", 4222)).toBe(false);
    expect(allow(nats, OTHER_NAMESPACE, 4222)).toBe(false);
  });

  it(`network - ${overlay}: only orient reaches Neo4j`, () => {
    for (const service of services) expect(allow(neo4j, { pod: service.labels }, 7687), service.name).toBe(service.name === "orient");
    expect(allow(neo4j, { pod: nats }, 7687)).toBe(false);
    expect(allow(neo4j, "outside", 7687)).toBe(false);
    expect(allow(neo4j, { pod: labelsOf("Deployment/orient") }, 7474)).toBe(false);
  });

  it(`network - ${overlay}: the controller's gRPC API is open to any source, its other ports are not`, () => {
    const controller = labelsOf("Deployment/controller");
    for (const source of ["outside", OTHER_NAMESPACE, { pod: labelsOf("Deployment/act") }] as Source[]) {
      expect(allow(controller, source, 50051)).toBe(true);
      expect(allow(controller, source, 9090)).toBe(false);
    }
  });

  it(`network - ${overlay}: the ops port is open to the monitoring namespace only`, () => {
    for (const service of services) {
      expect(allow(service.labels, MONITORING, 9090), service.name).toBe(true);
      expect(allow(service.labels, OTHER_NAMESPACE, 9090), service.name).toBe(false);
      for (const peer of services) expect(allow(service.labels, { pod: peer.labels }, 9090), `${peer.name} -> ${service.name}`).toBe(false);
    }
  });

  it(`network - ${overlay}: act's egress is DNS, NATS and web ports on public addresses, never private ranges or the metadata service`, () => {
    const egress = policies.filter((p) => p.spec!.policyTypes?.includes("Egress"));
    expect(egress.map((p) => p.metadata!.name).sort()).toEqual(["act-egress", "console-egress"]);
    const act = named(objects, "NetworkPolicy", "act-egress");
    expect(act.spec!.podSelector?.matchLabels).toEqual({ "app.kubernetes.io/name": "act" });
    const rules = act.spec!.egress ?? [];
    const ports = (i: number) => rules[i]!.ports!.map((p) => `${p.port}/${p.protocol ?? "TCP"}`).sort();
    expect(ports(0)).toEqual(["53/TCP", "53/UDP"]);
    expect(rules[1]!.to![0]!.podSelector?.matchLabels).toEqual({ "app.kubernetes.io/name": "nats" });
    expect(ports(1)).toEqual(["4222/TCP"]);
    const web = rules[2]!.to![0]!.ipBlock!;
    expect(web.cidr).toBe("0.0.0.0/0");
    expect(web.except).toEqual(expect.arrayContaining(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"]));
    expect(ports(2)).toEqual(["443/TCP", "80/TCP"]);
    expect(rules).toHaveLength(3);
  });

  it(`network - ${overlay}: the console reaches the controller's gRPC port and DNS, nothing else; the controller admits it; any source loads the page`, () => {
    const console = labelsOf("Deployment/console");
    const controller = labelsOf("Deployment/controller");
    const reach = (destination: Source, port: number, protocol: "TCP" | "UDP" = "TCP") => egressAllowed(policies, console, destination, port, protocol);
    expect(reach({ pod: controller }, 50051) && allow(controller, { pod: console }, 50051)).toBe(true);
    expect(reach(KUBE_DNS, 53, "UDP")).toBe(true);
    expect(reach({ pod: controller }, 9090)).toBe(false);
    expect(reach({ pod: nats }, 4222)).toBe(false);
    expect(reach({ pod: neo4j }, 7687)).toBe(false);
    expect(reach({ pod: labelsOf("Deployment/memory") }, 9090)).toBe(false);
    expect(reach("outside", 443)).toBe(false);
    for (const source of ["outside", OTHER_NAMESPACE, { pod: labelsOf("Deployment/act") }] as Source[]) {
      expect(allow(console, source, 8080)).toBe(true);
      expect(allow(console, source, 9090)).toBe(false);
    }
    // The other services' egress is not narrowed by the console's policy.
    expect(egressAllowed(policies, labelsOf("Deployment/memory"), { pod: nats }, 4222)).toBe(true);
  });
});
