// @lane integration: real bwrap and bash
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { BashShell } from '../tools/bash/shell';
import { PythonInterpreter } from '../tools/python/interpreter';
import { Sandbox } from './sandbox';
import type { SandboxConfig } from './config';

// The session's private temp dir. Before, the host's temp dir (/tmp) was writable from the
// sandbox: in auto mode a command could delete anything other programs keep there, unasked.
// Now /tmp and $TMPDIR inside are the session's own folder, removed with the session; your own
// files in the machine's /tmp stay readable at their paths, read-only.
const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-sbxtmp-')));
const ws = join(root, 'ws');
const gbHome = join(root, 'gbhome');
const home = join(root, 'home');
for (const d of [ws, gbHome, home]) mkdirSync(d, { recursive: true });
// Files of "other programs" in the machine's /tmp itself (not under this test's folder).
const theirs = join('/tmp', `gb-other-program-${process.pid}.txt`);
const theirDir = join('/tmp', `gb-other-program-dir-${process.pid}`);
const strangers = join('/tmp', `gb-other-user-${process.pid}.txt`);
writeFileSync(theirs, 'theirs\n');
mkdirSync(join(theirDir, 'sub'), { recursive: true });
writeFileSync(join(theirDir, 'sub', 'f.txt'), 'deep\n');
const cleanup: Array<() => unknown> = [() => rmSync(theirs, { force: true }), () => rmSync(theirDir, { recursive: true, force: true }), () => rmSync(strangers, { force: true })];
const shells: BashShell[] = [];
afterAll(async () => {
  for (const s of shells) await s.dispose();
  for (const c of cleanup) c();
});

function sandboxWith(config: Partial<SandboxConfig> = {}): Sandbox {
  const s = new Sandbox({ config: { mode: 'workspace-write', network: false, writableRoots: [], ...config }, workspace: ws, glassboxHome: gbHome, env: process.env, userHome: home });
  cleanup.push(() => s.dispose());
  return s;
}
function shellIn(sandbox: Sandbox): BashShell {
  const s = new BashShell({ cwd: ws, env: { ...process.env, HOME: home }, sandbox });
  shells.push(s);
  return s;
}
function needsBwrap(ctx: TestContext, sandbox: Sandbox): void {
  const st = process.platform === 'linux' ? sandbox.status() : undefined;
  if (st?.active !== true || st.backend !== 'bwrap') ctx.skip(`the bubblewrap sandbox is not active here: ${st?.reason ?? process.platform}`);
}

describe('the private temp dir', () => {
  it("the policy's read-only /tmp entries are those the running shell was started with, not a fresh look at /tmp on every call", async (ctx) => {
    const sandbox = sandboxWith();
    needsBwrap(ctx, sandbox);
    const shell = shellIn(sandbox);
    await shell.run('true');
    expect(sandbox.state().readOnlyRoots).toContain(theirs);
    const later = join('/tmp', `gb-later-${process.pid}.txt`);
    writeFileSync(later, 'later\n');
    cleanup.push(() => rmSync(later, { force: true }));
    // Not shown to the shell that runs, so not a read-only root either (nor looked for per call).
    expect(sandbox.state().readOnlyRoots).not.toContain(later);
    expect((await shell.run(`test -e ${later}; echo $?`)).output).toBe('1');
    sandbox.wrap('true', [], ws);
    expect(sandbox.state().readOnlyRoots).toContain(later);
  });

  it('the machine’s /tmp: your files readable at their paths, not deletable or writable; /tmp and $TMPDIR are private', async (ctx) => {
    const sandbox = sandboxWith();
    needsBwrap(ctx, sandbox);
    const shell = shellIn(sandbox);
    expect(sandbox.state().writableRoots).toEqual(['/tmp']);
    expect((await shell.run(`cat ${theirs} ${theirDir}/sub/f.txt; echo "$TMPDIR"`)).output).toBe('theirs\ndeep\n/tmp');
    for (const attack of [`rm -f ${theirs}`, `rm -rf ${theirDir}`, `echo x >> ${theirs}`, `mv ${theirs} /tmp/moved`, `touch ${theirDir}/new`, `find /tmp -maxdepth 1 -name 'gb-other-program-*' -exec rm -rf {} +`]) {
      const r = await shell.run(`${attack} 2>&1`);
      expect(r.exitCode, `${attack}: ${r.output}`).not.toBe(0);
    }
    expect(readFileSync(theirs, 'utf8')).toBe('theirs\n');
    expect(readFileSync(join(theirDir, 'sub', 'f.txt'), 'utf8')).toBe('deep\n');
    expect(existsSync(join(theirDir, 'new'))).toBe(false);
    // The private one is writable at /tmp and through $TMPDIR, and lands in the session's folder, not in /tmp.
    const name = `gb-private-${process.pid}.txt`;
    const w = await shell.run(`echo mine > /tmp/${name} && mkdir -p "$TMPDIR/d" && echo deep > /tmp/d/x && cat "$TMPDIR/${name}" /tmp/d/x && rm /tmp/d/x`);
    expect(w).toMatchObject({ exitCode: 0, output: 'mine\ndeep' });
    expect(existsSync(join('/tmp', name))).toBe(false);
    const own = readdirSync(tmpdir()).filter((n) => n.startsWith('glassbox-sandbox-')).map((n) => join(tmpdir(), n, 'tmp', name)).filter((p) => existsSync(p));
    expect(own).toHaveLength(1);
    // Gone with the session.
    await shell.dispose();
    sandbox.dispose();
    expect(existsSync(own[0]!)).toBe(false);
  });

  it('Python of the same session shares it (tempfile, /tmp), so a file bash wrote there is seen', async (ctx) => {
    const sandbox = sandboxWith();
    needsBwrap(ctx, sandbox);
    const shell = shellIn(sandbox);
    await shell.run('echo from-bash > /tmp/shared.txt');
    const py = new PythonInterpreter({ cwd: ws, env: { ...process.env, HOME: home }, sandbox });
    try {
      const r = await py.execute(`import tempfile\nprint(tempfile.gettempdir(), open('/tmp/shared.txt').read().strip())\nopen(${JSON.stringify(theirs)}, 'a')`, { timeoutMs: 20_000 });
      expect(r.chunks.map((c) => c.data).join('')).toBe('/tmp from-bash\n');
      expect(r.error).toMatch(/Read-only file system/);
    } finally {
      await py.stop();
    }
  });

  it('another user’s file in /tmp is not shown at all (it could be swapped for a link before the mount)', async (ctx) => {
    const sandbox = sandboxWith();
    needsBwrap(ctx, sandbox);
    if (process.getuid?.() !== 0) ctx.skip('needs root to make a file owned by another user');
    writeFileSync(strangers, 'stranger\n');
    chownSync(strangers, 54321, 54321);
    const r = await shellIn(sandbox).run(`ls ${strangers} 2>&1; ls ${theirs}`);
    expect(r.output).toMatch(/No such file or directory\n\/tmp\/gb-other-program-/);
  });

  it('with /tmp in writableRoots, the machine’s /tmp is writable as you asked; $TMPDIR is still the private folder', async (ctx) => {
    const sandbox = sandboxWith({ writableRoots: ['/tmp'] });
    needsBwrap(ctx, sandbox);
    const shell = shellIn(sandbox);
    const victim = join('/tmp', `gb-allowed-${process.pid}.txt`);
    writeFileSync(victim, 'x');
    cleanup.push(() => rmSync(victim, { force: true }));
    const r = await shell.run(`rm ${victim} && echo t > "$TMPDIR/t" && echo "$TMPDIR"`);
    expect(r.exitCode, r.output).toBe(0);
    expect(existsSync(victim)).toBe(false);
    // The session's private folder, under this process's temporary folder (the test run's own).
    expect(r.output.startsWith(join(tmpdir(), 'glassbox-sandbox-')) && r.output.endsWith('/tmp'), r.output).toBe(true);
    expect(readFileSync(join(r.output, 't'), 'utf8')).toBe('t\n');
  });

  it('read-only mode: no temp dir is writable either', async (ctx) => {
    const sandbox = sandboxWith({ mode: 'read-only' });
    needsBwrap(ctx, sandbox);
    expect(sandbox.state().writableRoots).toEqual([]);
    expect((await shellIn(sandbox).run('touch /tmp/ro-x 2>&1')).exitCode).not.toBe(0);
  });
});
