import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

/**
 * The renderer-state rule through ESLint's own API with the project's real config: a component
 * (a .tsx outside src-renderer/src/store/) never imports the bridge client or the transport and
 * never touches window.glassbox; it reads selectors and calls actions. The files do not exist:
 * lintText lints the code as if it lived at that path.
 */
const eslint = new ESLint({ cwd: ROOT });
const RULES = new Set(['no-restricted-imports', 'no-restricted-properties']);

async function bridgeFindings(code: string, relPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, relPath) });
  return result!.messages.filter((m) => m.ruleId && RULES.has(m.ruleId)).map((m) => m.message);
}

const COMPONENT = 'src-renderer/src/features/probe/ProbePane.tsx';

describe('renderer components do not reach the bridge', () => {
  it.each([
    [`import { createClientApi } from '../../../../src-shared/contract/client';\nexport const x = createClientApi;\n`],
    [`import type { GlassboxApi } from '../../../../src-shared/contract/client';\nexport type X = GlassboxApi;\n`],
    [`import { connectApi } from '../../transport/connect-api';\nexport const x = connectApi;\n`],
    [`import { openWebSocketTransport } from '../../transport/websocket-client-transport';\nexport const x = openWebSocketTransport;\n`],
  ])('flags importing the bridge client in a component: %j', async (code) => {
    const found = await bridgeFindings(code, COMPONENT);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('components do not reach the bridge');
  });

  it('flags window.glassbox in a component', async () => {
    const code = `export function Probe() {\n  void window.glassbox;\n  return null;\n}\n`;
    const found = await bridgeFindings(code, 'src-renderer/src/features/chat/Probe.tsx');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('call an action');
  });

  it('allows a component that reads selectors and calls actions', async () => {
    const code = [
      `import { useApp } from '../../store/app-context';`,
      `import { editsSelectors } from '../../store/edits/selectors';`,
      `import type { EditRecord } from '../../../../src-shared/contract/workbench-views';`,
      `export function Probe() {`,
      `  const files = useApp(editsSelectors.files);`,
      `  const undo = useApp((s) => s.undoLastEdit);`,
      `  const first: EditRecord | undefined = files[0]?.edits[0];`,
      `  return <button onClick={() => void undo(first?.path ?? '')}>{files.length}</button>;`,
      `}`,
      '',
    ].join('\n');
    expect(await bridgeFindings(code, COMPONENT)).toEqual([]);
  });

  it('the store itself may hold the bridge (the rule is scoped to components outside store/)', async () => {
    const code = `import type { GlassboxApi } from '../../../../src-shared/contract/client';\nexport type X = GlassboxApi;\n`;
    expect(await bridgeFindings(code, 'src-renderer/src/store/probe/Probe.tsx')).toEqual([]);
    expect(await bridgeFindings(code, 'src-renderer/src/store/probe/actions.ts')).toEqual([]);
  });
});

describe('the store imports no component folder', () => {
  it.each([
    [`import { ChatView } from '../../features/chat/ChatView';\nexport const x = ChatView;\n`, 'src-renderer/src/store/probe/actions.ts'],
    [`import { App } from '../../app/App';\nexport const x = App;\n`, 'src-renderer/src/store/probe/selectors.ts'],
    [`import { NoticeBanner } from '../../app/NoticeBanner';\nexport const x = NoticeBanner;\n`, 'src-renderer/src/store/probe/state.ts'],
    [`import { ChatView } from '../features/chat/ChatView';\nexport const x = ChatView;\n`, 'src-renderer/src/store/probe.ts'],
  ])('flags %j in %s', async (code, path) => {
    const found = await bridgeFindings(code, path);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('the store imports no component folder');
  });

  it('allows other slices (the frame slice included) and src-shared', async () => {
    const code = [
      `import { frameSelectors } from '../frame/selectors';`,
      `import { plural } from '../../../../src-shared/text/plural';`,
      `export const x = [frameSelectors, plural];`,
      '',
    ].join('\n');
    expect(await bridgeFindings(code, 'src-renderer/src/store/probe/actions.ts')).toEqual([]);
  });
});
