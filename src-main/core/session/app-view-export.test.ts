import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { sessionToHtml } from './session-html';

// A call with an MCP App view in the HTML export: a plain note, escaped, never the view or a script.

let seq = 0;
const ev = (input: EventInput): GlassboxEvent => ({ ...input, seq: ++seq, ts: 1_700_000_000_000 + seq, session: 's' }) as GlassboxEvent;

describe('MCP App views in the HTML export', () => {
  it('says the view needs its server, with the server and URI escaped, and carries no script', () => {
    const events = [
      ev({ type: 'agent_start', task: 'time' }),
      ev({ type: 'tool_execution_start', callId: 'c1', tool: 'mcp_x_get-time', args: {}, source: 'mcp:x' }),
      ev({
        type: 'tool_execution_end',
        callId: 'c1',
        tool: 'mcp_x_get-time',
        durationMs: 3,
        result: { output: '12:00', error: null, system: null, images: [], metadata: { mcpApp: { server: 'x<script>alert(1)</script>', resourceUri: 'ui://t/"><img src=x onerror=alert(1)>', tool: 'get-time' } } },
      }),
    ];
    const html = sessionToHtml(events, { title: 't' });
    expect(html).toContain('Interactive view (MCP App');
    expect(html).toContain('needs the server');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<iframe/);
  });
});
