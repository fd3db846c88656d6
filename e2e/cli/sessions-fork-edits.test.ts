import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ofType, parseJsonLines, runJson, sessionFile, useAgentFixtures, type AgentFixture } from '../agent/agent-harness';
import { runGlassbox, ROOT } from '../helpers/cli';

// Every other thing Build 1 lets a fork edit, through `glassbox sessions fork` against the scripted
// model in Anthropic's wire format: the user's text, a tool's arguments (the call runs again), a
// tool's result as an error, the system prompt, and an MCP server's instructions (the real
// everything server). Each fork's first model request holds the edit.

vi.setConfig({ testTimeout: 400_000 });
const fixture = useAgentFixtures();
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

function cli(f: AgentFixture, ...args: string[]) {
  return runGlassbox(args, { env: f.env, cwd: f.workspace, timeoutMs: 200_000 });
}

function seqOf(f: AgentFixture, id: string, type: string): number {
  return parseJsonLines(readFileSync(sessionFile(f, id), 'utf8')).find((e) => e.type === type)!.seq;
}

describe('glassbox sessions fork: each kind of edit', () => {
  it('the user\'s text, arguments, an error result, the system prompt and MCP instructions each reach the fork\'s next request', async () => {
    const f = await fixture('anthropic', [{ toolCalls: [{ name: 'bash', arguments: { command: 'echo ONE' } }] }, { text: 'Parent done.' }]);
    const r = await runJson(f, 'run one command', ['--approve', 'auto']);
    expect(r.code, r.stderr).toBe(0);
    const id = r.events[0]!.session;
    const fork = async (...flags: string[]) => {
      const before = f.model.requests.length;
      const x = await cli(f, 'sessions', 'fork', id, ...flags, '--live', '--approve', 'auto', '--json');
      expect(x.code, x.stderr).toBe(0);
      return { events: parseJsonLines(x.stdout), request: f.model.requests[before]!.body };
    };

    // The user's text: the fork starts with the edited message.
    f.model.push({ text: 'm' });
    const message = await fork('--at', String(seqOf(f, id, 'agent_start')), '--message', 'EDITED TASK');
    expect(JSON.stringify(message.request.messages)).toContain('EDITED TASK');
    expect(JSON.stringify(message.request.messages)).not.toContain('run one command');

    // A tool's arguments: the call runs again with them; the model sees its new result.
    f.model.push({ text: 'a' });
    const args = await fork('--at', String(seqOf(f, id, 'tool_execution_start')), '--args', '{"command":"echo ARGS-EDITED"}');
    expect(ofType(args.events, 'tool_execution_start')[0]).toMatchObject({ args: { command: 'echo ARGS-EDITED' } });
    expect(JSON.stringify(args.request.messages)).toContain('ARGS-EDITED');

    // A tool's result as an error: the model gets it flagged as one.
    f.model.push({ text: 'r' });
    const result = await fork('--at', String(seqOf(f, id, 'tool_execution_end')), '--result', 'disk on fire', '--error');
    const toolResult = (result.request.messages as { content: unknown }[]).flatMap((m) => (Array.isArray(m.content) ? m.content : [])).find((b: { type?: string }) => b.type === 'tool_result') as { is_error?: boolean; content: unknown };
    expect(toolResult.is_error).toBe(true);
    expect(JSON.stringify(toolResult.content)).toContain('disk on fire');
    expect(ofType(result.events, 'agent_start')[0]!.changed).toMatchObject({ what: 'result', result: { error: 'disk on fire', output: null } });

    // The system prompt.
    f.model.push({ text: 's' });
    const system = await fork('--at', String(seqOf(f, id, 'model_request')), '--system-prompt', 'You are EDITED-SYSTEM.');
    expect(JSON.stringify(system.request.system)).toContain('You are EDITED-SYSTEM.');

    // An MCP server's instructions (the real everything server, which sends its own).
    writeFileSync(join(f.home, 'config.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } } }));
    f.model.push({ text: 'i' });
    const instr = await fork('--at', String(seqOf(f, id, 'model_request')), '--instructions', 'everything=Use EDITED-INSTRUCTIONS only.');
    expect(JSON.stringify(instr.request.system)).toContain("Instructions from MCP server 'everything':\\nUse EDITED-INSTRUCTIONS only.");
    expect(ofType(instr.events, 'agent_start')[0]!.changed).toEqual({ what: 'instructions', server: 'everything', text: 'Use EDITED-INSTRUCTIONS only.' });

    const bad = await cli(f, 'sessions', 'fork', id, '--at', String(seqOf(f, id, 'model_request')), '--instructions', 'no equals sign');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--instructions takes SERVER=TEXT');
  });
});
