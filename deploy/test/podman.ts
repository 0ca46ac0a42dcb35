import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { IContainer, IPodSpec } from "kubernetes-models/v1";
import { REPO_ROOT } from "./repo.js";

const run = promisify(execFile);

/** What a command printed and how it ended. */
export interface CommandResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a function of scripts/ensure-deps.sh (`ensure_image`,
 * `boyd_podman ...`) with `args`, in the repository root. Resolves with the
 * exit code instead of rejecting, so a test can assert on a refusal.
 */
export async function ensureDeps(fn: string, args: readonly string[] = [], timeoutMs = 60_000): Promise<CommandResult> {
  const script = 'source scripts/ensure-deps.sh && "$@"';
  try {
    const { stdout, stderr } = await run("bash", ["-c", script, "ensure-deps", fn, ...args], { cwd: REPO_ROOT, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code?: number | string; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`${fn} ${args.join(" ")}: no exit within ${timeoutMs} ms\n${failed.stderr ?? ""}`, { cause: err });
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** `boyd_podman args...` (podman on the storage ensure_image builds into); throws with its output unless it exits 0. */
export async function podman(...args: string[]): Promise<string> {
  const result = await ensureDeps("boyd_podman", args);
  if (result.code !== 0) throw new Error(`podman ${args.join(" ")} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * The `podman run` flags that give a container what its Kubernetes pod
 * spec gives it: a read-only root with only the pod's emptyDir volumes
 * writable (as tmpfs, owned by the image's user), dropped capabilities, no
 * privilege escalation, and the seccomp and /proc settings act needs for its
 * sandbox. The user is not set: the image's own USER must be right.
 */
export function podmanSecurityFlags(pod: IPodSpec, container: IContainer): string[] {
  const security = container.securityContext ?? {};
  const flags: string[] = [];
  if (security.readOnlyRootFilesystem) flags.push("--read-only", "--read-only-tmpfs=false");
  for (const mount of container.volumeMounts ?? []) {
    const volume = pod.volumes?.find((v) => v.name === mount.name);
    if (!volume?.emptyDir) throw new Error(`${container.name}: volume ${mount.name} at ${mount.mountPath} is not an emptyDir; map it here first`);
    // U: owned by the image's user, as fsGroup makes an emptyDir the pod's.
    flags.push("--tmpfs", `${mount.mountPath}:rw,nosuid,nodev,mode=0700,U`);
  }
  for (const capability of security.capabilities?.drop ?? []) flags.push("--cap-drop", capability);
  if (security.allowPrivilegeEscalation === false) flags.push("--security-opt", "no-new-privileges");
  if (security.seccompProfile?.type === "Unconfined") flags.push("--security-opt", "seccomp=unconfined");
  if (security.procMount === "Unmasked") flags.push("--security-opt", "unmask=ALL");
  return flags;
}
