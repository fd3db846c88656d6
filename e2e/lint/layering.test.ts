import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

/**
 * The layering rule (STYLE.md) through ESLint's own API with the project's real config:
 * core never imports electron or the renderer; the renderer never imports electron or Node.
 * The files do not exist: lintText lints the code as if it lived at that path.
 */
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(code: string, relPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, relPath) });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const CORE = 'src-main/core/tools/layering-probe.ts';
const RENDERER = 'src-renderer/src/features/layering-probe.tsx';

describe('layering rule', () => {
  it.each([
    [`import { app } from 'electron';\nexport const x = app;\n`, 'never import electron'],
    [`import { store } from '../../../src-renderer/src/store';\nexport const x = store;\n`, 'must not import the renderer'],
    [`export { api } from '../../../src-preload/index';\n`, 'must not import the renderer or preload'],
    [`import { createWindow } from '../../electron/main';\nexport const x = createWindow;\n`, 'only src-main/electron may import'],
  ])('core: flags %j', async (code, message) => {
    const found = await restrictedImports(code, CORE);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('core: allows node built-ins, npm packages and other core modules', async () => {
    const code = [
      `import { readFileSync } from 'node:fs';`,
      `import { Ajv } from 'ajv';`,
      `import { EventBus } from '../events/event-bus';`,
      `export const x = [readFileSync, Ajv, EventBus];`,
      '',
    ].join('\n');
    expect(await restrictedImports(code, CORE)).toEqual([]);
  });

  it.each([
    [`import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n`, 'the renderer has no Electron'],
    [`import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n`, 'no Node built-ins'],
    [`import { join } from 'path';\nexport const x = join;\n`, 'no Node built-ins'],
    [`import { spawn } from 'child_process';\nexport const x = spawn;\n`, 'no Node built-ins'],
    [`import { ToolCollection } from '../../../src-main/core/tools/tool-collection';\nexport const x = ToolCollection;\n`, 'only types from src-main'],
  ])('renderer: flags %j', async (code, message) => {
    const found = await restrictedImports(code, RENDERER);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('renderer: allows react, type-only imports from core and the bridge contract', async () => {
    const code = [
      `import { useState } from 'react';`,
      `import type { GlassboxEvent } from '../../../src-main/core/events/event-types';`,
      `import type { ToolResult } from '../../../src-main/core/tools/tool-result';`,
      `import type { Tool } from '../../../src-main/core/tools/tool';`,
      `export type Row = { e: GlassboxEvent; r: ToolResult; t: Tool };`,
      `export const x = useState;`,
      '',
    ].join('\n');
    expect(await restrictedImports(code, RENDERER)).toEqual([]);
  });

  it('electron main may import electron (the rule is scoped by folder)', async () => {
    const code = `import { app } from 'electron';\nexport const x = app;\n`;
    expect(await restrictedImports(code, 'src-main/electron/layering-probe.ts')).toEqual([]);
  });
});
