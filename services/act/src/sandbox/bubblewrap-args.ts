import { lstatSync, readlinkSync } from "node:fs";

/**
 * Pure argv builders for the confined runner: the `prlimit` prefix that sets
 * resource limits, the `setpriv` prefix that drops root to the sandbox user,
 * and the `bwrap` arguments that build the sandbox's file system view.
 * Nothing here spawns; confined-exec.ts does. Every builder ends its tool's
 * options with `--`, so a program name such as `--help` or an argument such
 * as `--cpu=unlimited` can never be read as an option of a wrapper.
 */

/** The resource limits of one execution. */
export interface ExecLimits {
  /** Wall-clock time before the whole process tree is killed, in ms. @default 30_000 */
  readonly timeoutMs: number;
  /** Bytes of stdout and stderr (together) kept in memory and returned. @default 64 KiB */
  readonly outputCapBytes: number;
  /** CPU seconds per process (RLIMIT_CPU); SIGXCPU at the limit, SIGKILL one second later. @default 10 */
  readonly cpuSeconds: number;
  /**
   * Memory, in bytes, twice over: the address space of each process
   * (RLIMIT_AS), and the resident memory of the whole run together (its
   * process tree, sampled; past it every process of the run is killed), so
   * many processes cannot each take the per-process limit. @default 512 MiB
   */
  readonly memoryBytes: number;
  /**
   * Processes (threads included) of the sandbox user (RLIMIT_NPROC). The
   * kernel counts every process of that uid, so runs sharing the uid share
   * the budget. Not enforced for root, hence the drop to `runAs`. @default 64
   */
  readonly maxProcesses: number;
  /** Largest file a process may write (RLIMIT_FSIZE), in bytes. @default 64 MiB */
  readonly fileSizeBytes: number;
}

/** The documented defaults of {@link ExecLimits}. */
export const DEFAULT_EXEC_LIMITS: ExecLimits = Object.freeze({
  timeoutMs: 30_000,
  outputCapBytes: 64 * 1024,
  cpuSeconds: 10,
  memoryBytes: 512 * 1024 * 1024,
  maxProcesses: 64,
  fileSizeBytes: 64 * 1024 * 1024,
});

/** Open file descriptors per process (RLIMIT_NOFILE): enough for builds, not for descriptor exhaustion. */
export const OPEN_FILES_LIMIT = 1024;

/**
 * Bytes of POSIX message queues the sandbox user may hold (RLIMIT_MSGQUEUE),
 * the kernel's own default: set explicitly because the queues are memory
 * no other limit counts, and a service started with a higher limit would
 * otherwise pass it on.
 */
export const MESSAGE_QUEUE_BYTES = 800 * 1024;

/** An unprivileged uid/gid pair to run the sandbox as. */
export interface SandboxUser {
  readonly uid: number;
  readonly gid: number;
}

/** `nobody`/`nogroup` on Debian: the sandbox user when the service runs as root. */
export const DEFAULT_SANDBOX_USER: SandboxUser = Object.freeze({ uid: 65534, gid: 65534 });

/** The PATH inside the sandbox (and of the unconfined runner's programs). */
export const SANDBOX_PATH = "/usr/local/bin:/usr/bin:/bin";

/**
 * The host directories the sandbox sees, read-only. Only system software:
 * never `/`, so the host's /root, /home, /work, /var and /run stay invisible.
 */
export const SYSTEM_DIRS: readonly string[] = Object.freeze(["/usr", "/bin", "/lib", "/lib64", "/sbin", "/etc"]);

/** How one system directory appears in the sandbox. */
export type SystemMount = { readonly kind: "bind"; readonly path: string } | { readonly kind: "symlink"; readonly path: string; readonly target: string };

/**
 * Looks at the host's system directories once. On merged-/usr systems /bin,
 * /lib... are symlinks into /usr; recreating them as symlinks keeps the
 * layout identical (and `/bin/sh` resolving) instead of binding /usr/bin
 * twice. Missing directories are bound with `--ro-bind-try`, which skips them.
 */
export function systemMounts(dirs: readonly string[] = SYSTEM_DIRS): SystemMount[] {
  return dirs.map((path) => {
    try {
      if (lstatSync(path).isSymbolicLink()) return { kind: "symlink", path, target: readlinkSync(path) };
    } catch {
      // Absent on this host: --ro-bind-try will skip it.
    }
    return { kind: "bind", path };
  });
}

/**
 * `prlimit` options (ending with `--`) for the given limits. Soft and hard
 * CPU limits differ by a second so a process first gets SIGXCPU, which
 * names the cause in its exit status, before the kernel's SIGKILL. Core
 * dumps are off: a crashing program must not drop a core into the workspace.
 * POSIX message queues get {@link MESSAGE_QUEUE_BYTES}.
 */
export function prlimitArgs(prlimitPath: string, limits: ExecLimits): string[] {
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  return [
    prlimitPath,
    `--nproc=${limits.maxProcesses}`,
    `--as=${limits.memoryBytes}`,
    `--cpu=${cpu}:${cpu + 1}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${OPEN_FILES_LIMIT}`,
    `--msgqueue=${MESSAGE_QUEUE_BYTES}`,
    "--core=0",
    "--",
  ];
}

/**
 * `setpriv` options (ending with `--`) that switch real and effective ids to
 * `user` and drop supplementary groups; leaving root also clears every
 * capability, which is what makes RLIMIT_NPROC bite.
 */
export function setprivArgs(setprivPath: string, user: SandboxUser): string[] {
  return [setprivPath, `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--"];
}

/**
 * `unshare` options (ending with `--`) that put bwrap in a pid namespace of
 * its own, as pid 1, inside a user namespace mapping the current user to
 * itself (so no privilege is needed). The reason is reaping: bwrap exits as
 * soon as its sandbox's init reports the exit status, before that init is
 * reaped, so every run would leave a zombie behind for the host's pid 1,
 * and where that is node (a container without an init) it is never reaped
 * and counts against the sandbox user's RLIMIT_NPROC forever. As pid 1 of
 * this namespace, bwrap's exit makes the kernel kill and reap everything
 * below it before `unshare` (our child) sees it end; `--kill-child` kills
 * bwrap if `unshare` dies first.
 */
export function reaperArgs(unsharePath: string): string[] {
  return [unsharePath, "--user", "--map-current-user", "--pid", "--fork", "--kill-child", "--"];
}

/**
 * Where the portal stage shows the workspace to the dropped wrappers: on a
 * tmpfs of the run's own mount namespace, so nothing is created on the host.
 */
export const PORTAL_PARENT = "/tmp";
export const WORKSPACE_PORTAL = "/tmp/boyd-workspace";

/**
 * `bwrap` options (ending with `--`) for the portal stage, which runs as
 * root just before the drop to the sandbox user. The sandboxing bwrap runs
 * as that user and looks its bind source up by path, so a workspace under
 * a directory the user cannot traverse (a 0700 `mktemp -d`, a private home)
 * could not be mounted; handing it an open descriptor does not help, since
 * bwrap resolves `/proc/self/fd/N` back to the path. So root, which can
 * reach the workspace, binds it onto {@link WORKSPACE_PORTAL} in a private
 * mount namespace, and the sandbox binds it from there to its real path.
 *
 * The stage keeps the host's view otherwise (`--dev-bind / /`); it confines
 * nothing and is no part of the boundary, which stays the second bwrap. Its
 * own pid namespace makes the sandbox chain the child of a pid 1, so killing
 * that child (the runner's stop) takes every process below it along, and
 * the kernel reaps them, as before the stage existed.
 */
export function portalArgs(bwrapPath: string, workspace: string): string[] {
  return [bwrapPath, "--dev-bind", "/", "/", "--tmpfs", PORTAL_PARENT, "--bind", workspace, WORKSPACE_PORTAL, "--unshare-pid", "--die-with-parent", "--"];
}

/** What the bwrap argument builder needs to know about one run. */
export interface BubblewrapSpec {
  readonly bwrapPath: string;
  readonly mounts: readonly SystemMount[];
  /** Real absolute path of the workspace root: the only writable host directory (none for a probe). */
  readonly workspace?: string;
  /** Where bwrap finds the workspace to bind, when not at its real path (see {@link portalArgs}). @default the workspace */
  readonly workspaceSource?: string;
  /** Absolute working directory inside the workspace. @default the workspace */
  readonly cwd?: string;
  /** The complete environment of the sandboxed program. */
  readonly env: Readonly<Record<string, string>>;
  /** Size of the sandbox's private /tmp (a tmpfs, i.e. memory). */
  readonly tmpSizeBytes: number;
  /** Size of the sandbox's /dev/shm (a tmpfs too). @default {@link DEFAULT_SHM_SIZE} */
  readonly shmSizeBytes?: number;
  /** Descriptor bwrap reads the sandbox's seccomp program from (see ipc-seccomp.ts); none: no filter. */
  readonly seccompFd?: number;
}

/** Size of /dev/shm inside the sandbox: enough for POSIX semaphores and small shared buffers. */
export const DEFAULT_SHM_SIZE = 16 * 1024 * 1024;

/**
 * `bwrap` options (ending with `--`) for one run:
 *
 * - `--unshare-all` gives new user, pid, net, ipc, uts and cgroup
 *   namespaces: the network namespace holds only its own loopback, so there
 *   is no route to the host's 127.0.0.1 or anywhere else; the IPC one
 *   (named again, since it is what keeps System V objects and POSIX
 *   message queues from reaching the host or another run, and frees them
 *   when the run ends) comes with a seccomp filter, `seccompFd`, that
 *   refuses creating System V objects at all (see ipc-seccomp.ts);
 * - `--disable-userns` stops the program from creating user namespaces of
 *   its own (a large kernel attack surface); `--cap-drop ALL` for the case
 *   where bwrap itself runs privileged;
 * - `--die-with-parent` plus the pid namespace: once bwrap dies, the kernel
 *   kills everything inside, so killing bwrap's process group kills the tree;
 * - `--new-session` blocks TIOCSTI injection into a controlling terminal;
 * - system directories read-only, a fresh /proc, a minimal /dev with a
 *   size-capped /dev/shm and a size-capped /tmp, then the workspace bound
 *   read-write so it wins over any of the above;
 * - every other writable place made read-only at the end: bwrap's root and
 *   its /dev are tmpfs without a size limit, i.e. memory the sandbox could
 *   fill unnoticed (half the host's RAM each). Only the capped tmpfs mounts
 *   and the workspace stay writable; the device nodes still work, since a
 *   read-only mount only freezes the directory, not I/O on the devices;
 * - `--clearenv` and the given variables only.
 */
export function bubblewrapArgs(spec: BubblewrapSpec): string[] {
  const args = [
    spec.bwrapPath,
    "--unshare-all",
    "--unshare-pid",
    "--unshare-user",
    "--unshare-ipc",
    "--disable-userns",
    "--cap-drop",
    "ALL",
    "--die-with-parent",
    "--new-session",
  ];
  for (const mount of spec.mounts) {
    if (mount.kind === "symlink") args.push("--symlink", mount.target, mount.path);
    else args.push("--ro-bind-try", mount.path, mount.path);
  }
  args.push("--proc", "/proc", "--dev", "/dev");
  args.push("--size", String(spec.shmSizeBytes ?? DEFAULT_SHM_SIZE), "--tmpfs", "/dev/shm");
  args.push("--size", String(spec.tmpSizeBytes), "--tmpfs", "/tmp");
  if (spec.workspace !== undefined) args.push("--bind", spec.workspaceSource ?? spec.workspace, spec.workspace, "--chdir", spec.cwd ?? spec.workspace);
  // Last, once every mount point exists: a remount only affects its own mount, so /dev/shm, /tmp and the workspace stay writable.
  args.push("--remount-ro", "/dev", "--remount-ro", "/");
  if (spec.seccompFd !== undefined) args.push("--seccomp", String(spec.seccompFd));
  args.push("--clearenv");
  for (const [name, value] of Object.entries(spec.env)) args.push("--setenv", name, value);
  args.push("--");
  return args;
}
