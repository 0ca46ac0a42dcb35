import { describe, expect, it } from "vitest";
import { validateObject, SchemaError } from "./k8s-schema.js";
import { renderKustomization, type RenderedObject } from "./kustomize.js";
import { KUSTOMIZATIONS, type KustomizationName } from "./repo.js";

describe.each(Object.keys(KUSTOMIZATIONS) as KustomizationName[])("render %s", (name) => {
  it(`render - ${name} renders and every object validates against the Kubernetes API schema`, () => {
    const objects = renderKustomization(KUSTOMIZATIONS[name]);
    expect(objects.length).toBeGreaterThan(0);
    const problems = objects.flatMap((object) => {
      try {
        validateObject(object);
        return [];
      } catch (err) {
        return [(err as Error).message];
      }
    });
    expect(problems).toEqual([]);
  });

  it(`render - ${name} has no two objects of the same kind and name`, () => {
    const keys = renderKustomization(KUSTOMIZATIONS[name]).map((o) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});

describe("schema validator", () => {
  const deployment = (): RenderedObject => ({
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "broken" },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: "broken" } },
      template: { metadata: { labels: { app: "broken" } }, spec: { containers: [{ name: "c", image: "boyd" }] } },
    },
  });

  it("schema - a well-formed Deployment passes (the negative tests below fail for their one defect)", () => {
    expect(() => validateObject(deployment())).not.toThrow();
  });

  it("schema - a Deployment with replicas: \"three\" is rejected, naming the object and the field", () => {
    const broken = deployment();
    (broken["spec"] as Record<string, unknown>)["replicas"] = "three";
    expect(() => validateObject(broken)).toThrow(SchemaError);
    expect(() => validateObject(broken)).toThrow(/Deployment broken: .*replicas/);
  });

  it("schema - a container without a name is rejected", () => {
    const broken = deployment();
    const spec = broken["spec"] as { template: { spec: { containers: Array<Record<string, unknown>> } } };
    delete spec.template.spec.containers[0]!["name"];
    expect(() => validateObject(broken)).toThrow(/containers\/0 must have required property name/);
  });

  it("schema - a kind without a registered schema is rejected", () => {
    expect(() => validateObject({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" } })).toThrow(/no schema registered/);
  });
});
