import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GlassboxConfig } from '../../config/config';
import { EventBus } from '../../events/event-bus';
import { ToolCollection } from '../../tools/tool-collection';
import { McpManager } from './manager';
import { describeToolsChange } from './tool-sync';

function manager(config: GlassboxConfig, env: NodeJS.ProcessEnv = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'glassbox-mcp-unit-'));
  return new McpManager({ config, userConfigPath: join(dir, 'config.json'), tools: new ToolCollection(), bus: new EventBus('s'), workspace: dir, env, execPath: '/app/glassbox' });
}

describe('McpManager configuration (no connections)', () => {
  it('adds the default browser server first, run by the app binary as Node', () => {
    const m = manager({ mcpServers: { files: { command: 'npx' } } });
    expect(m.ids()).toEqual(['browser', 'files']);
    const b = m.status('browser')!;
    expect(b).toMatchObject({ builtIn: true, status: 'disconnected', transport: 'stdio' });
    expect(b.config).toMatchObject({ command: '/app/glassbox', prefix: false, env: { ELECTRON_RUN_AS_NODE: '1' } });
    expect(b.config.args![0]).toMatch(/@playwright[\\/]mcp[\\/]cli\.js$/);
  });

  it('a browser entry without command only adjusts the default; with a command it replaces it', () => {
    const adjusted = manager({ mcpServers: { browser: { disabled: true, disabledTools: ['browser_install'] } } });
    expect(adjusted.status('browser')).toMatchObject({ builtIn: true, status: 'disabled', config: { command: '/app/glassbox', disabled: true } });
    const replaced = manager({ mcpServers: { browser: { command: 'my-browser-mcp' } } });
    expect(replaced.status('browser')).toMatchObject({ builtIn: false, config: { command: 'my-browser-mcp' } });
  });

  it('GLASSBOX_DISABLE_BROWSER=1 leaves it out; an invalid entry is listed as invalid', () => {
    const m = manager({ mcpServers: { odd: { type: 'sse' } } }, { GLASSBOX_DISABLE_BROWSER: '1' });
    expect(m.ids()).toEqual(['odd']);
    expect(m.status('odd')!.transport).toBe('invalid');
    expect(m.instructionsForModel()).toEqual([]);
  });
});

describe('describeToolsChange', () => {
  it('names the server and the tools in the names the model sees', () => {
    expect(describeToolsChange('git', ['mcp_git_log'], ['mcp_git_old'])).toEqual([
      'New tools available (from MCP server git): mcp_git_log',
      'Tools no longer available (from MCP server git): mcp_git_old',
    ]);
    expect(describeToolsChange('git', [], [])).toEqual([]);
  });
});
