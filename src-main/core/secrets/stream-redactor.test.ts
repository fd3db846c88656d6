import { describe, expect, it } from 'vitest';
import { REDACTED, SecretRedactor } from './redactor';
import { StreamRedactor } from './stream-redactor';

/** Streams `pieces` through a fresh StreamRedactor; returns every delta it emitted (end's last). */
function stream(redactor: SecretRedactor, pieces: string[]): string[] {
  const s = new StreamRedactor(redactor);
  const out = pieces.map((p) => s.push(p));
  out.push(s.end());
  return out;
}

/** True when no emitted delta holds `secret`'s characters at a position that could reassemble it. */
function leaksAnyPart(deltas: string[], secret: string): boolean {
  // Joined, the deltas are what a reader of every message_update sees in order.
  return deltas.join('').includes(secret) || deltas.some((d) => d.includes(secret));
}

const KEY = 'sk-live-0123456789abcdef';

describe('StreamRedactor', () => {
  it('never emits a secret split at any position across 2 chunks; the deltas join to the redacted text', () => {
    const r = new SecretRedactor([KEY]);
    const text = `The key is ${KEY}, keep it safe.`;
    for (let i = 0; i <= text.length; i++) {
      const deltas = stream(r, [text.slice(0, i), text.slice(i)]);
      expect(leaksAnyPart(deltas, KEY), `split at ${i}`).toBe(false);
      expect(deltas.join(''), `split at ${i}`).toBe(`The key is ${REDACTED}, keep it safe.`);
      expect(deltas.join('')).toBe(r.redact(text));
    }
  });

  it('never emits a secret split at every pair of positions across 3 chunks', () => {
    const r = new SecretRedactor([KEY]);
    const text = `a ${KEY} b ${KEY}`;
    const start = text.indexOf(KEY);
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j++) {
        const deltas = stream(r, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
        expect(deltas.join(''), `split at ${i}, ${j}`).toBe(`a ${REDACTED} b ${REDACTED}`);
        // No delta carries any piece of the key long enough to be a key fragment beyond its first character.
        for (const d of deltas) {
          for (let k = 2; k <= KEY.length; k++) {
            for (let p = 0; p + k <= KEY.length; p++) {
              if (d.includes(KEY.slice(p, p + k)) && !REDACTED.includes(KEY.slice(p, p + k))) {
                throw new Error(`split at ${i}, ${j} (key at ${start}): delta ${JSON.stringify(d)} holds ${JSON.stringify(KEY.slice(p, p + k))}`);
              }
            }
          }
        }
      }
    }
  });

  it('does not delay text that cannot begin a secret', () => {
    const r = new SecretRedactor([KEY]);
    const s = new StreamRedactor(r);
    expect(s.push('Hello, ')).toBe('Hello, ');
    expect(s.push('world. ')).toBe('world. ');
    expect(s.push('All done')).toBe('All done');
    expect(s.end()).toBe('');
  });

  it('holds only the tail that could begin a secret, and lets it go once it cannot', () => {
    const r = new SecretRedactor([KEY]);
    const s = new StreamRedactor(r);
    expect(s.push('use sk-li')).toBe('use ');
    expect(s.push('ly')).toBe('sk-lily');
    // A proper prefix at the very end of the message is released by end().
    expect(s.push(' then sk-live-01')).toBe(' then ');
    expect(s.end()).toBe('sk-live-01');
  });

  it('redacts the JSON-escaped form of a secret, also when split inside its escape sequences', () => {
    const secret = 'pa"ss\\word-42';
    const escaped = JSON.stringify(secret).slice(1, -1); // pa\"ss\\word-42
    const r = new SecretRedactor([secret]);
    const text = `raw ${secret} and json {"k":"${escaped}"}`;
    for (let i = 0; i <= text.length; i++) {
      const deltas = stream(r, [text.slice(0, i), text.slice(i)]);
      expect(deltas.join(''), `split at ${i}`).toBe(`raw ${REDACTED} and json {"k":"${REDACTED}"}`);
      expect(deltas.some((d) => d.includes('ss\\') || d.includes('pa"') || d.includes('pa\\"'))).toBe(false);
    }
  });

  it('hides nested secrets (one inside another) as one', () => {
    const outer = 'Bearer tok-123456789';
    const inner = 'tok-123456789';
    const r = new SecretRedactor([inner, outer]);
    const text = `Authorization: ${outer}; alone: ${inner}.`;
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j += 3) {
        const deltas = stream(r, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
        expect(deltas.join(''), `split at ${i}, ${j}`).toBe(`Authorization: ${REDACTED}; alone: ${REDACTED}.`);
      }
    }
  });

  it('hides every character of two overlapping secrets (no piece of the second left over)', () => {
    const a = 'AAAA-shared-XY';
    const b = 'shared-XY-BBBB';
    const r = new SecretRedactor([a, b]);
    const text = `x AAAA-shared-XY-BBBB y`;
    expect(r.redact(text)).toBe(`x ${REDACTED} y`);
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j++) {
        const deltas = stream(r, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
        expect(deltas.join(''), `split at ${i}, ${j}`).toBe(`x ${REDACTED} y`);
      }
    }
  });

  it('one character at a time gives the same result as the whole text', () => {
    const r = new SecretRedactor([KEY, 'hunter2hunter2']);
    const text = `s${KEY}${KEY}hunter2hunter2 sk-live-0 hunter2hunte! ${KEY.slice(0, -1)}`;
    const deltas = stream(r, [...text]);
    expect(deltas.join('')).toBe(r.redact(text));
    expect(deltas.join('')).toBe(`s${REDACTED}${REDACTED}${REDACTED} sk-live-0 hunter2hunte! ${KEY.slice(0, -1)}`);
    expect(leaksAnyPart(deltas, KEY)).toBe(false);
  });

  it('flushes what it holds at the end, redacted', () => {
    const r = new SecretRedactor([KEY]);
    const s = new StreamRedactor(r);
    // The secret completes the stream: held until end, which returns it redacted.
    expect(s.push(`done: ${KEY.slice(0, 10)}`)).toBe('done: ');
    expect(s.push(KEY.slice(10))).toBe(REDACTED);
    expect(s.push('sk-')).toBe('');
    expect(s.end()).toBe('sk-');
    expect(s.end()).toBe('');
  });

  it('random texts over a small alphabet, cut at random places: always the redacted whole text', () => {
    // Small alphabet and short overlapping secrets make partial matches, nesting and overlaps common.
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // Each at least MIN_SECRET_LENGTH (6) characters: shorter values are not secrets.
    const secrets = ['abab-ab', 'b-abba', 'ab-aba', 'aab-abb'];
    const r = new SecretRedactor(secrets);
    // Checked with plain comparisons and asserted once: 60,000 expect() calls with their messages
    // took 41 s on a loaded machine (past the test timeout) for the same property.
    const wrong: unknown[] = [];
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 5 + rand(40) }, () => 'ab-'[rand(3)]).join('');
      const cuts = Array.from({ length: rand(5) }, () => rand(text.length + 1)).sort((x, y) => x - y);
      const pieces = [0, ...cuts].map((c, k, all) => text.slice(c, all[k + 1] ?? text.length));
      const deltas = stream(r, pieces);
      if (deltas.join('') !== r.redact(text)) wrong.push({ pieces, streamed: deltas.join(''), whole: r.redact(text) });
      for (const d of deltas) for (const sec of secrets) if (d.includes(sec)) wrong.push({ pieces, delta: d, shows: sec });
    }
    expect(wrong).toEqual([]);
  });

  it('is a pass-through without secrets', () => {
    const r = new SecretRedactor([]);
    const s = new StreamRedactor(r);
    expect(s.active).toBe(false);
    const piece = 'sk-live-0123';
    expect(s.push(piece)).toBe(piece); // the very same string, nothing held
    expect(s.end()).toBe('');
  });
});

describe('SecretRedactor.redactValue', () => {
  it('redacts every string of an event (keys too), copy on write, keeping it valid data', () => {
    const r = new SecretRedactor([KEY, 'pa"ss\\word']);
    const clean = { type: 'log', message: 'nothing here', nested: [{ a: 1 }, 'x'] };
    expect(r.redactValue(clean)).toBe(clean);
    const event = {
      type: 'tool_execution_end',
      result: { output: `OPENAI_API_KEY=${KEY}\n`, images: [], error: null },
      // Tool output that printed JSON holds the escaped form; in a serialized event it is escaped twice.
      args: { [KEY]: 'as a key', list: ['ok', `printed: ${JSON.stringify({ password: 'pa"ss\\word' })}`] },
    };
    const out = r.redactValue(event);
    expect(out).not.toBe(event);
    expect(JSON.stringify(out)).not.toContain(KEY);
    expect(out.result.output).toBe(`OPENAI_API_KEY=${REDACTED}\n`);
    expect(Object.keys(out.args)).toEqual([REDACTED, 'list']);
    expect(out.args.list[0]).toBe('ok');
    expect(out.args.list[1]).toBe(`printed: {"password":"${REDACTED}"}`);
    // Line redaction of the serialized event cannot see that one.
    expect(r.redact(JSON.stringify(event.args.list[1]))).toContain('ss\\');
    // The input is not changed.
    expect(event.result.output).toContain(KEY);
  });
});
