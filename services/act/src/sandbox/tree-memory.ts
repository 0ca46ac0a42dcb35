import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";

/**
 * Resident memory of a whole process tree, read from /proc. The sandbox's
 * RLIMIT_AS bounds each process, not a run: six processes under the limit
 * each still add up to six times it. cgroups would bound the run in the
 * kernel, but the service cannot count on a writable cgroup v2 hierarchy
 * (containers usually mount it read-only, or only v1), so the runner
 * samples the tree instead and kills it past its budget.
 */

/** Every thread's children of `pid` (a child forked by a thread is listed under that thread only). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const task of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ")) {
        if (child.trim() !== "") out.push(Number(child));
      }
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

/** Resident bytes of one process (0 once it is gone, or for a zombie). VmRSS is in kB whatever the page size. */
function residentBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Adds the bytes of every memfd `pid` holds open to `files` (by device and
 * inode, so a memfd shared by several processes counts once). A memfd is
 * a file in memory on no mount of the sandbox, so no tmpfs size caps it,
 * and until it is mapped it is not resident in any process either: a run
 * could write gigabytes into a few of them unseen.
 */
function addMemfds(pid: number, files: Map<string, number>): void {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return;
  }
  for (const fd of fds) {
    const path = `/proc/${pid}/fd/${fd}`;
    try {
      if (!readlinkSync(path).startsWith("/memfd:")) continue;
      const stat = statSync(path);
      files.set(`${stat.dev}:${stat.ino}`, stat.size);
    } catch {
      // Closed meanwhile.
    }
  }
}

/**
 * Sum of the resident memory of `root` and all its descendants. Memory
 * shared between processes (libraries, copy-on-write pages after fork) is
 * counted once per process, so the sum errs on the high side, which is the
 * safe side for a limit. Memfds held open by the tree count too.
 */
export function treeResidentBytes(root: number): number {
  let total = 0;
  const memfds = new Map<string, number>();
  const seen = new Set<number>();
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += residentBytes(pid);
    addMemfds(pid, memfds);
    queue.push(...childrenOf(pid));
  }
  for (const size of memfds.values()) total += size;
  return total;
}
