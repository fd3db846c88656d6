// @lane integration: real bwrap, bash and Python
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { BashShell } from '../tools/bash/shell';
import { findExecutable } from './probe';
import { Sandbox } from './sandbox';
import { REFUSED_SYSCALLS, SYSCALL_NUMBERS, seccompArchOf } from './seccomp-filter';

// Real bubblewrap, the real kernel, run as whoever runs the tests (root in CI and here): the
// confined shell holds no capability and cannot mount, unmount, make namespaces or trace.
// Before, root kept every capability inside (CapEff 000001fffeffffff): `mount -o remount,rw /`
// let any write out and `umount "$GLASSBOX_HOME"` uncovered the keys.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-powers-')));
const ws = join(root, 'ws');
const outside = join(root, 'outside');
const gbHome = join(root, 'gbhome');
const home = join(root, 'home');
const tmp = join(root, 'tmp');
for (const d of [ws, outside, gbHome, home, tmp]) mkdirSync(d, { recursive: true });
writeFileSync(join(gbHome, 'config.json'), '{"llm":{"apiKey":"FAKE-POWERS-KEY"}}\n');
writeFileSync(join(outside, 'keep.txt'), 'keep\n');

const sandbox = new Sandbox({
  config: { mode: 'workspace-write', network: false, writableRoots: [] },
  workspace: ws,
  glassboxHome: gbHome,
  env: process.env,
  userHome: home,
  tmpDir: tmp,
});
const status = process.platform === 'linux' ? sandbox.status() : undefined;
const active = status?.active === true && status.backend === 'bwrap';
let shell: BashShell;

/** Skips (with the reason) where no bubblewrap sandbox is active. */
function needsSandbox(ctx: TestContext): void {
  if (!active) ctx.skip(`the bubblewrap sandbox is not active here: ${status?.reason ?? process.platform}`);
}

beforeAll(() => {
  if (active) shell = new BashShell({ cwd: ws, env: { ...process.env, HOME: home }, sandbox });
});
afterAll(async () => {
  await shell?.dispose();
  sandbox.dispose();
});

describe('the confined shell has no powers', () => {
  it('holds no capability, cannot gain one (no_new_privs) and runs under the seccomp filter', async (ctx) => {
    needsSandbox(ctx);
    const r = await shell.run("grep -E '^(CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs|Seccomp):' /proc/self/status");
    const fields = Object.fromEntries(r.output.split('\n').map((l) => l.split(/:\s+/) as [string, string]));
    expect(fields).toMatchObject({ CapInh: '0000000000000000', CapPrm: '0000000000000000', CapEff: '0000000000000000', CapBnd: '0000000000000000', CapAmb: '0000000000000000', NoNewPrivs: '1' });
    if (seccompArchOf(process.arch)) expect(fields.Seccomp).toBe('2');
  });

  it('capsh --print shows empty current and bounding sets', async (ctx) => {
    needsSandbox(ctx);
    if (!findExecutable('capsh', process.env)) ctx.skip('capsh is not installed (Debian: libcap2-bin)');
    const r = await shell.run('capsh --print');
    expect(r.output).toMatch(/^Current: =\s*$/m);
    expect(r.output).toMatch(/^Bounding set =\s*$/m);
    expect(r.output).toMatch(/no-new-privs=1/);
  });

  it.for([
    ['remount the root read-write, then write outside', `mount -o remount,bind,rw / && echo x > ${outside}/escaped`],
    ['remount the workspace parent', `mount -o remount,rw ${root} && echo x > ${outside}/escaped`],
    ['mount a tmpfs', 'mount -t tmpfs none /mnt && echo mounted'],
    ['bind-mount over a folder', `mount --bind ${ws} ${outside} && echo mounted`],
    ['unmount the hidden $GLASSBOX_HOME, then read the keys', `umount ${gbHome}; cat ${gbHome}/config.json`],
    ['lazy-unmount it', `umount -l ${gbHome}; cat ${gbHome}/config.json`],
    ['a new mount namespace', 'unshare -m true && echo made'],
    ['a new user namespace', 'unshare -U true && echo made'],
    ['a new user namespace as root in it', 'unshare -Ur sh -c "mount -t tmpfs none /mnt && echo mounted"'],
    ['a new net namespace', 'unshare -n true && echo made'],
    ['enter the first process’s namespaces', 'nsenter -t 1 -m -U true && echo entered'],
    ['chroot', 'chroot / true && echo chrooted'],
  ] as const)('refuses to %s', async ([, command], ctx) => {
    needsSandbox(ctx);
    const r = await shell.run(`${command} 2>&1`);
    expect(r.exitCode, r.output).not.toBe(0);
    expect(r.output).not.toMatch(/mounted|made|entered|chrooted|FAKE-POWERS-KEY/);
    expect(existsSync(join(outside, 'escaped'))).toBe(false);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
    // Still confined afterwards.
    expect((await shell.run(`touch ${outside}/after 2>&1`)).exitCode).not.toBe(0);
    expect(existsSync(join(outside, 'after'))).toBe(false);
  });

  it('writing through /proc/self/fd of a read-only file fails too', async (ctx) => {
    needsSandbox(ctx);
    const r = await shell.run(`exec 7<${outside}/keep.txt; echo x > /proc/self/fd/7; s=$?; exec 7<&-; exit_code=$s; (exit $s)`);
    expect(r.exitCode).not.toBe(0);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('keep\n');
  });

  it('each refused system call fails with EPERM (called directly, zero arguments)', async (ctx) => {
    needsSandbox(ctx);
    const arch = seccompArchOf(process.arch);
    if (!arch) ctx.skip(`no seccomp filter is built for ${process.arch}`);
    const table = SYSCALL_NUMBERS[arch!];
    const names = Object.keys(REFUSED_SYSCALLS).filter((n) => table[n] !== undefined && n !== 'reboot');
    const py = [
      'import ctypes, os',
      'libc = ctypes.CDLL(None, use_errno=True)',
      'libc.syscall.restype = ctypes.c_long',
      `for name, nr in ${JSON.stringify(names.map((n) => [n, table[n]]))}:`,
      '    r = libc.syscall(ctypes.c_long(nr), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0), ctypes.c_long(0))',
      '    print(name, r, os.strerror(ctypes.get_errno()) if r < 0 else "ok")',
      // unshare / clone with CLONE_NEWUSER, setns on our own namespace file, ptrace of our parent.
      `print("unshare", libc.syscall(${table.unshare}, 0x10000000), os.strerror(ctypes.get_errno()))`,
      `fd = os.open("/proc/self/ns/mnt", os.O_RDONLY); print("setns-own", libc.syscall(${table.setns}, fd, 0), os.strerror(ctypes.get_errno()))`,
      `print("ptrace-parent", libc.syscall(${table.ptrace}, 16, os.getppid(), 0, 0), os.strerror(ctypes.get_errno()))`,
    ].join('\n');
    writeFileSync(join(ws, 'calls.py'), py);
    const r = await shell.run('python3 calls.py');
    expect(r.exitCode, r.output).toBe(0);
    const lines = r.output.split('\n');
    expect(lines).toHaveLength(names.length + 3);
    for (const line of lines) expect(line, line).toMatch(/ -1 Operation not permitted$/);
  });

  it('an ordinary life still works: fork, threads, pipes, writes in the workspace', async (ctx) => {
    needsSandbox(ctx);
    const r = await shell.run('python3 -c "import threading, subprocess; t = threading.Thread(target=print, args=(\'thread\',)); t.start(); t.join(); print(subprocess.run([\'echo\', \'child\'], capture_output=True, text=True).stdout.strip())" && echo ok > w.txt && cat w.txt | tr a-z A-Z');
    expect(r).toMatchObject({ exitCode: 0, output: 'thread\nchild\nOK' });
  });
});
