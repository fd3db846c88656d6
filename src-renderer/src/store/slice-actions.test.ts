import { describe, expect, it, vi } from 'vitest';
import type { EditRecord, McpSnapshot } from '../../../src-shared/contract/workbench-views';
import type { PendingDialog, SessionSummary, SettingsView } from '../../../src-shared/contract/views';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { createAppStore } from './app-store';
import { editsSelectors } from './edits/selectors';
import { replaySelectors } from './replay/selectors';
import { testBridge } from './test-bridge';
import { timelineSelectors } from './timeline/selectors';

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

function edit(seq: number, path: string): EditRecord {
  return { seq, ts: seq, callId: `c${seq}`, path, command: 'str_replace', before: 'a', after: 'b' };
}

describe('slice actions over the bridge', () => {
  it('a store without a bridge runs pure actions and fails bridge ones saying why', async () => {
    const store = createAppStore();
    store.getState().setRightTab('mcp');
    expect(store.getState().rightTab).toBe('mcp');
    expect(await store.getState().sendMessage('hi')).toBe(false);
    expect(store.getState().notices.at(-1)?.message).toBe('Send: This store has no bridge to the host.');
  });

  it('edits: reload after each editor call; another session starts over; closing the pane unsubscribes', async () => {
    let list = [edit(1, '/w/a.py')];
    const b = testBridge({ 'edits.list': () => list });
    const store = createAppStore(b.api);
    const stop = store.getState().watchEdits();
    await tick();
    expect(editsSelectors.files(store.getState()).map((f) => f.path)).toEqual(['/w/a.py']);
    store.getState().showEditedFile('/w/a.py');
    store.getState().showEdit(0);
    list = [edit(1, '/w/a.py'), edit(2, '/w/b.py')];
    b.emit('agent.event', { type: 'tool_execution_end', tool: 'bash' });
    await tick();
    expect(store.getState().edits).toHaveLength(1); // not an edit: no reload
    b.emit('agent.event', { type: 'tool_execution_end', tool: 'str_replace_editor' });
    await tick();
    expect(store.getState().edits).toHaveLength(2);
    b.emit('sessions.switched', {});
    expect([store.getState().editPath, store.getState().editIndex]).toEqual([null, null]);
    stop();
    expect(b.listeners('agent.event') + b.listeners('sessions.switched')).toBe(0);
  });

  it('settings: a save drops the banners it may have fixed; a failed save keeps them and says why', async () => {
    const view = { provider: 'openai', model: 'm', baseURL: '', apiKeySet: true, approvalMode: 'ask', approvalRules: [] } as unknown as SettingsView;
    let fail = false;
    const b = testBridge({
      'settings.set': () => {
        if (fail) throw Object.assign(new Error('disk full'), { code: 'INTERNAL' });
        return view;
      },
    });
    const store = createAppStore(b.api);
    store.getState().pushNotice({ level: 'warn', code: 'NO_MODEL', message: 'No model' });
    store.getState().pushNotice({ level: 'error', code: 'MODEL_UNREACHABLE', message: 'down' });
    fail = true;
    expect(await store.getState().saveSettings({ model: 'm' })).toBe(false);
    expect(store.getState().notices.map((n) => n.code)).toEqual(['NO_MODEL', 'MODEL_UNREACHABLE', 'CALL_FAILED:Settings']);
    fail = false;
    expect(await store.getState().saveSettings({ model: 'm' })).toBe(true);
    expect(store.getState().settings).toBe(view);
    expect(store.getState().notices.map((n) => n.code)).toEqual(['MODEL_UNREACHABLE', 'CALL_FAILED:Settings']);
  });

  it('replay: an answer for a pane that closed meanwhile is dropped; the next open loads afresh', async () => {
    let answer: (v: unknown) => void = () => {};
    const b = testBridge({ 'replay.prepare': () => new Promise((r) => (answer = r)) });
    const store = createAppStore(b.api);
    store.getState().openReplay({ callId: 'c1' });
    expect(store.getState().rightTab).toBe('replay');
    const close = store.getState().watchReplay();
    close();
    answer({ call: { callId: 'c1', tool: 'bash', args: { command: 'ls' }, result: null }, schema: null });
    await tick();
    expect(replaySelectors.call(store.getState())).toBeNull();
    store.getState().watchReplay();
    answer({ call: { callId: 'c1', tool: 'bash', args: { command: 'ls' }, result: null }, schema: null });
    await tick();
    expect(replaySelectors.call(store.getState())?.tool).toBe('bash');
    expect(replaySelectors.argsText(store.getState())).toBe('{\n  "command": "ls"\n}');
    expect(b.calls.map((c) => c.args)).toEqual([['c1'], ['c1']]); // no sessionId sent as undefined
    store.getState().setReplayArgsText('{"command": ');
    expect(replaySelectors.canRun(store.getState())).toBe(false);
    store.getState().resetReplayArgs();
    expect(replaySelectors.canRun(store.getState())).toBe(true);
  });

  it('mcp: a refused action shows what failed and still shows the host’s snapshot', async () => {
    const snapshot = { servers: [], instructionsForModel: [] } as unknown as McpSnapshot;
    const b = testBridge({ 'mcp.restart': () => ({ ok: false, error: 'no such server', snapshot }) });
    const store = createAppStore(b.api);
    await store.getState().restartMcpServer('gone');
    expect(store.getState().mcpSnapshot).toBe(snapshot);
    expect(store.getState().mcpMessage).toEqual({ ok: false, text: 'Restart: no such server' });
    expect(store.getState().mcpBusy).toBeNull();
  });

  it('terminal: keystrokes while the agent owns the shell are not sent, and the note says why', async () => {
    const b = testBridge({
      'terminal.attach': () => ({ recent: 'old output', state: { owner: 'agent', busy: false, alive: true, held: 0 } }),
      'terminal.takeOver': () => ({ ok: true, state: { owner: 'user', busy: false, alive: true, held: 0 } }),
      'terminal.write': () => ({ ok: true, state: { owner: 'user', busy: false, alive: true, held: 0 } }),
    });
    const store = createAppStore(b.api);
    const screen: string[] = [];
    const disconnect = store.getState().connectTerminal({ write: (d) => screen.push(d), reset: () => screen.splice(0) });
    b.emit('terminal.data', 'before attach'); // in the attachment's scrollback already
    await tick();
    b.emit('terminal.data', 'live');
    expect(screen).toEqual(['old output', 'live']);
    await store.getState().typeInTerminal('ls\r');
    expect(store.getState().terminalNote).toMatch(/^Not sent: The agent owns this terminal/);
    expect(b.calls.some((c) => c.method === 'terminal.write')).toBe(false);
    expect(await store.getState().takeOverTerminal()).toBe(true);
    await store.getState().typeInTerminal('ls\r');
    expect(b.calls.filter((c) => c.method === 'terminal.write').map((c) => c.args)).toEqual([['ls\r']]);
    expect(store.getState().terminalNote).toBeNull();
    disconnect();
    expect(store.getState().terminal.alive).toBe(false);
    expect(b.listeners('terminal.data')).toBe(0);
  });

  it('timeline: opens a recording at its last entry; the filter and the position clamp together', async () => {
    const events = [
      { seq: 1, ts: 1, session: 's0', type: 'agent_start', task: 'go' },
      { seq: 2, ts: 2, session: 's0', type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'ls' }, source: 'builtin' },
      { seq: 3, ts: 3, session: 's0', type: 'tool_execution_end', callId: 'c1', tool: 'bash', result: { output: 'a', error: null, images: [], system: null }, durationMs: 1 },
    ];
    const b = testBridge({ 'sessions.list': () => [], 'timeline.load': () => ({ id: 's0', events, skipped: 0 }) });
    const store = createAppStore(b.api);
    const close = store.getState().watchTimeline();
    await store.getState().loadTimeline('s0');
    const all = timelineSelectors.view(store.getState());
    expect(all.visible.length).toBeGreaterThan(1);
    expect(all.pos).toBe(all.visible.length - 1);
    for (const c of new Set(all.visible.map((e) => e.category))) if (c !== 'user') store.getState().toggleTimelineCategory(c);
    const users = timelineSelectors.view(store.getState());
    expect(users.visible.map((e) => e.category)).toEqual(['user']);
    expect(users.pos).toBe(0);
    expect(users.current?.category).toBe('user');
    close();
    expect(timelineSelectors.loaded(store.getState())).toBeNull();
  });

  it('dialogs: the host’s list is the only writer; session events do not add or drop a dialog; a switch asks afresh', async () => {
    const approval: PendingDialog = { kind: 'approval', requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'rm x' }, reasons: ['asks'], ts: 2 };
    const question: PendingDialog = { kind: 'question', requestId: 'q9', question: 'Which one?', ts: 9 };
    let hostList: PendingDialog[] = [];
    const b = testBridge({ 'dialogs.pending': () => hostList });
    const store = createAppStore(b.api);
    const stop = store.getState().watchDialogs();
    const event = (seq: number, e: Record<string, unknown>): GlassboxEvent => ({ seq, ts: seq, session: 's1', ...e }) as unknown as GlassboxEvent;
    store.getState().applyEvent(event(1, { type: 'tool_execution_start', callId: 'c1', tool: 'bash', args: { command: 'rm x' }, source: 'builtin' }));
    store.getState().applyEvent(event(2, { type: 'approval_requested', requestId: 'r1', callId: 'c1', tool: 'bash', args: { command: 'rm x' }, reasons: ['asks'] }));
    expect(store.getState().pending).toEqual([]); // the event folds into the call, not into the dialogs
    b.emit('dialogs.changed', [approval]);
    expect(store.getState().pending).toEqual([approval]);
    store.getState().applyEvent(event(3, { type: 'approval_resolved', requestId: 'r1', callId: 'c1', decision: 'deny', by: 'human' }));
    expect(store.getState().pending).toEqual([approval]); // closes when the host says so
    hostList = [question];
    b.emit('sessions.switched', {});
    expect(store.getState().pending).toEqual([]); // the other session's dialogs go at once
    await vi.waitFor(() => expect(store.getState().pending).toEqual([question]));
    stop();
    expect(b.listeners('dialogs.changed') + b.listeners('sessions.switched')).toBe(0);
  });
  it('sessions: an answer asked for before a change notice does not replace the notice\'s list; under a search a notice lists its matches only', async () => {
    const row = (id: string, title: string) => ({ id, title, createdAt: 1, updatedAt: 1, eventCount: 1 }) as SessionSummary;
    const renamed = [row('a', 'Apple work'), row('p', 'pears')];
    let answer!: (list: SessionSummary[]) => void;
    const b = testBridge({
      'sessions.list': (query?: string) => (query ? renamed.filter((s) => s.title.toLowerCase().includes(query)) : new Promise<SessionSummary[]>((r) => (answer = r))),
      'sessions.usage': () => null,
    });
    const store = createAppStore(b.api);
    const stop = store.getState().watchSessions();
    const titles = () => store.getState().sessions.map((s) => s.title);
    // The search box cleared (its list asked for), then a rename's notice, then the answer, made before the rename.
    const search = store.getState().searchSessions('');
    b.emit('sessions.changed', renamed);
    answer([row('a', 'apples'), row('p', 'pears')]);
    await search;
    expect(titles()).toEqual(['Apple work', 'pears']);
    // A notice while "pear" is searched for: the matches, not every session.
    store.getState().setSessionQuery('pear');
    b.emit('sessions.changed', renamed);
    await vi.waitFor(() => expect(titles()).toEqual(['pears']));
    expect(b.calls.filter((c) => c.method === 'sessions.list').at(-1)!.args).toEqual(['pear']);
    stop();
  });
});
