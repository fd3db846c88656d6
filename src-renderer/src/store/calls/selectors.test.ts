import { describe, expect, it } from 'vitest';
import type { GlassboxEvent } from '../../../../src-shared/events/event-types';
import { createAppStore } from '../app-store';
import { callsSelectors, steppedCallId } from './selectors';

let seq = 0;
function start(callId: string, tool: string, source = 'builtin'): GlassboxEvent {
  seq++;
  return { seq, ts: seq, session: 's1', type: 'tool_execution_start', callId, tool, args: {}, source } as GlassboxEvent;
}

describe('steppedCallId', () => {
  const ids = ['a', 'b', 'c'];
  it.each([
    ['next from nothing is the first', null, 'next', 'a'],
    ['previous from nothing is the last', null, 'prev', 'c'],
    ['next moves down', 'a', 'next', 'b'],
    ['next stops at the last', 'c', 'next', 'c'],
    ['previous stops at the first', 'a', 'prev', 'a'],
    ['a selection filtered out starts over from the first', 'zz', 'next', 'a'],
  ] as const)('%s', (_name, current, direction, want) => {
    expect(steppedCallId(ids, current, direction)).toBe(want);
  });
  it('no calls, no step', () => expect(steppedCallId([], null, 'next')).toBeNull());
});

describe('calls selectors and actions', () => {
  it('the filtered ids are the same array until a call or the filter changes', () => {
    const store = createAppStore();
    store.getState().applyEvent(start('c1', 'bash'));
    store.getState().applyEvent(start('c2', 'mcp_e_echo', 'mcp:e'));
    const a = callsSelectors.filteredCallIds(store.getState());
    expect(a).toEqual(['c1', 'c2']);
    expect(callsSelectors.filteredCallIds(store.getState())).toBe(a);
    store.getState().setFilter({ source: 'mcp:e' });
    expect(callsSelectors.filteredCallIds(store.getState())).toEqual(['c2']);
    store.getState().applyEvent(start('c3', 'mcp_e_add', 'mcp:e'));
    expect(callsSelectors.filteredCallIds(store.getState())).toEqual(['c2', 'c3']);
    expect(callsSelectors.tools(store.getState())).toEqual(['bash', 'mcp_e_add', 'mcp_e_echo']);
    expect(callsSelectors.sources(store.getState())).toEqual(['builtin', 'mcp:e']);
  });

  it('stepping selects through the filtered calls and shows the inspector', () => {
    const store = createAppStore();
    store.getState().applyEvent(start('c1', 'bash'));
    store.getState().applyEvent(start('c2', 'python_execute'));
    store.getState().applyEvent(start('c3', 'bash'));
    store.getState().setFilter({ tool: 'bash' });
    store.getState().setRightTab('terminal');
    expect(store.getState().stepCall('next')).toBe('c1');
    expect(store.getState().stepCall('next')).toBe('c3');
    expect(store.getState().selectedCallId).toBe('c3');
    expect(store.getState().rightTab).toBe('inspector');
    expect(store.getState().stepCall('prev')).toBe('c1');
  });
});
