import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BashSession } from './bash-session';
import { carriedState, pathOutside } from './outside-command';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'gb-outside-')));
const ws = join(root, 'ws');
const tmp = join(root, 'tmp');
mkdirSync(join(ws, 'bin'), { recursive: true });
mkdirSync(tmp);
symlinkSync(join(ws, 'bin'), join(root, 'link-into-ws'));

describe('pathOutside', () => {
  it.each([
    ['/usr/bin:/bin', '/usr/bin:/bin'],
    [`${ws}/bin:/usr/bin`, '/usr/bin'],
    [`/usr/bin:${tmp}:${ws}`, '/usr/bin'],
    [`${join(root, 'link-into-ws')}:/bin`, '/bin'],
    ['.:bin:/usr/bin::', '/usr/bin'],
    [`${ws}-other/bin:/bin`, `${ws}-other/bin:/bin`],
  ])('%s → %s', (path, kept) => {
    expect(pathOutside(path, [ws, tmp])).toBe(kept);
  });
});

describe('carriedState', () => {
  const shell = new BashSession({ cwd: ws });
  afterAll(() => shell.dispose());

  it('carries cwd and exports (any value), drops code-loading variables, secrets and unexported ones', async () => {
    await shell.run(
      `cd bin && export PLAIN=yes MULTI=$'two\\nlines\\t=x' LD_PRELOAD=/x.so BASH_ENV=/x NODE_OPTIONS=--require=/x PYTHONPATH=/x GIT_CONFIG_GLOBAL=/x HOLDER=pre-SECRET-post && NOT_EXPORTED=1 && f() { :; }; export -f f`,
    );
    const s = await carriedState(shell, '/fallback', ['SECRET'], [ws]);
    expect(s.cwd).toBe(join(ws, 'bin'));
    expect(s.env.PLAIN).toBe('yes');
    expect(s.env.MULTI).toBe('two\nlines\t=x');
    for (const dropped of ['LD_PRELOAD', 'BASH_ENV', 'NODE_OPTIONS', 'PYTHONPATH', 'GIT_CONFIG_GLOBAL', 'HOLDER', 'NOT_EXPORTED', 'BASH_FUNC_f%%', 'PROMPT_COMMAND', 'GLASSBOX_BASH_INIT']) {
      expect(s.env, dropped).not.toHaveProperty([dropped]);
    }
    expect(s.env.PATH).toBeDefined();
  });
});
