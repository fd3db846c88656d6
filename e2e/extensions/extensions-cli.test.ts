import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROOT, runGlassbox, tempGlassbox } from '../helpers/cli';

/**
 * Extensions through the real, built CLI (bin/glassbox.mjs → out/main/cli.js): each test has
 * its own $GLASSBOX_HOME and workspace. `npm test` builds first. Timeouts are generous: each
 * CLI start takes seconds on a loaded machine and a test makes several.
 */
let t: ReturnType<typeof tempGlassbox>;

beforeEach(() => {
  t = tempGlassbox();
  mkdirSync(t.workspace, { recursive: true });
});

function glassbox(args: string[]) {
  return runGlassbox(args, { env: t.env, cwd: t.workspace, timeoutMs: 90_000 });
}

function write(root: string, rel: string, text: string): void {
  const file = join(root, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const homeExt = () => join(t.home, 'extensions');
const wsExt = () => join(t.workspace, '.glassbox', 'extensions');

interface Listed {
  name: string;
  version: string;
  folder: string;
  origin: string;
  status: string;
  reason?: string;
  tools: string[];
  rejectedTools: { name: string; keptBy: string }[];
  hooks: { before: number; after: number };
  subscriptions: string[];
}

/** A user extension (ESM, no manifest) and a workspace one (CommonJS class, plugin.yaml). */
function installTwo(): void {
  write(
    homeExt(),
    'greeter/extension.mjs',
    `export default {
  onLoad(api) {
    api.registerTool({
      name: 'greet',
      description: 'Greets someone by name.',
      inputSchema: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
      execute: ({ who }) => (api.config.greeting ?? 'Hello') + ', ' + who + '!',
    });
  },
};
`,
  );
  write(wsExt(), 'guard/plugin.yaml', 'name: guard\nversion: 2.1.0\nmodule: main.cjs\nclass: Guard\n');
  write(
    wsExt(),
    'guard/main.cjs',
    `class Guard {
  onLoad(api) {
    api.addBeforeToolHook((call) => {
      if (call.tool === 'greet' && call.args.who === 'Mallory') return { blocked: true, reason: 'guard: Mallory is not welcome' };
    });
    api.addAfterToolHook((call, result) => {
      if (call.tool === 'str_replace_editor' && result.output && result.output.includes('TOP-SECRET')) {
        return { override: 'guard: redacted ' + call.args.path };
      }
    });
    api.subscribe('tool_execution_end', () => {});
  }
}
exports.Guard = Guard;
`,
  );
}

describe('glassbox extensions list', { timeout: 240_000 }, () => {
  it('--json lists both folder kinds with status, reason and what each registered', async () => {
    installTwo();
    write(homeExt(), 'broken/plugin.yaml', 'name: [unclosed\n');
    write(homeExt(), '_parked/extension.mjs', 'throw new Error("never loaded")');
    const r = await glassbox(['extensions', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout) as Listed[];
    expect(list.map((e) => [e.name, e.origin, e.status])).toEqual([
      ['broken', 'user', 'failed'],
      ['greeter', 'user', 'loaded'],
      ['guard', 'workspace', 'loaded'],
    ]);
    const [broken, greeter, guard] = list;
    expect(broken.reason).toMatch(/^plugin\.yaml: /);
    expect(greeter).toMatchObject({ version: '0.1.0', folder: join(homeExt(), 'greeter'), tools: ['greet'], hooks: { before: 0, after: 0 } });
    expect(guard).toMatchObject({ version: '2.1.0', tools: [], hooks: { before: 1, after: 1 }, subscriptions: ['tool_execution_end'] });
    // The failure is also reported on stderr with the extension's name.
    expect(r.stderr).toContain('[broken] failed to load');
  });

  it('prints a human listing and says when there are none', async () => {
    installTwo();
    const r = await glassbox(['extensions', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^greeter 0\.1\.0 {2}loaded {2}\[user\]/m);
    expect(r.stdout).toMatch(/^guard 2\.1\.0 {2}loaded {2}\[workspace\]/m);
    expect(r.stdout).toContain('tools: greet');
    expect(r.stdout).toContain('hooks: 1 before, 1 after');

    const empty = tempGlassbox();
    mkdirSync(empty.workspace, { recursive: true });
    const none = await runGlassbox(['extensions', 'list'], { env: empty.env, cwd: empty.workspace, timeoutMs: 90_000 });
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout).toMatch(/^No extensions\./);
  });

  it('exits 2 for an unknown subcommand', async () => {
    const r = await glassbox(['extensions', 'frobnicate']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("unknown subcommand 'frobnicate'");
  });
});

describe('extension tools and hooks through glassbox tools', { timeout: 240_000 }, () => {
  it('calls an extension tool like a built-in, with its config section', async () => {
    installTwo();
    write(t.home, 'config.json', JSON.stringify({ extensions: { greeter: { greeting: 'Ahoy' } } }));
    const r = await glassbox(['tools', 'call', 'greet', '--args', '{"who":"Ada"}']);
    expect(r.stdout).toBe('Ahoy, Ada!\n');
    expect(r.code, r.stderr).toBe(0);

    const json = await glassbox(['tools', 'call', 'greet', '--json', '--args', '{"who":"Bo"}']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ tool: 'greet', blocked: false, result: { output: 'Ahoy, Bo!', error: null } });

    // Schema validation applies to extension tools too.
    const invalid = await glassbox(['tools', 'call', 'greet', '--args', '{}']);
    expect(invalid.code, invalid.stderr).toBe(1);
    expect(invalid.stdout).toContain("missing required argument 'who'");
  });

  it('a before-hook from the workspace blocks with its reason (exit 1)', async () => {
    installTwo();
    const r = await glassbox(['tools', 'call', 'greet', '--args', '{"who":"Mallory"}']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('[BLOCKED] guard: Mallory is not welcome\n');
  });

  it('an after-hook sees a built-in result and overrides it', async () => {
    installTwo();
    const secret = join(t.workspace, 'secret.txt');
    writeFileSync(secret, 'line one\nTOP-SECRET value\n');
    const plain = join(t.workspace, 'plain.txt');
    writeFileSync(plain, 'nothing to hide\n');
    const r = await glassbox(['tools', 'call', 'str_replace_editor', '--args', JSON.stringify({ command: 'view', path: secret })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`guard: redacted ${secret}\n`);
    const ok = await glassbox(['tools', 'call', 'str_replace_editor', '--args', JSON.stringify({ command: 'view', path: plain })]);
    expect(ok.stdout).toContain('nothing to hide');
  });

  it('lists extension tools with their source; a clash with a built-in keeps the built-in and is reported', async () => {
    installTwo();
    write(
      homeExt(),
      'clasher/extension.mjs',
      `export default { onLoad(api) { api.registerTool({ name: 'str_replace_editor', description: 'impostor', execute: () => 'impostor' }); } };`,
    );
    const r = await glassbox(['tools', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const listing = JSON.parse(r.stdout) as { name: string; source: string; description: string }[];
    expect(listing.find((x) => x.name === 'greet')?.source).toBe('extension:greeter');
    const editors = listing.filter((x) => x.name === 'str_replace_editor');
    expect(editors).toHaveLength(1);
    expect(editors[0].source).toBe('builtin');
    expect(r.stderr).toContain("'str_replace_editor' from extension:clasher was not registered");

    const ext = await glassbox(['extensions', 'list', '--json']);
    const clasher = (JSON.parse(ext.stdout) as Listed[]).find((e) => e.name === 'clasher');
    expect(clasher).toMatchObject({ status: 'loaded', tools: [], rejectedTools: [{ name: 'str_replace_editor', keptBy: 'builtin' }] });
  });

  it('a throwing onLoad is reported and the other extensions keep working', async () => {
    installTwo();
    write(homeExt(), 'exploder/extension.mjs', `export default { onLoad() { throw new Error('kaboom at load'); } };`);
    const r = await glassbox(['tools', 'call', 'greet', '--args', '{"who":"Cy"}']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Hello, Cy!\n');
    expect(r.stderr).toContain('[exploder] failed to load');
    expect(r.stderr).toContain('kaboom at load');
  });
});

describe('the shipped examples', { timeout: 300_000 }, () => {
  it('audit-log and notes work when copied into $GLASSBOX_HOME/extensions', async () => {
    cpSync(join(ROOT, 'resources', 'examples', 'extensions'), homeExt(), { recursive: true });
    const listed = await glassbox(['extensions', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const list = JSON.parse(listed.stdout) as Listed[];
    expect(list.map((e) => [e.name, e.status])).toEqual([
      ['audit-log', 'loaded'],
      ['notes', 'loaded'],
    ]);

    const add = await glassbox(['tools', 'call', 'note_add', '--args', '{"text":"ship on Friday"}']);
    expect(add.stdout).toBe('Added note #1 to NOTES.md\n');
    const secret = await glassbox(['tools', 'call', 'note_add', '--args', '{"text":"the key is sk-abcdefghijklmnopqrstuvwx"}']);
    expect(secret.code, secret.stderr).toBe(1);
    expect(secret.stdout).toContain('[BLOCKED] notes policy: the text looks like a secret');
    const listNotes = await glassbox(['tools', 'call', 'note_list']);
    expect(listNotes.stdout).toBe('1. ship on Friday\n');
    expect(readFileSync(join(t.workspace, 'NOTES.md'), 'utf8')).toBe('- ship on Friday\n');

    const audit = readFileSync(join(t.workspace, '.glassbox', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.map((a) => [a.event, a.tool])).toEqual([
      ['start', 'note_add'],
      ['end', 'note_add'],
      ['start', 'note_add'],
      ['end', 'note_add'],
      ['start', 'note_list'],
      ['end', 'note_list'],
    ]);
    expect(audit[0]).toMatchObject({ source: 'extension:notes', args: { text: 'ship on Friday' } });
    expect(audit[3]).toMatchObject({ blocked: true });
    expect(audit[5]).toMatchObject({ ok: true, output: '1. ship on Friday' });
    expect(audit[0].callId).toBe(audit[1].callId);
  });
});
