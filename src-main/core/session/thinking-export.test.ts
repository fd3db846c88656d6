import { describe, expect, it } from 'vitest';
import type { EventInput, GlassboxEvent } from '../../../src-shared/events/event-types';
import { emptySession, indexEvents } from '../search/session-docs';
import { sessionToHtml } from './session-html';

// The model's thinking in search and in the HTML export: found as its own kind of hit, shown
// folded above the answer, a redacted block as such, its text escaped.

let seq = 0;
const ev = (input: EventInput): GlassboxEvent => ({ ...input, seq: ++seq, ts: 1_700_000_000_000 + seq, session: 's' }) as GlassboxEvent;
const events = [
  ev({ type: 'agent_start', task: 'fix it' }),
  ev({ type: 'message_end', messageId: 'm', role: 'assistant', content: 'Done.', thinking: 'The <b>parser</b> is off by one.\n\n[redacted]' }),
];

describe('thinking in search and export', () => {
  it('search indexes the thinking as a hit of its own', () => {
    const s = emptySession('s');
    indexEvents(s, events);
    const doc = s.docs.find((d) => d.kind === 'thinking');
    expect(doc).toBeDefined();
    expect(s.text.slice(doc!.start, doc!.end)).toContain('The <b>parser</b> is off by one.');
    expect(s.docs.find((d) => d.kind === 'assistant')).toBeDefined();
  });

  it('the HTML export folds it above the answer, escaped, with redacted blocks marked', () => {
    const html = sessionToHtml(events, { title: 't', redact: (x) => x.replace('off by one', 'off by [KEY]') });
    const thinking = html.indexOf('<details class="thinking"');
    expect(thinking).toBeGreaterThan(0);
    expect(thinking).toBeLessThan(html.indexOf('Done.'));
    expect(html).toContain('The &lt;b&gt;parser&lt;/b&gt; is off by [KEY].');
    expect(html).toContain('<span class="redacted">redacted by the provider</span>');
    expect(html).not.toContain('[redacted]');
  });
});
