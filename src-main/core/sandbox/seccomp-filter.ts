/**
 * The seccomp filter every confined process runs under (bubblewrap loads it with `--seccomp FD`
 * after it has set the sandbox up): a classic-BPF program, built here byte by byte, since
 * there is no compiler to link libseccomp into. It refuses the system calls that would undo the
 * sandbox or reach past it — mounts, new namespaces, ptrace, the kernel keyring, BPF, perf,
 * file handles, kernel modules, kexec — with EPERM, as Flatpak's and Codex's Linux sandboxes do.
 * Capabilities are dropped as well, so most of these would fail anyway; the filter is the second
 * wall, and the only one for what a user namespace hands back (a process inside one could
 * otherwise make a new user namespace and get every capability in it).
 */

/** A CPU architecture a filter can be built for (Node's `process.arch` names). */
export type SeccompArch = 'x64' | 'arm64';

/** One classic-BPF instruction (`struct sock_filter`). */
export interface BpfInstruction {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

// Classic-BPF opcodes (linux/bpf_common.h).
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const JSET_K = 0x45;
const RET_K = 0x06;

// Return values (linux/seccomp.h).
/** The call goes ahead. */
export const SECCOMP_RET_ALLOW = 0x7fff0000;
/** The call fails with the errno in the low 16 bits. */
export const SECCOMP_RET_ERRNO = 0x00050000;
/** The whole process is killed (a system call of another architecture's table). */
export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const EPERM = 1;
const ENOSYS = 38;

// Offsets in `struct seccomp_data`: nr, arch, instruction pointer, then args[6] (64-bit each;
// the low half first on these little-endian architectures).
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const argLow = (i: number): number => 16 + 8 * i;

/** AUDIT_ARCH_* values (linux/audit.h). */
export const AUDIT_ARCH: Record<SeccompArch, number> = { x64: 0xc000003e, arm64: 0xc00000b7 };

/** x32 system calls on x86_64 carry this bit; they go through the same numbers otherwise. */
const X32_SYSCALL_BIT = 0x40000000;

/** The namespace flags of clone() and unshare(): any of them is refused. */
export const CLONE_NAMESPACE_FLAGS = 0x00020000 /* NEWNS */ | 0x02000000 /* NEWCGROUP */ | 0x04000000 /* NEWUTS */ | 0x08000000 /* NEWIPC */ | 0x10000000 /* NEWUSER */ | 0x20000000 /* NEWPID */ | 0x40000000; /* NEWNET */
/** CLONE_NEWTIME: an unshare() flag only (in clone() the low byte is the exit signal). */
const CLONE_NEWTIME = 0x00000080;

/** ioctl requests that push input into a terminal or drive the console (the pty is Glassbox's). */
export const REFUSED_IOCTLS: Record<string, number> = { TIOCSTI: 0x5412, TIOCLINUX: 0x541c };

/** Why a system call is refused, by name (shown in docs and tests). */
export const REFUSED_SYSCALLS: Record<string, string> = {
  mount: 'mounts', umount2: 'mounts', pivot_root: 'mounts', chroot: 'mounts', open_tree: 'mounts', move_mount: 'mounts',
  fsopen: 'mounts', fsconfig: 'mounts', fsmount: 'mounts', fspick: 'mounts', mount_setattr: 'mounts',
  setns: 'namespaces',
  ptrace: 'other processes', process_vm_readv: 'other processes', process_vm_writev: 'other processes', pidfd_getfd: 'other processes',
  keyctl: 'kernel keyring', add_key: 'kernel keyring', request_key: 'kernel keyring',
  bpf: 'kernel programs', perf_event_open: 'kernel programs', userfaultfd: 'kernel programs',
  open_by_handle_at: 'file handles (open any file by inode)',
  kexec_load: 'kernel', kexec_file_load: 'kernel', init_module: 'kernel', finit_module: 'kernel', delete_module: 'kernel',
  reboot: 'system', swapon: 'system', swapoff: 'system', acct: 'system', quotactl: 'system', quotactl_fd: 'system', syslog: 'system',
  iopl: 'hardware', ioperm: 'hardware', uselib: 'obsolete', lookup_dcookie: 'obsolete',
};

/** System call numbers per architecture (x86_64: asm/unistd_64.h; arm64: asm-generic/unistd.h). */
export const SYSCALL_NUMBERS: Record<SeccompArch, Record<string, number>> = {
  x64: {
    ioctl: 16, clone: 56, ptrace: 101, syslog: 103, uselib: 134, pivot_root: 155, chroot: 161, acct: 163, mount: 165, umount2: 166,
    swapon: 167, swapoff: 168, reboot: 169, iopl: 172, ioperm: 173, init_module: 175, delete_module: 176, quotactl: 179,
    lookup_dcookie: 212, kexec_load: 246, add_key: 248, request_key: 249, keyctl: 250, unshare: 272, perf_event_open: 298,
    open_by_handle_at: 304, setns: 308, process_vm_readv: 310, process_vm_writev: 311, finit_module: 313, kexec_file_load: 320,
    bpf: 321, userfaultfd: 323, open_tree: 428, move_mount: 429, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433,
    clone3: 435, pidfd_getfd: 438, mount_setattr: 442, quotactl_fd: 443,
  },
  arm64: {
    lookup_dcookie: 18, ioctl: 29, umount2: 39, mount: 40, pivot_root: 41, chroot: 51, quotactl: 60, acct: 89, unshare: 97,
    kexec_load: 104, init_module: 105, delete_module: 106, syslog: 116, ptrace: 117, reboot: 142, add_key: 217, request_key: 218,
    keyctl: 219, clone: 220, swapon: 224, swapoff: 225, perf_event_open: 241, open_by_handle_at: 265, setns: 268,
    process_vm_readv: 270, process_vm_writev: 271, finit_module: 273, bpf: 280, userfaultfd: 282, kexec_file_load: 294,
    open_tree: 428, move_mount: 429, fsopen: 430, fsconfig: 431, fsmount: 432, fspick: 433, clone3: 435, pidfd_getfd: 438,
    mount_setattr: 442, quotactl_fd: 443,
  },
};

/** An instruction whose jump targets are labels, resolved when the program is laid out. */
type Step = { op: BpfInstruction; jt?: string; jf?: string } | { label: string };

/**
 * The filter program for `arch`:
 *   - a system call of another architecture (an i386 binary on x86_64) kills the process: its
 *     numbers mean other calls, so the table below would not hold;
 *   - x32 calls (x86_64) and every call in {@link REFUSED_SYSCALLS} fail with EPERM;
 *   - clone() and unshare() with a namespace flag fail with EPERM; clone3() with ENOSYS (its
 *     flags sit in memory a filter cannot read; the C library then falls back to clone());
 *   - ioctl TIOCSTI / TIOCLINUX fail with EPERM (compared on the low 32 bits, as the kernel does);
 *   - everything else is allowed.
 */
export function seccompProgram(arch: SeccompArch): BpfInstruction[] {
  const nr = SYSCALL_NUMBERS[arch];
  const ins = (code: number, k: number): BpfInstruction => ({ code, jt: 0, jf: 0, k: k >>> 0 });
  const steps: Step[] = [
    { op: ins(LD_W_ABS, OFFSET_ARCH) },
    { op: ins(JEQ_K, AUDIT_ARCH[arch]), jf: 'kill' },
    { op: ins(LD_W_ABS, OFFSET_NR) },
  ];
  if (arch === 'x64') steps.push({ op: ins(JGE_K, X32_SYSCALL_BIT), jt: 'eperm' });
  for (const name of Object.keys(REFUSED_SYSCALLS)) {
    const n = nr[name];
    if (n !== undefined) steps.push({ op: ins(JEQ_K, n), jt: 'eperm' });
  }
  steps.push(
    { op: ins(JEQ_K, nr.clone3!), jt: 'enosys' },
    { op: ins(JEQ_K, nr.clone!), jt: 'clone' },
    { op: ins(JEQ_K, nr.unshare!), jt: 'unshare' },
    { op: ins(JEQ_K, nr.ioctl!), jt: 'ioctl' },
    { op: ins(RET_K, SECCOMP_RET_ALLOW) },
    { label: 'clone' },
    { op: ins(LD_W_ABS, argLow(0)) },
    { op: ins(JSET_K, CLONE_NAMESPACE_FLAGS), jt: 'eperm' },
    { op: ins(RET_K, SECCOMP_RET_ALLOW) },
    { label: 'unshare' },
    { op: ins(LD_W_ABS, argLow(0)) },
    { op: ins(JSET_K, CLONE_NAMESPACE_FLAGS | CLONE_NEWTIME), jt: 'eperm' },
    { op: ins(RET_K, SECCOMP_RET_ALLOW) },
    { label: 'ioctl' },
    { op: ins(LD_W_ABS, argLow(1)) },
    ...Object.values(REFUSED_IOCTLS).map((req): Step => ({ op: ins(JEQ_K, req), jt: 'eperm' })),
    { op: ins(RET_K, SECCOMP_RET_ALLOW) },
    { label: 'eperm' },
    { op: ins(RET_K, SECCOMP_RET_ERRNO | EPERM) },
    { label: 'enosys' },
    { op: ins(RET_K, SECCOMP_RET_ERRNO | ENOSYS) },
    { label: 'kill' },
    { op: ins(RET_K, SECCOMP_RET_KILL_PROCESS) },
  );
  return layOut(steps);
}

/** Resolves labels to the 8-bit forward offsets classic BPF jumps take. */
function layOut(steps: Step[]): BpfInstruction[] {
  const at = new Map<string, number>();
  let n = 0;
  for (const s of steps) {
    if ('label' in s) at.set(s.label, n);
    else n++;
  }
  const out: BpfInstruction[] = [];
  for (const s of steps) {
    if ('label' in s) continue;
    const here = out.length;
    const offset = (label: string | undefined): number => {
      if (label === undefined) return 0;
      const target = at.get(label);
      if (target === undefined) throw new Error(`seccomp filter: no label ${label}`);
      const d = target - here - 1;
      if (d < 0 || d > 255) throw new Error(`seccomp filter: jump to ${label} out of range (${d})`);
      return d;
    };
    out.push({ ...s.op, jt: offset(s.jt), jf: offset(s.jf) });
  }
  return out;
}

/** The program as bytes (`struct sock_filter[]`, native little-endian), as `bwrap --seccomp` reads them. */
export function seccompFilterBytes(arch: SeccompArch): Buffer {
  const prog = seccompProgram(arch);
  const buf = Buffer.alloc(prog.length * 8);
  prog.forEach((p, i) => {
    buf.writeUInt16LE(p.code, i * 8);
    buf.writeUInt8(p.jt, i * 8 + 2);
    buf.writeUInt8(p.jf, i * 8 + 3);
    buf.writeUInt32LE(p.k >>> 0, i * 8 + 4);
  });
  return buf;
}

/** The architecture of this process as a filter target, or undefined where none is built. */
export function seccompArchOf(arch: string): SeccompArch | undefined {
  return arch === 'x64' || arch === 'arm64' ? arch : undefined;
}
