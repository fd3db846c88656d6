import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, runSubcommand, workspaceOf } from './args';
import { UsageError, type CliIO } from './io';

function io(cwd = process.cwd()): CliIO & { out: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (d: Buffer) => (text += d.toString()));
  return { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd, out: () => text };
}

describe('cli args', () => {
  it('dispatches to the named subcommand with the rest of argv', async () => {
    const seen: string[][] = [];
    const code = await runSubcommand(['call', 'x', '--json'], io(), 'USAGE', { call: async (rest) => (seen.push(rest), 7) });
    expect(code).toBe(7);
    expect(seen).toEqual([['x', '--json']]);
  });

  it('prints usage for --help and refuses missing, unknown and prototype subcommands', async () => {
    const i = io();
    expect(await runSubcommand(['--help'], i, 'THE USAGE', {})).toBe(0);
    expect(i.out()).toContain('THE USAGE');
    expect(() => runSubcommand([], io(), 'U', { list: async () => 0 })).toThrow(/missing subcommand/);
    expect(() => runSubcommand(['nope'], io(), 'U', { list: async () => 0 })).toThrow(/unknown subcommand 'nope'/);
    expect(() => runSubcommand(['constructor'], io(), 'U', {})).toThrow(UsageError);
  });

  it('turns parse errors into usage errors that show the usage', () => {
    expect(() => parseCliArgs({ args: ['--bogus'], options: {}, strict: true }, 'THE USAGE')).toThrow(/bogus[\s\S]*THE USAGE/);
  });

  it('resolves --workspace against the cwd and refuses what is not a folder', () => {
    const base = mkdtempSync(join(tmpdir(), 'gb-args-'));
    writeFileSync(join(base, 'file'), '');
    expect(workspaceOf(undefined, io(base))).toBe(base);
    expect(workspaceOf('.', io(base))).toBe(base);
    expect(() => workspaceOf('file', io(base))).toThrow(/is not a directory/);
    expect(() => workspaceOf('missing', io(base))).toThrow(/is not a directory/);
  });
});
