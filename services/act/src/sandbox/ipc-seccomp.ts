/**
 * The seccomp program bwrap installs in the sandbox (`--seccomp FD`): it
 * makes the System V IPC constructors (shmget, msgget, semget) fail with
 * EPERM. Their objects are kernel memory on no mount and, once detached,
 * resident in no process, so neither the tmpfs caps nor the whole-run
 * watchdog can count them: one run could hold gigabytes of shared memory,
 * message queues or semaphore sets (issue 17). The sandbox's own IPC
 * namespace (bwrap `--unshare-ipc`) would free them when the run ends, but
 * only then; its shm sysctls could cap them, but they can only be set from
 * inside that namespace with privileges bwrap drops. Refusing the three
 * constructors leaves nothing to attach, send to or operate on, while POSIX
 * shared memory and semaphores (files under the capped /dev/shm) keep
 * working. POSIX message queues stay allowed: RLIMIT_MSGQUEUE bounds them.
 *
 * Classic BPF, assembled here rather than through libseccomp, which would
 * be a native dependency for twenty instructions.
 */

/** One classic BPF instruction (struct sock_filter). */
export interface BpfInstruction {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

// Opcodes (linux/bpf_common.h) and seccomp constants (linux/seccomp.h, linux/audit.h).
export const BPF_LD_W_ABS = 0x20;
export const BPF_ALU_AND_K = 0x54;
export const BPF_JEQ_K = 0x15;
export const BPF_RET_K = 0x06;
export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
const EPERM = 1;
/** Offsets in struct seccomp_data. */
const NR_OFFSET = 0;
const ARCH_OFFSET = 4;

export const AUDIT_ARCH_X86_64 = 0xc000003e;
export const AUDIT_ARCH_I386 = 0x40000003;
export const AUDIT_ARCH_AARCH64 = 0xc00000b7;
/** x32 system calls come in as x86_64 with this bit set in the number. */
export const X32_SYSCALL_BIT = 0x40000000;

/** The calls to refuse under one audit architecture. */
interface ArchRule {
  readonly arch: number;
  /** Cleared from the number before comparing (x32's bit), so an ABI variant cannot slip past. */
  readonly clearBits?: number;
  readonly denied: readonly number[];
}

/**
 * Per Node architecture: the native ABI first, then the compat ABIs the
 * kernel also accepts from a process there (a 32-bit binary in the sandbox
 * must not get around the rule). On i386, System V IPC also goes through
 * the `ipc` multiplexer, refused whole.
 */
const RULES: Readonly<Record<string, readonly ArchRule[]>> = {
  x64: [
    { arch: AUDIT_ARCH_X86_64, clearBits: X32_SYSCALL_BIT, denied: [29 /* shmget */, 68 /* msgget */, 64 /* semget */] },
    { arch: AUDIT_ARCH_I386, denied: [117 /* ipc */, 395 /* shmget */, 399 /* msgget */, 393 /* semget */] },
  ],
  arm64: [{ arch: AUDIT_ARCH_AARCH64, denied: [194 /* shmget */, 186 /* msgget */, 190 /* semget */] }],
};

const DENY = "deny";
type Jump = number | typeof DENY;
interface Draft {
  readonly code: number;
  readonly k: number;
  readonly jt?: Jump;
  readonly jf?: Jump;
}

function statement(code: number, k: number): Draft {
  return { code, k };
}

/** The instructions for one architecture: if it is the caller's, return ERRNO for a denied call and ALLOW for any other. */
function archBlock(rule: ArchRule): Draft[] {
  const body: Draft[] = [statement(BPF_LD_W_ABS, NR_OFFSET)];
  if (rule.clearBits !== undefined) body.push(statement(BPF_ALU_AND_K, ~rule.clearBits >>> 0));
  for (const nr of rule.denied) body.push({ code: BPF_JEQ_K, k: nr, jt: DENY, jf: 0 });
  body.push(statement(BPF_RET_K, SECCOMP_RET_ALLOW));
  // Not this architecture: skip the body to the next block.
  return [statement(BPF_LD_W_ABS, ARCH_OFFSET), { code: BPF_JEQ_K, k: rule.arch, jt: 0, jf: body.length }, ...body];
}

/** Jumps are relative to the next instruction; DENY is the last one. */
function resolve(drafts: readonly Draft[]): BpfInstruction[] {
  const deny = drafts.length - 1;
  const offset = (jump: Jump | undefined, at: number) => (jump === DENY ? deny - at - 1 : (jump ?? 0));
  return drafts.map((draft, at) => {
    const jt = offset(draft.jt, at);
    const jf = offset(draft.jf, at);
    if (jt > 255 || jf > 255) throw new Error("seccomp program too long for an 8-bit jump");
    return { code: draft.code, jt, jf, k: draft.k >>> 0 };
  });
}

/**
 * The filter for the given Node architecture (`process.arch`), as
 * instructions. An architecture the table does not know is an error: a
 * sandbox without the rule would be weaker than documented. A call from an
 * ABI the table does not list kills the process.
 */
export function ipcSeccompInstructions(nodeArch: string = process.arch): BpfInstruction[] {
  const rules = RULES[nodeArch];
  if (rules === undefined) throw new Error(`no seccomp rules for the architecture ${nodeArch}: the sandbox cannot refuse System V IPC there`);
  return resolve([...rules.flatMap(archBlock), statement(BPF_RET_K, SECCOMP_RET_KILL_PROCESS), statement(BPF_RET_K, SECCOMP_RET_ERRNO | EPERM)]);
}

/** The filter as the bytes bwrap reads from its `--seccomp` descriptor: struct sock_filter[], native (little) endian. */
export function ipcSeccompProgram(nodeArch: string = process.arch): Buffer {
  const instructions = ipcSeccompInstructions(nodeArch);
  const bytes = Buffer.alloc(instructions.length * 8);
  instructions.forEach((insn, i) => {
    bytes.writeUInt16LE(insn.code, i * 8);
    bytes.writeUInt8(insn.jt, i * 8 + 2);
    bytes.writeUInt8(insn.jf, i * 8 + 3);
    bytes.writeUInt32LE(insn.k, i * 8 + 4);
  });
  return bytes;
}
