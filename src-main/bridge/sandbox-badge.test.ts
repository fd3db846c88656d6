// @lane integration: probes the real bwrap
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../src-shared/contract/views';
import { bareSession } from '../core/session/test-kit';
import { itWithBwrap } from '../core/sandbox/test-kit';
import { CurrentSession } from './current-session';

// The window's "unsandboxed" badge reads AgentState.sandbox: a real core session behind the bridge.
const NO_DIALOGS = { answerApproval: () => false, answerQuestion: () => false, answerElicitation: () => false };

async function stateWith(env: NodeJS.ProcessEnv): Promise<ReturnType<CurrentSession['require']>> {
  const current = new CurrentSession({
    open: async () => {
      // A whole env replaces bareSession's: it needs its own empty $GLASSBOX_HOME again.
      const home = join(mkdtempSync(join(tmpdir(), 'gb-badge-home-')), 'home');
      const { session } = await bareSession('gb-badge-', { env: { ...process.env, GLASSBOX_HOME: home, GLASSBOX_DISABLE_BROWSER: '1', ...env } });
      return { session, dialogs: NO_DIALOGS };
    },
    saved: { exists: () => false, load: () => ({ events: [] }) },
    emit: () => undefined,
    savedTitle: () => null,
    settings: () => ({}) as SettingsView,
    listChanged: () => undefined,
  });
  await current.start();
  return current.require();
}

describe('the sandbox status on the session state', () => {
  itWithBwrap('says active with bubblewrap', async () => {
    const open = await stateWith({});
    expect(open.state().sandbox).toEqual({ active: true, mode: 'workspace-write', network: false, backend: 'bwrap' });
    await open.core.dispose();
  });

  it('says unsandboxed, and why, when no sandbox can be had', async () => {
    const open = await stateWith({ GLASSBOX_BWRAP: '/nonexistent/bwrap' });
    const badge = open.state().sandbox;
    expect(badge?.active).toBe(false);
    expect(badge?.backend).toBe('none');
    expect(badge?.reason).toMatch(process.platform === 'linux' ? /bubblewrap \(\/nonexistent\/bwrap\) was not found/ : /./);
    await open.core.dispose();
  });
});
