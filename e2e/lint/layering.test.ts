import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

/**
 * The layering rules through ESLint's own API with the project's real config: a file's folder
 * says what it may import (eslint.config.mjs). The files do not exist: lintText lints the code
 * as if it lived at that path.
 */
const eslint = new ESLint({ cwd: ROOT });

const LAYER_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-globals']);

async function layerMessages(code: string, relPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, relPath) });
  return result!.messages.filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId)).map((m) => m.message);
}

const CORE = 'src-main/core/tools/layering-probe.ts';
const BRIDGE = 'src-main/bridge/layering-probe.ts';
const RENDERER = 'src-renderer/src/features/layering-probe.tsx';
const SHARED = 'src-shared/contract/layering-probe.ts';
const SHARED_TOP = 'src-shared/layering-probe.ts';

describe('layering rule', () => {
  it.each([
    [`import { app } from 'electron';\nexport const x = app;\n`, 'never import electron'],
    [`import { store } from '../../../src-renderer/src/store';\nexport const x = store;\n`, 'must not import the renderer'],
    [`export { api } from '../../../src-preload/index';\n`, 'must not import the renderer or preload'],
    [`import { createWindow } from '../../electron/main';\nexport const x = createWindow;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
    [`import { BridgeEndpoint } from '../../bridge/endpoint';\nexport const x = BridgeEndpoint;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
    [`import type { BridgeEndpoint } from '../../bridge/endpoint';\nexport type X = BridgeEndpoint;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
    [`import { main } from '../../cli/index';\nexport const x = main;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
    [`import { WebHost } from '../../web/host';\nexport const x = WebHost;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
    [`import { startMcpServe } from '../../mcp-server/serve';\nexport const x = startMcpServe;\n`, 'core imports none of bridge, cli, web, mcp-server or electron'],
  ])('core: flags %j', async (code, message) => {
    const found = await layerMessages(code, CORE);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('core: allows node built-ins, npm packages, other core modules and src-shared', async () => {
    const code = [
      `import { readFileSync } from 'node:fs';`,
      `import { Ajv } from 'ajv';`,
      `import { EventBus } from '../events/event-bus';`,
      `import type { GlassboxEvent } from '../../../src-shared/events/event-types';`,
      `import { toResultRecord } from '../../../src-shared/events/tool-result';`,
      `export type E = GlassboxEvent;`,
      `export const x = [readFileSync, Ajv, EventBus, toResultRecord];`,
      '',
    ].join('\n');
    expect(await layerMessages(code, CORE)).toEqual([]);
  });

  it('bridge: flags the Electron layer, allows core and src-shared', async () => {
    const bad = `import { createWindow } from '../electron/main';\nexport const x = createWindow;\n`;
    const found = await layerMessages(bad, BRIDGE);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('only src-main/electron may import');
    const good = [
      `import { SessionStore } from '../core/session/store';`,
      `import { METHODS } from '../../src-shared/contract/methods';`,
      `export const x = [SessionStore, METHODS];`,
      '',
    ].join('\n');
    expect(await layerMessages(good, BRIDGE)).toEqual([]);
  });

  it('mcp-server: flags electron and the Electron layer, allows core and src-shared', async () => {
    const MCP_SERVER = 'src-main/mcp-server/layering-probe.ts';
    for (const bad of [`import { app } from 'electron';\nexport const x = app;\n`, `import { createWindow } from '../electron/main';\nexport const x = createWindow;\n`]) {
      expect(await layerMessages(bad, MCP_SERVER)).toHaveLength(1);
    }
    const good = [
      `import { SessionStore } from '../core/session/store';`,
      `import type { GlassboxEvent } from '../../src-shared/events/event-types';`,
      `export type E = GlassboxEvent;`,
      `export const x = [SessionStore];`,
      '',
    ].join('\n');
    expect(await layerMessages(good, MCP_SERVER)).toEqual([]);
  });

  it.each([
    [`import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n`, 'the renderer has no Electron'],
    [`import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n`, 'no Node built-ins'],
    [`import { join } from 'path';\nexport const x = join;\n`, 'no Node built-ins'],
    [`import { spawn } from 'child_process';\nexport const x = spawn;\n`, 'no Node built-ins'],
    [`import { ToolCollection } from '../../../src-main/core/tools/tool-collection';\nexport const x = ToolCollection;\n`, 'only its own files and src-shared'],
    [`import type { Tool } from '../../../src-main/core/tools/tool';\nexport type T = Tool;\n`, 'only its own files and src-shared'],
    [`import { api } from '../../../src-preload/index';\nexport const x = api;\n`, 'only its own files and src-shared'],
  ])('renderer: flags %j', async (code, message) => {
    const found = await layerMessages(code, RENDERER);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('renderer: allows react, its own files and src-shared (values and types)', async () => {
    const code = [
      `import { useState } from 'react';`,
      `import type { GlassboxEvent } from '../../../src-shared/events/event-types';`,
      `import { createClientApi } from '../../../src-shared/contract/client';`,
      `import { useStore } from '../store/store';`,
      `export type Row = { e: GlassboxEvent };`,
      `export const x = [useState, createClientApi, useStore];`,
      '',
    ].join('\n');
    expect(await layerMessages(code, RENDERER)).toEqual([]);
  });

  it.each([
    [SHARED, `import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n`, 'no Node built-ins'],
    [SHARED, `import { EventEmitter } from 'events';\nexport const x = EventEmitter;\n`, 'no Node built-ins'],
    [SHARED, `import { app } from 'electron';\nexport const x = app;\n`, 'no electron'],
    [SHARED, `import type { Tool } from '../../src-main/core/tools/tool';\nexport type T = Tool;\n`, 'nothing of the project outside itself'],
    [SHARED, `import { useStore } from '../../src-renderer/src/store/store';\nexport const x = useStore;\n`, 'nothing of the project outside itself'],
    [SHARED, `import { ROOT } from '../../e2e/helpers/cli';\nexport const x = ROOT;\n`, 'nothing of the project outside itself'],
    [SHARED_TOP, `import pkg from '../package.json';\nexport const x = pkg;\n`, 'nothing of the project outside itself'],
    [SHARED, `export const width = () => window.innerWidth;\n`, 'no host globals'],
    [SHARED, `export const home = () => process.env.HOME;\n`, 'no host globals'],
  ])('src-shared (%s): flags %j', async (path, code, message) => {
    const found = await layerMessages(code, path);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('src-shared: allows its own files at any depth', async () => {
    const code = [
      `import type { SessionView } from './views';`,
      `import type { GlassboxEvent } from '../events/event-types';`,
      `import { buildChat } from '../read-models/chat-items';`,
      `export type V = { v: SessionView; e: GlassboxEvent };`,
      `export const x = buildChat;`,
      '',
    ].join('\n');
    expect(await layerMessages(code, SHARED)).toEqual([]);
  });

  it('electron main may import electron (the rule is scoped by folder)', async () => {
    const code = `import { app } from 'electron';\nexport const x = app;\n`;
    expect(await layerMessages(code, 'src-main/electron/layering-probe.ts')).toEqual([]);
  });
});
