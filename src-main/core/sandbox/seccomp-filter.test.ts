import { describe, expect, it } from 'vitest';
import {
  AUDIT_ARCH,
  CLONE_NAMESPACE_FLAGS,
  REFUSED_IOCTLS,
  REFUSED_SYSCALLS,
  SECCOMP_RET_ALLOW,
  SECCOMP_RET_ERRNO,
  SECCOMP_RET_KILL_PROCESS,
  SYSCALL_NUMBERS,
  seccompFilterBytes,
  seccompProgram,
  type BpfInstruction,
  type SeccompArch,
} from './seccomp-filter';

// The program is run here by a small classic-BPF interpreter over `struct seccomp_data`, the
// way the kernel runs it; the real kernel runs it in powers.test.ts.

interface Call {
  nr: number;
  arch: number;
  args?: bigint[];
}

function seccompData(c: Call): Buffer {
  const b = Buffer.alloc(64);
  b.writeInt32LE(c.nr, 0);
  b.writeUInt32LE(c.arch, 4);
  (c.args ?? []).forEach((a, i) => b.writeBigUInt64LE(a, 16 + 8 * i));
  return b;
}

/** Decodes the bytes bubblewrap gets and runs them; returns the filter's verdict. */
function run(bytes: Buffer, c: Call): number {
  const prog: BpfInstruction[] = [];
  for (let i = 0; i < bytes.length; i += 8) prog.push({ code: bytes.readUInt16LE(i), jt: bytes[i + 2]!, jf: bytes[i + 3]!, k: bytes.readUInt32LE(i + 4) });
  const data = seccompData(c);
  let acc = 0;
  for (let pc = 0; pc < prog.length; pc++) {
    const p = prog[pc]!;
    switch (p.code) {
      case 0x20: // ld [k]
        acc = data.readUInt32LE(p.k);
        break;
      case 0x15: // jeq #k
        pc += acc === p.k ? p.jt : p.jf;
        break;
      case 0x35: // jge #k
        pc += acc >= p.k ? p.jt : p.jf;
        break;
      case 0x45: // jset #k
        pc += (acc & p.k) !== 0 ? p.jt : p.jf;
        break;
      case 0x06: // ret #k
        return p.k >>> 0;
      default:
        throw new Error(`unknown opcode ${p.code.toString(16)} at ${pc}`);
    }
  }
  throw new Error('fell off the end of the program');
}

const EPERM = (SECCOMP_RET_ERRNO | 1) >>> 0;
const ENOSYS = (SECCOMP_RET_ERRNO | 38) >>> 0;
const ARCHES: SeccompArch[] = ['x64', 'arm64'];

describe.each(ARCHES)('the seccomp filter for %s', (arch) => {
  const bytes = seccompFilterBytes(arch);
  const nr = SYSCALL_NUMBERS[arch];
  const call = (name: string, args: bigint[] = []): number => run(bytes, { nr: nr[name]!, arch: AUDIT_ARCH[arch], args });

  it('is 8 bytes per instruction, every jump lands inside, every path returns', () => {
    const prog = seccompProgram(arch);
    expect(bytes.length).toBe(prog.length * 8);
    prog.forEach((p, i) => {
      if (p.code === 0x15 || p.code === 0x35 || p.code === 0x45) {
        expect(i + 1 + p.jt).toBeLessThan(prog.length);
        expect(i + 1 + p.jf).toBeLessThan(prog.length);
      }
    });
    expect(prog.at(-1)!.code).toBe(0x06);
  });

  it.each(Object.keys(REFUSED_SYSCALLS).filter((n) => SYSCALL_NUMBERS[arch][n] !== undefined))('refuses %s with EPERM', (name) => {
    expect(call(name)).toBe(EPERM);
  });

  it.each([
    ['read', { x64: 0, arm64: 63 }],
    ['write', { x64: 1, arm64: 64 }],
    ['openat', { x64: 257, arm64: 56 }],
    ['execve', { x64: 59, arm64: 221 }],
    ['unlinkat', { x64: 263, arm64: 35 }],
    ['renameat2', { x64: 316, arm64: 276 }],
    ['socket', { x64: 41, arm64: 198 }],
    ['prctl', { x64: 157, arm64: 167 }],
  ] as const)('allows %s', (_name, numbers) => {
    expect(run(bytes, { nr: numbers[arch], arch: AUDIT_ARCH[arch] })).toBe(SECCOMP_RET_ALLOW);
  });

  it('clone: threads and fork go ahead; any namespace flag is refused', () => {
    // What glibc's pthread_create and fork pass.
    expect(call('clone', [0x3d0f00n])).toBe(SECCOMP_RET_ALLOW);
    expect(call('clone', [0x01200011n])).toBe(SECCOMP_RET_ALLOW);
    for (let bit = 0; bit < 32; bit++) {
      const flag = 1 << bit;
      if ((CLONE_NAMESPACE_FLAGS & flag) === 0) continue;
      expect(call('clone', [BigInt(flag >>> 0) | 0x11n]), `flag ${flag.toString(16)}`).toBe(EPERM);
    }
    expect(call('clone', [0x10000000n | 0xffffffff00000000n])).toBe(EPERM);
  });

  it('unshare: of a namespace (time too) refused; of files or fs state allowed', () => {
    expect(call('unshare', [0x10000000n])).toBe(EPERM);
    expect(call('unshare', [0x00020000n])).toBe(EPERM);
    expect(call('unshare', [0x80n])).toBe(EPERM);
    expect(call('unshare', [0x00000400n /* CLONE_FILES */])).toBe(SECCOMP_RET_ALLOW);
  });

  it('clone3 answers ENOSYS so the C library falls back to clone, which is checked', () => {
    expect(call('clone3')).toBe(ENOSYS);
  });

  it('ioctl: TIOCSTI and TIOCLINUX refused, also with high bits set; other requests allowed', () => {
    for (const req of Object.values(REFUSED_IOCTLS)) {
      expect(call('ioctl', [0n, BigInt(req)])).toBe(EPERM);
      expect(call('ioctl', [0n, BigInt(req) | 0x100000000n])).toBe(EPERM);
    }
    expect(call('ioctl', [0n, 0x5413n /* TIOCGWINSZ */])).toBe(SECCOMP_RET_ALLOW);
  });

  it('a system call of another architecture kills the process', () => {
    expect(run(bytes, { nr: 0, arch: 0x40000003 /* i386 */ })).toBe(SECCOMP_RET_KILL_PROCESS);
    const other = arch === 'x64' ? 'arm64' : 'x64';
    expect(run(bytes, { nr: SYSCALL_NUMBERS[other].mount!, arch: AUDIT_ARCH[other] })).toBe(SECCOMP_RET_KILL_PROCESS);
  });
});

describe('x86_64 specifics', () => {
  it('x32 system calls are refused (the same numbers with bit 30 set)', () => {
    const bytes = seccompFilterBytes('x64');
    expect(run(bytes, { nr: 0x40000000 | 1, arch: AUDIT_ARCH.x64 })).toBe(EPERM);
    expect(run(bytes, { nr: 0x40000000 | 165, arch: AUDIT_ARCH.x64 })).toBe(EPERM);
  });
});
