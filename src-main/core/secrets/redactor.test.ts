import { describe, expect, it } from 'vitest';
import { McpTrafficLog } from '../mcp/client/traffic-log';
import { MIN_SECRET_LENGTH, REDACTED, SecretRedactor, secretForms } from './redactor';
import { StreamRedactor } from './stream-redactor';

/** What a stream of pieces shows, delta by delta. */
function stream(r: SecretRedactor, pieces: string[]): string[] {
  const s = new StreamRedactor(r);
  const out = pieces.map((p) => s.push(p));
  out.push(s.end());
  return out.filter((d) => d !== '');
}

const KEY = 'sk-live+Abc/123=xyz'; // base64-ish characters: '+', '/' and '=' change when URL-encoded

describe('the one mask: forms of a secret', () => {
  it('hides a secret URL-encoded (a query string, a form body)', () => {
    const r = new SecretRedactor([KEY]);
    const url = `https://h/x?${new URLSearchParams({ key: KEY, q: 'ok' }).toString()}`;
    expect(url).not.toContain(KEY); // it is only there encoded
    expect(r.redact(url)).toBe(`https://h/x?key=${REDACTED}&q=ok`);
    expect(r.redact(`curl -d key=${encodeURIComponent(KEY)}`)).toBe(`curl -d key=${REDACTED}`);
  });

  it('hides a secret JSON-escaped (inside a JSON string)', () => {
    const secret = 'pa"ss\\word-42';
    const r = new SecretRedactor([secret]);
    expect(r.redact(JSON.stringify({ password: secret }))).toBe(`{"password":"${REDACTED}"}`);
  });

  it('hides a password base64-encoded inside a Basic Authorization header, whatever the user name before it', () => {
    const password = 'correct-horse-battery';
    const r = new SecretRedactor([password]);
    for (const user of ['a', 'bo', 'eve', 'mallory', 'x'.repeat(17)]) {
      const header = `Authorization: Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const shown = r.redact(header);
      expect(shown, user).toContain(REDACTED);
      // What is left around the mask cannot be decoded back to the password (nor a long piece of it).
      const rest = shown.replace('Authorization: Basic ', '').split(REDACTED);
      for (const piece of rest) expect(Buffer.from(piece, 'base64').toString('latin1')).not.toMatch(/horse|battery/);
    }
  });

  it('hides a secret base64url-encoded (a JWT-like token carrying it)', () => {
    const secret = 'tok?>>>~~~secret-value';
    const b64url = Buffer.from(`{"k":"${secret}"}`).toString('base64url');
    expect(new SecretRedactor([secret]).redact(b64url)).toContain(REDACTED);
  });

  it('ignores very short values: a one-letter or five-letter "secret" masks nothing', () => {
    expect(MIN_SECRET_LENGTH).toBe(6);
    const r = new SecretRedactor(['a', 'test', 'admin']);
    expect(r.active).toBe(false);
    expect(r.redact('a test by the admin')).toBe('a test by the admin');
    expect(secretForms('abcde')).toEqual([]);
    const six = new SecretRedactor(['abcdef']);
    expect(six.redact('xx abcdef yy')).toBe(`xx ${REDACTED} yy`);
    // Base64 pieces shorter than 8 characters are not searched for (they would match real data by chance).
    expect(secretForms('abcdef').every((f) => f.length >= 6)).toBe(true);
  });

  it('add(): a secret learnt later (an OAuth token) is hidden in every form too', () => {
    const r = new SecretRedactor([]);
    r.add('a');
    expect(r.active).toBe(false);
    r.add(KEY);
    expect(r.redact(`t=${encodeURIComponent(KEY)}`)).toBe(`t=${REDACTED}`);
  });
});

describe('split across stream chunks', () => {
  it('never shows a piece of a URL-encoded or base64 secret, wherever the stream is cut', () => {
    const r = new SecretRedactor([KEY]);
    const b64 = Buffer.from(`user:${KEY}`).toString('base64');
    const text = `GET /x?key=${encodeURIComponent(KEY)} then Basic ${b64} done`;
    const whole = r.redact(text);
    expect(whole).not.toContain(encodeURIComponent(KEY));
    for (let i = 0; i <= text.length; i++) {
      const deltas = stream(r, [text.slice(0, i), text.slice(i)]);
      expect(deltas.join(''), `cut at ${i}`).toBe(whole);
      // No delta carries any form of the key: URL-encoded, or a stable piece of its base64.
      for (const d of deltas) for (const f of secretForms(KEY)) expect(d, `cut at ${i}`).not.toContain(f);
    }
  });
});

describe('the traffic log and the session files hide the same things', () => {
  it('a secret sent URL-encoded in a query is hidden in the traffic log (before, only the raw form was)', async () => {
    const log = new McpTrafficLog();
    log.redactor = new SecretRedactor([KEY]);
    const fetch = log.observingFetch(async () => new Response('{}', { status: 200 }));
    await fetch(`http://127.0.0.1:1/mcp?${new URLSearchParams({ token: KEY }).toString()}`, { method: 'POST' });
    const [entry] = log.entries();
    expect(entry).toMatchObject({ kind: 'http', url: `http://127.0.0.1:1/mcp?token=${REDACTED}` });
    expect(JSON.stringify(entry)).not.toContain(encodeURIComponent(KEY));
  });
});
