import { describe, expect, it } from 'vitest';
import type { Tool } from '../tools/tool';
import { ToolCollection } from '../tools/tool-collection';
import { matchTools, ToolSearchTool } from '../tools/tool-search';
import { createBuiltinTools } from '../tools/builtin-tools';
import { buildSystemPrompt } from './system-prompt';
import { oneLine, schemaTokens, ToolExposure } from './tool-exposure';

function tool(name: string, source: string, description = `Does ${name}.`, pad = 0): Tool {
  return {
    name,
    description: description + ' '.repeat(pad),
    inputSchema: { type: 'object', properties: { x: { type: 'string' } } },
    source: source as Tool['source'],
    async execute() {
      return { output: `${name} ran` };
    },
  };
}

function rig(tools: Tool[], opts: { share?: number; firstUse?: string[]; deferTools?: string[]; noSearch?: boolean } = {}) {
  const collection = new ToolCollection(tools);
  const loadedLog: string[] = [];
  const exposure = new ToolExposure({
    tools: collection,
    budgetShare: opts.share,
    ...(opts.deferTools ? { deferTools: opts.deferTools } : {}),
    startsOnFirstUse: (id) => (opts.firstUse ?? []).includes(id),
    onLoad: (t) => void loadedLog.push(t.name),
  });
  if (!opts.noSearch) collection.add(new ToolSearchTool(() => exposure));
  return { collection, exposure, loadedLog };
}

const sent = (plan: { params: { function: { name: string } }[] }): string[] => plan.params.map((p) => p.function.name);

describe('ToolExposure', () => {
  it('sends everything (and no tool_search) when the MCP schemas fit the budget', () => {
    const { exposure } = rig([tool('bash', 'builtin'), tool('a', 'mcp:s'), tool('b', 'mcp:s')]);
    const plan = exposure.plan(200_000);
    expect(sent(plan)).toEqual(['bash', 'a', 'b']);
    expect(plan.deferred).toEqual([]);
  });

  it('defers MCP schemas past the budget, in registration order; built-ins and extensions never', () => {
    // Each padded tool is ~260 tokens; 10% of a 4,000-token window is 400: one fits.
    const tools = [tool('bash', 'builtin', 'x', 2000), tool('a', 'mcp:s', 'A tool.', 1000), tool('b', 'mcp:s', 'B tool.', 1000), tool('ext', 'extension:e', 'E.', 1000)];
    const { exposure } = rig(tools);
    const plan = exposure.plan(4_000);
    expect(sent(plan)).toEqual(['bash', 'a', 'ext', 'tool_search']);
    expect(plan.deferred.map((d) => d.name)).toEqual(['b']);
    expect(plan.deferred[0]).toMatchObject({ source: 'mcp:s', line: 'B tool.' });
    expect(plan.deferred[0].tokens).toBe(schemaTokens({ type: 'function', function: { name: 'b', description: tools[2].description, parameters: tools[2].inputSchema } }));
    // tool_search names every deferred tool with its line.
    const search = plan.params.find((p) => p.function.name === 'tool_search')!;
    expect(search.function.description).toContain('Deferred tools:\n- MCP server s: b');
  });

  it('an unknown window budgets 10% of 32k; the share is configurable and clamped', () => {
    expect(rig([]).exposure.budgetTokens(null)).toBe(3_200);
    expect(rig([], { share: 0.05 }).exposure.budgetTokens(200_000)).toBe(10_000);
    expect(rig([], { share: 7 }).exposure.budgetTokens(1_000)).toBe(1_000);
    expect(rig([], { share: -1 }).exposure.budgetTokens(1_000)).toBe(0);
    // 0 defers every MCP tool.
    expect(sent(rig([tool('a', 'mcp:s')], { share: 0 }).exposure.plan(200_000))).toEqual(['tool_search']);
  });

  it('a server that starts on first use has all its tools deferred whatever the budget', () => {
    const { exposure } = rig([tool('browser_navigate', 'mcp:browser'), tool('other', 'mcp:files')], { firstUse: ['browser'] });
    const plan = exposure.plan(1_000_000);
    expect(sent(plan)).toEqual(['other', 'tool_search']);
    expect(plan.deferred.map((d) => d.name)).toEqual(['browser_navigate']);
  });

  it('a loaded tool is sent with its schema from the next plan on, and loading tells the session', () => {
    const { exposure, loadedLog } = rig([tool('n1', 'mcp:browser'), tool('n2', 'mcp:browser')], { firstUse: ['browser'] });
    exposure.plan(200_000);
    expect(exposure.isDeferred('n1')).toBe(true);
    expect(exposure.load(['n1', 'nope', 'n1']).map((t) => t.name)).toEqual(['n1']);
    expect(loadedLog).toEqual(['n1']);
    const plan = exposure.plan(200_000);
    expect(sent(plan)).toEqual(['n1', 'tool_search']);
    expect(plan.deferred.map((d) => d.name)).toEqual(['n2']);
    // Once nothing is deferred, tool_search is not sent.
    exposure.load(['n2']);
    expect(sent(exposure.plan(200_000))).toEqual(['n1', 'n2']);
  });

  it('built-in tools cannot be "loaded" unless agent.deferTools names them', () => {
    const { exposure } = rig([tool('bash', 'builtin')]);
    expect(exposure.load(['bash'])).toEqual([]);
  });

  it('defers the built-in planning by default, names it in tool_search by source, and loads it on demand', () => {
    const tools = [tool('bash', 'builtin'), tool('planning', 'builtin', 'Plans.'), tool('browser_click', 'mcp:browser'), tool('browser_tabs', 'mcp:browser'), tool('x', 'extension:e')];
    const { exposure } = rig(tools, { firstUse: ['browser'] });
    const plan = exposure.plan(200_000);
    expect(sent(plan)).toEqual(['bash', 'x', 'tool_search']);
    expect(plan.deferred.map((d) => [d.name, d.source])).toEqual([
      ['planning', 'builtin'],
      ['browser_click', 'mcp:browser'],
      ['browser_tabs', 'mcp:browser'],
    ]);
    const search = plan.params.find((p) => p.function.name === 'tool_search')!;
    expect(search.function.description).toMatch(/Deferred tools:\n- built-in: planning\n- MCP server browser: browser_click, browser_tabs$/);
    expect(exposure.load(['planning']).map((t) => t.name)).toEqual(['planning']);
    expect(sent(exposure.plan(200_000))).toEqual(['bash', 'planning', 'x', 'tool_search']);
  });

  it('agent.deferTools replaces the default: [] sends planning, a name defers that tool even within the budget', () => {
    const tools = [tool('planning', 'builtin'), tool('web_fetch', 'builtin'), tool('small', 'mcp:s'), tool('ext', 'extension:e')];
    expect(sent(rig(tools, { deferTools: [] }).exposure.plan(200_000))).toEqual(['planning', 'web_fetch', 'small', 'ext']);
    const plan = rig(tools, { deferTools: ['web_fetch', 'small', 'ext'] }).exposure.plan(200_000);
    expect(sent(plan)).toEqual(['planning', 'tool_search']);
    expect(plan.deferred.map((d) => d.name)).toEqual(['web_fetch', 'small', 'ext']);
    expect(plan.params.at(-1)!.function.description).toContain('- built-in: web_fetch\n- MCP server s: small\n- extension e: ext');
  });

  it('without tool_search nothing is deferred (a deferred tool could never be loaded)', () => {
    const { exposure } = rig([tool('planning', 'builtin'), tool('browser_click', 'mcp:browser')], { firstUse: ['browser'], noSearch: true });
    const plan = exposure.plan(200_000);
    expect(sent(plan)).toEqual(['planning', 'browser_click']);
    expect(plan.deferred).toEqual([]);
    expect(exposure.isDeferred('planning')).toBe(false);
  });
});

describe('tool_search', () => {
  const tools = [
    tool('browser_navigate', 'mcp:browser', 'Navigate to a URL'),
    tool('browser_click', 'mcp:browser', 'Perform click on a web page'),
    tool('browser_take_screenshot', 'mcp:browser', 'Take a screenshot of the current page'),
  ];

  it('matches exact names, select: lists and keywords (name hits weigh more)', () => {
    expect(matchTools('select:browser_click,browser_navigate', tools, 5).map((t) => t.name)).toEqual(['browser_click', 'browser_navigate']);
    expect(matchTools('browser_click', tools, 5).map((t) => t.name)).toEqual(['browser_click']);
    expect(matchTools('screenshot page', tools, 5).map((t) => t.name)).toEqual(['browser_take_screenshot', 'browser_click']);
    expect(matchTools('url', tools, 1).map((t) => t.name)).toEqual(['browser_navigate']);
    expect(matchTools('select:nothing', tools, 5)).toEqual([]);
    expect(matchTools('zz', tools, 5)).toEqual([]);
  });

  it('loads what it finds and answers with descriptions and schemas; an empty search is an error naming the deferred tools', async () => {
    const { collection, exposure } = rig(tools, { firstUse: ['browser'] });
    exposure.plan(200_000);
    const ctx = { signal: new AbortController().signal, workspace: '/w', home: '/h', callId: 'c' };
    const r = await collection.execute('tool_search', { query: 'screenshot' }, ctx);
    expect(r.error).toBeUndefined();
    expect(r.output).toContain('## browser_take_screenshot (mcp:browser)\nTake a screenshot of the current page\nInput schema: {"type":"object"');
    expect(r.output).toContain('Loaded 1 tool(s): browser_take_screenshot.');
    expect(exposure.loadedNames()).toEqual(['browser_take_screenshot']);
    const miss = await collection.execute('tool_search', { query: 'database' }, ctx);
    expect(miss.error).toBe('No deferred tool matches "database". Deferred tools: browser_navigate, browser_click');
    // Validation: query is required.
    expect((await collection.execute('tool_search', {}, ctx)).error).toMatch(/missing required argument 'query'/);
  });

  it('with nothing deferred it says so', async () => {
    const { collection, exposure } = rig([tool('bash', 'builtin')]);
    exposure.plan(200_000);
    const r = await collection.execute('tool_search', { query: 'x' }, { signal: new AbortController().signal, workspace: '/w', home: '/h', callId: 'c' });
    expect(r.error).toMatch(/^No tools are deferred/);
  });
});

describe('oneLine', () => {
  it('takes the first sentence of the first non-empty line, cut to 120 characters', () => {
    expect(oneLine('\n  Navigate to a URL. Then wait.\nMore')).toBe('Navigate to a URL.');
    expect(oneLine('No full stop here')).toBe('No full stop here');
    expect(oneLine('x'.repeat(300))).toHaveLength(120);
    expect(oneLine('')).toBe('');
  });
});

describe('the default request stays lean', () => {
  it('system prompt + built-in schemas + tool_search naming the browser server\'s 25 tools: ≤ 2,000 tokens (issue target)', () => {
    // The default browser server's tools as @playwright/mcp names them; it starts on first use.
    const browser = 'close resize console_messages handle_dialog emulate_media evaluate file_upload drop find fill_form press_key type navigate navigate_back network_requests network_request run_code_unsafe take_screenshot snapshot click drag hover select_option tabs wait_for'
      .split(' ')
      .map((n) => tool(`browser_${n}`, 'mcp:browser', `Does ${n}.`, 400));
    const ref: { exposure?: ToolExposure } = {};
    const collection = new ToolCollection([...createBuiltinTools({ workspace: '/home/u/project', home: '/home/u/.glassbox', config: {}, deferredTools: () => ref.exposure }), ...browser]);
    const exposure = new ToolExposure({ tools: collection, startsOnFirstUse: (id) => id === 'browser' });
    ref.exposure = exposure;
    const plan = exposure.plan(200_000);
    const system = buildSystemPrompt({ workspace: '/home/u/project', platform: 'linux (x64)', date: new Date('2026-12-01') });
    const fixed = Math.ceil(system.length / 4) + Math.ceil(JSON.stringify(plan.params).length / 4);
    expect(plan.deferred.map((d) => d.name)).toEqual(['planning', ...browser.map((t) => t.name)]);
    expect(sent(plan)).toEqual(['str_replace_editor', 'bash', 'python_execute', 'web_search', 'web_fetch', 'ask_human', 'terminate', 'tool_search']);
    expect(fixed).toBeLessThanOrEqual(2_000);
  });
});
