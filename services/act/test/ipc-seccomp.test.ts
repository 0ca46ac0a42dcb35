import { describe, expect, it } from "vitest";
import { bubblewrapArgs, MESSAGE_QUEUE_BYTES, prlimitArgs, DEFAULT_EXEC_LIMITS } from "../src/sandbox/bubblewrap-args.js";
import {
  AUDIT_ARCH_AARCH64,
  AUDIT_ARCH_I386,
  AUDIT_ARCH_X86_64,
  BPF_ALU_AND_K,
  BPF_JEQ_K,
  BPF_LD_W_ABS,
  BPF_RET_K,
  type BpfInstruction,
  ipcSeccompInstructions,
  ipcSeccompProgram,
  SECCOMP_RET_ALLOW,
  SECCOMP_RET_ERRNO,
  SECCOMP_RET_KILL_PROCESS,
  X32_SYSCALL_BIT,
} from "../src/sandbox/ipc-seccomp.js";

/**
 * Runs a classic BPF program the way the kernel does for seccomp, over the
 * two words of struct seccomp_data the filter reads (nr at 0, arch at 4),
 * for the opcodes the builder emits. Anything else fails the test, so a
 * builder change cannot slip an instruction past this check.
 */
function evaluate(program: readonly BpfInstruction[], arch: number, nr: number): number {
  let acc = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const insn = program[pc]!;
    switch (insn.code) {
      case BPF_LD_W_ABS:
        if (insn.k !== 0 && insn.k !== 4) throw new Error(`load from offset ${insn.k}`);
        acc = insn.k === 0 ? nr : arch;
        break;
      case BPF_ALU_AND_K:
        acc = (acc & insn.k) >>> 0;
        break;
      case BPF_JEQ_K:
        pc += acc === insn.k ? insn.jt : insn.jf;
        break;
      case BPF_RET_K:
        return insn.k;
      default:
        throw new Error(`unexpected opcode ${insn.code}`);
    }
  }
  throw new Error("fell off the end of the program");
}

const EPERM = SECCOMP_RET_ERRNO | 1;

describe("ipc seccomp filter - the program bwrap installs", () => {
  const x64 = ipcSeccompInstructions("x64");

  it("seccomp - x86_64: shmget, msgget and semget fail with EPERM, their x32 twins too", () => {
    for (const nr of [29, 68, 64]) {
      expect(evaluate(x64, AUDIT_ARCH_X86_64, nr)).toBe(EPERM);
      expect(evaluate(x64, AUDIT_ARCH_X86_64, (nr | X32_SYSCALL_BIT) >>> 0)).toBe(EPERM);
    }
  });

  it("seccomp - x86_64: everything else is allowed, shmat and mq_open included", () => {
    for (const nr of [0 /* read */, 1 /* write */, 9 /* mmap */, 30 /* shmat */, 56 /* clone */, 59 /* execve */, 240 /* mq_open */, 319 /* memfd_create */]) {
      expect(evaluate(x64, AUDIT_ARCH_X86_64, nr)).toBe(SECCOMP_RET_ALLOW);
    }
  });

  it("seccomp - a 32-bit program cannot go around it: i386's ipc multiplexer and direct calls fail too", () => {
    for (const nr of [117, 395, 399, 393]) expect(evaluate(x64, AUDIT_ARCH_I386, nr)).toBe(EPERM);
    expect(evaluate(x64, AUDIT_ARCH_I386, 3 /* read */)).toBe(SECCOMP_RET_ALLOW);
  });

  it("seccomp - an ABI the table does not know kills the process", () => {
    expect(evaluate(x64, AUDIT_ARCH_AARCH64, 194)).toBe(SECCOMP_RET_KILL_PROCESS);
  });

  it("seccomp - aarch64 has its own numbers", () => {
    const arm = ipcSeccompInstructions("arm64");
    for (const nr of [194, 186, 190]) expect(evaluate(arm, AUDIT_ARCH_AARCH64, nr)).toBe(EPERM);
    expect(evaluate(arm, AUDIT_ARCH_AARCH64, 29)).toBe(SECCOMP_RET_ALLOW);
    expect(evaluate(arm, AUDIT_ARCH_X86_64, 29)).toBe(SECCOMP_RET_KILL_PROCESS);
  });

  it("seccomp - an unknown architecture is an error naming it, not a sandbox without the rule", () => {
    expect(() => ipcSeccompInstructions("riscv64")).toThrow(/no seccomp rules for the architecture riscv64/);
  });

  it("seccomp - the bytes are struct sock_filter[]: 8 bytes per instruction, little endian", () => {
    const bytes = ipcSeccompProgram("x64");
    expect(bytes.length).toBe(x64.length * 8);
    const last = x64.at(-1)!;
    expect(bytes.readUInt16LE(bytes.length - 8)).toBe(last.code);
    expect(bytes.readUInt32LE(bytes.length - 4)).toBe(last.k);
  });
});

describe("ipc confinement - the wrappers' arguments", () => {
  const base = { bwrapPath: "/usr/bin/bwrap", mounts: [], env: {}, tmpSizeBytes: 1024 };

  it("args - bwrap gets its own IPC namespace and, when given, the filter's descriptor", () => {
    const args = bubblewrapArgs({ ...base, seccompFd: 3 });
    expect(args).toContain("--unshare-ipc");
    expect(args.slice(args.indexOf("--seccomp"), args.indexOf("--seccomp") + 2)).toEqual(["--seccomp", "3"]);
    expect(args.indexOf("--seccomp")).toBeLessThan(args.indexOf("--"));
    expect(bubblewrapArgs(base)).not.toContain("--seccomp");
  });

  it("args - prlimit sets the POSIX message queue budget explicitly", () => {
    expect(prlimitArgs("/usr/bin/prlimit", DEFAULT_EXEC_LIMITS)).toContain(`--msgqueue=${MESSAGE_QUEUE_BYTES}`);
  });
});
