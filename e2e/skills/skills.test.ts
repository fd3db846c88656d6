import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, runGlassbox } from '../helpers/cli';
import { ofType, runJson, useAgentFixtures, type AgentFixture } from '../agent/agent-harness';

// End to end: skills found in the home, the workspace and on an MCP server (the Skills
// extension), listed by `glassbox skills list`, told to the model by name and description only,
// and loaded with `load_skill` when the model asks. Needs `npm run build` first.
vi.setConfig({ testTimeout: 300_000 });

const fixture = useAgentFixtures();
const SERVER = join(ROOT, 'e2e', 'skills', 'fixtures', 'skills-server.mjs');

function writeSkill(root: string, name: string, text: string, files: Record<string, string> = {}): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), text);
  for (const [f, body] of Object.entries(files)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), body);
  }
  return dir;
}

/** A home skill, a workspace skill, a broken SKILL.md and an MCP server with one skill. */
function setUp(f: AgentFixture): { homeSkill: string; remoteRoot: string } {
  const homeSkill = writeSkill(join(f.home, 'skills'), 'release-notes', '---\nname: release-notes\ndescription: Write release notes from the git log.\n---\nHOME-SKILL-BODY: use `git log --oneline` and group by type.\n', {
    'scripts/notes.sh': 'git log --oneline | head -n 5\n',
  });
  writeSkill(join(f.workspace, '.claude', 'skills'), 'style-guide', '---\nname: style-guide\ndescription: The house style for prose.\n---\nWORKSPACE-SKILL-BODY\n');
  writeSkill(join(f.workspace, '.agents', 'skills'), 'broken', '---\nname: broken\ndescription: "unterminated\n---\nbody\n');
  const remoteRoot = join(f.home, 'remote-skills');
  writeSkill(remoteRoot, 'deploy-checklist', '---\nname: deploy-checklist\ndescription: Steps to deploy the service safely.\n---\nREMOTE-SKILL-BODY: run scripts/check.sh first.\n', { 'scripts/check.sh': 'echo ok\n' });
  writeFileSync(join(f.home, 'config.json'), JSON.stringify({ mcpServers: { kb: { command: process.execPath, args: [SERVER, remoteRoot] } } }));
  return { homeSkill, remoteRoot };
}

describe('skills', () => {
  it('glassbox skills list: every source, the broken one reported with file and line', async () => {
    const f = await fixture('openai', []);
    setUp(f);
    const r = await runGlassbox(['skills', 'list', '--json', '--workspace', f.workspace], { env: f.env, cwd: f.workspace });
    expect(r.code, r.stderr).toBe(0);
    const listing = JSON.parse(r.stdout) as { skills: Array<Record<string, unknown>>; problems: Array<Record<string, unknown>> };
    expect(listing.skills.map((s) => [s.name, s.source, s.enabled])).toEqual([
      ['release-notes', 'home', true],
      ['style-guide', 'workspace:.claude', true],
      ['deploy-checklist', 'mcp:kb', true],
    ]);
    expect(listing.skills[2]).toMatchObject({ description: 'Steps to deploy the service safely.', location: 'skill://deploy-checklist/SKILL.md' });
    expect(listing.problems).toEqual([{ file: join(f.workspace, '.agents', 'skills', 'broken', 'SKILL.md'), line: 3, message: expect.stringMatching(/^invalid YAML/) }]);

    // Switched off: still listed, marked off; the human listing says where the problem is.
    const off = await runGlassbox(['skills', 'disable', 'style-guide'], { env: f.env, cwd: f.workspace });
    expect(off.code, off.stderr).toBe(0);
    const human = await runGlassbox(['skills', 'list', '--workspace', f.workspace], { env: f.env, cwd: f.workspace });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/style-guide\s+\[workspace:\.claude\]\s+\(off\) The house style/);
    expect(human.stderr).toContain(`${join(f.workspace, '.agents', 'skills', 'broken', 'SKILL.md')}:3: invalid YAML`);
  });

  it('the model sees descriptions only until it loads a skill, local or from an MCP server', async () => {
    const f = await fixture('openai', []);
    const { homeSkill } = setUp(f);
    f.model.push(
      { toolCalls: [{ name: 'load_skill', arguments: { name: 'release-notes' } }] },
      { toolCalls: [{ name: 'load_skill', arguments: { name: 'deploy-checklist' } }, { name: 'load_skill', arguments: { name: 'deploy-checklist', file: 'scripts/check.sh' } }] },
      { text: 'Done.' },
    );
    const r = await runJson(f, 'write the release notes', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    const first = JSON.stringify(f.model.requests[0]!.body);
    for (const d of ['Write release notes from the git log.', 'The house style for prose.', 'Steps to deploy the service safely.']) expect(first).toContain(d);
    for (const body of ['HOME-SKILL-BODY', 'WORKSPACE-SKILL-BODY', 'REMOTE-SKILL-BODY']) expect(first).not.toContain(body);
    const tools = (f.model.requests[0]!.body.tools ?? []) as Array<{ function?: { name: string } }>;
    expect(tools.map((t) => t.function?.name)).toContain('load_skill');

    const second = JSON.stringify(f.model.requests[1]!.body);
    expect(second).toContain('HOME-SKILL-BODY');
    expect(second).toContain(`Folder: ${homeSkill}`);
    expect(second).toContain('- scripts/notes.sh');
    expect(second).not.toContain('REMOTE-SKILL-BODY');
    const third = JSON.stringify(f.model.requests[2]!.body);
    expect(third).toContain('REMOTE-SKILL-BODY');
    expect(third).toContain('- scripts/check.sh');
    expect(third).toContain('echo ok');
    // Each call's end found through its start: the second step's two calls run side by side and
    // may end in either order.
    const starts = ofType(r.events, 'tool_execution_start') as unknown as Array<{ callId: string; tool: string; args: unknown }>;
    const ends = ofType(r.events, 'tool_execution_end') as unknown as Array<{ callId: string; result: { error: string | null; metadata?: { skill?: { name: string; source: string } } } }>;
    expect(starts.map((s) => s.tool)).toEqual(['load_skill', 'load_skill', 'load_skill']);
    expect(ends).toHaveLength(3);
    const endOf = (args: object) => {
      const start = starts.find((s) => JSON.stringify(s.args) === JSON.stringify(args))!;
      const { result } = ends.find((e) => e.callId === start.callId)!;
      return [result.error, result.metadata?.skill?.source];
    };
    expect(endOf({ name: 'release-notes' })).toEqual([null, 'home']);
    expect(endOf({ name: 'deploy-checklist' })).toEqual([null, 'mcp:kb']);
    expect(endOf({ name: 'deploy-checklist', file: 'scripts/check.sh' })).toEqual([null, undefined]);
    // The context meter of the first request counts each skill's line.
    const meter = (ofType(r.events, 'model_request')[0] as unknown as { context: { parts: Array<{ kind: string; source?: string; tokens: number }> } }).context;
    expect(meter.parts.filter((p) => p.kind === 'skills' && p.source).map((p) => p.source)).toEqual(['release-notes', 'style-guide', 'deploy-checklist']);
  });

  it('without skills there is no load_skill and no skills text', async () => {
    const f = await fixture('openai', [{ text: 'Nothing to do.' }]);
    const r = await runJson(f, 'hello');
    expect(r.code, r.stderr).toBe(0);
    const body = f.model.requests[0]!.body;
    expect(((body.tools ?? []) as Array<{ function?: { name: string } }>).map((t) => t.function?.name)).not.toContain('load_skill');
    expect(JSON.stringify(body)).not.toContain('Available skills');
  });
});
