import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { updateConfigFile } from './config';
import { glassboxPaths } from './paths';
import { TraceWriter } from '../session/trace-writer';

const mode = (p: string): number => statSync(p).mode & 0o777;

describe('a fresh $GLASSBOX_HOME is private to the user', () => {
  it('home and its folders are 0700, config.json and session files 0600', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'gb-perm-')), 'home');
    const paths = glassboxPaths({ GLASSBOX_HOME: home });
    for (const dir of [paths.home, paths.sessions, paths.extensions, paths.state]) expect(mode(dir)).toBe(0o700);
    updateConfigFile(paths.config, (c) => ({ ...c, llm: { model: 'm' } }));
    expect(mode(paths.config)).toBe(0o600);
    const file = join(paths.sessions, 's1.jsonl');
    const w = new TraceWriter(file);
    w.write({ seq: 1, ts: 1, session: 's1', type: 'agent_start', task: 't' } as never);
    w.flush();
    w.close();
    expect(mode(file)).toBe(0o600);
  });

  it('an existing home readable by others is made 0700, its config.json 0600', () => {
    const home = join(mkdtempSync(join(tmpdir(), 'gb-perm-')), 'home');
    mkdirSync(home, { mode: 0o755 });
    chmodSync(home, 0o755);
    writeFileSync(join(home, 'config.json'), '{}', { mode: 0o644 });
    chmodSync(join(home, 'config.json'), 0o644);
    glassboxPaths({ GLASSBOX_HOME: home });
    expect(mode(home)).toBe(0o700);
    expect(mode(join(home, 'config.json'))).toBe(0o600);
  });
});
