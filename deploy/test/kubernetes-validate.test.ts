// The rendered manifests against a validator that ships the Kubernetes API
// schemas: kubernetes-validate (PyPI), at its strict level (unknown fields
// are errors), for every Kubernetes version it knows from 1.30 on. Every
// object must pass; an object the validator has no schema for counts as
// unchecked, not as passed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { renderKustomization, type RenderedObject } from "./kustomize.js";
import { kubernetesValidate, OLDEST_KUBERNETES, strictSchemaVersions, validateStrict } from "./kubernetes-validate.js";
import { ofKind } from "./manifests.js";
import { KUSTOMIZATIONS, type KustomizationName } from "./repo.js";

const scratch = mkdtempSync(join(tmpdir(), "boyd-kubernetes-validate-"));
let binary: string;

/** Writes objects as one multi-document YAML file in the scratch directory. */
function writeObjects(name: string, objects: readonly RenderedObject[]): string {
  const file = join(scratch, `${name}.yaml`);
  writeFileSync(file, objects.map((o) => stringify(o)).join("---\n"));
  return file;
}

/**
 * What keeps `files` from being valid for `version`: the validator's errors
 * and warnings, and every object it did not say passed.
 */
async function problems(version: string, files: ReadonlyMap<string, readonly RenderedObject[]>): Promise<string[]> {
  const result = await validateStrict(binary, version, [...files.keys()]);
  const found = result.verdicts.filter((v) => v.level !== "INFO").map((v) => `${v.level} ${v.message}`);
  for (const [file, objects] of files) {
    for (const object of objects) {
      const resource = `${object.kind.toLowerCase()}/${object.metadata.name}`;
      const passed = result.verdicts.some((v) => v.level === "INFO" && v.file === file && v.message.startsWith(`passed for resource ${resource} `));
      if (!passed) found.push(`${file}: ${resource} not reported as passed`);
    }
  }
  if (result.code !== 0 && found.length === 0) found.push(`exit ${result.code}:\n${result.output}`);
  return found;
}

beforeAll(async () => {
  binary = await kubernetesValidate();
}, 10 * 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("kubernetes-validate", () => {
  it("validate - the installed validator ships strict schemas from Kubernetes 1.30 to at least 1.37", () => {
    const versions = strictSchemaVersions(binary);
    expect(versions[0]).toBe(`${OLDEST_KUBERNETES.join(".")}.0`);
    expect(versions).toContain("1.37.0");
  });

  it("validate - every rendered object of base, dev and prod passes strict validation for each Kubernetes version from 1.30", async () => {
    const files = new Map<string, readonly RenderedObject[]>();
    for (const name of Object.keys(KUSTOMIZATIONS) as KustomizationName[]) {
      const objects = renderKustomization(KUSTOMIZATIONS[name]);
      expect(objects.length, name).toBeGreaterThan(0);
      files.set(writeObjects(name, objects), objects);
    }
    const versions = strictSchemaVersions(binary);
    // Two at a time: the machine's cores are shared.
    const failures: Record<string, string[]> = {};
    for (let i = 0; i < versions.length; i += 2) {
      await Promise.all(
        versions.slice(i, i + 2).map(async (version) => {
          const found = await problems(version, files);
          if (found.length > 0) failures[version] = found;
        }),
      );
    }
    expect(failures).toEqual({});
  }, 120_000);

  it("validate - strict: a misspelled field is an error naming the object and the field", async () => {
    const deployment = ofKind(renderKustomization(KUSTOMIZATIONS.dev), "Deployment")[0]!;
    Object.assign(deployment.spec!.template.spec!.containers[0]!, { imagePullPolicyy: "Always" });
    const file = writeObjects("misspelled", [deployment]);
    const found = await problems("1.30.0", new Map([[file, [deployment]]]));
    expect(found.join("\n")).toMatch(new RegExp(`ERROR did not validate for resource deployment/${deployment.metadata.name} .*'imagePullPolicyy' was unexpected`));
  });

  it("validate - a kind without a schema is not taken as passed (the validator only warns)", async () => {
    const widget: RenderedObject = { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" } };
    const file = writeObjects("widget", [widget]);
    const found = await problems("1.30.0", new Map([[file, [widget]]]));
    expect(found).toEqual([expect.stringMatching(/^WARN Couldn't find schema for kind Widget/), `${file}: widget/w not reported as passed`]);
  });
});
