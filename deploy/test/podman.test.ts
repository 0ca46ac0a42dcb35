// How a Deployment's pod spec becomes `podman run` flags (podman.ts), for the
// image test: what is read-only, what is writable, what is dropped.
import { describe, expect, it } from "vitest";
import { renderKustomization } from "./kustomize.js";
import { mainContainer, serviceDeployments } from "./manifests.js";
import { podmanSecurityFlags } from "./podman.js";
import { KUSTOMIZATIONS } from "./repo.js";

const deployments = serviceDeployments(renderKustomization(KUSTOMIZATIONS.dev));
const flagsOf = (service: string) => {
  const deployment = deployments.get(service)!;
  return podmanSecurityFlags(deployment.spec!.template.spec!, mainContainer(deployment));
};

describe("podman flags from a pod spec", () => {
  it("podman - decide: read-only root, /tmp (its emptyDir) as a tmpfs of the image's user, all capabilities dropped, no privilege escalation", () => {
    expect(flagsOf("decide")).toEqual([
      "--read-only",
      "--read-only-tmpfs=false",
      "--tmpfs",
      "/tmp:rw,nosuid,nodev,mode=0700,U",
      "--cap-drop",
      "ALL",
      "--security-opt",
      "no-new-privileges",
    ]);
  });

  it("podman - act: its data volume is writable too, and its sandbox gets the unconfined seccomp and unmasked /proc its pod asks for", () => {
    const flags = flagsOf("act");
    expect(flags).toEqual(expect.arrayContaining(["/tmp:rw,nosuid,nodev,mode=0700,U", "/var/lib/boyd:rw,nosuid,nodev,mode=0700,U", "seccomp=unconfined", "unmask=ALL"]));
    expect(flags.filter((f) => f === "--tmpfs")).toHaveLength(2);
  });

  it("podman - a volume that is not an emptyDir is refused, naming the container, the volume and the path", () => {
    expect(() =>
      podmanSecurityFlags(
        { containers: [], volumes: [{ name: "config", configMap: { name: "c" } }] },
        { name: "web", volumeMounts: [{ name: "config", mountPath: "/etc/web" }] },
      ),
    ).toThrow("web: volume config at /etc/web is not an emptyDir");
  });
});
