import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

/**
 * No production file re-exports another's names (eslint.config.mjs), through ESLint's own API with
 * the project's real config. The files do not exist: lintText lints the code as if it lived there.
 */
const eslint = new ESLint({ cwd: ROOT });

async function reexportFindings(code: string, relPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, relPath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const PRODUCTION = [
  'src-main/core/tools/probe.ts',
  'src-main/mcp-server/probe.ts',
  'src-shared/contract/probe.ts',
  'src-preload/probe.ts',
  'src-renderer/src/features/chat/Probe.tsx',
  'src-renderer/src/store/chat/probe.ts',
];

describe('no production file re-exports another file’s names', () => {
  it.each(PRODUCTION.flatMap((path) => [
    [path, `export { EventBus } from './event-bus';\n`],
    [path, `export type { ToolCallInfo } from './tool-types';\n`],
    [path, `export * from './event-bus';\n`],
    [path, `export * as bus from './event-bus';\n`],
    [path, `export {\n  EventBus as Bus,\n  type Handler,\n} from './event-bus';\n`],
  ]))('flags a re-export in %s: %j', async (path, code) => {
    const found = await reexportFindings(code, path);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('no re-exports');
  });

  it('allows exporting what the file declares, also through a local export list', async () => {
    const code = [
      `import { EventBus } from './event-bus';`,
      `const bus = new EventBus();`,
      `export function probe(): EventBus { return bus; }`,
      `export { bus };`,
      `export type Probe = typeof probe;`,
      '',
    ].join('\n');
    for (const path of PRODUCTION) expect(await reexportFindings(code, path)).toEqual([]);
  });

  it('leaves tests alone (a test may gather helpers)', async () => {
    expect(await reexportFindings(`export { EventBus } from './event-bus';\n`, 'src-main/core/tools/probe.test.ts')).toEqual([]);
  });
});
