import { describe, expect, it } from 'vitest';
import { allowedHosts, checkAuthFrame, checkHost, checkOrigin, checkToken, pageCookieName, pageCookieValue, readCookie, safeEqual, staticPathFor } from './security';

const allowed = allowedHosts('127.0.0.1', 4100);

describe('checkHost', () => {
  const table: Array<[string | undefined, boolean]> = [
    ['127.0.0.1:4100', true],
    ['localhost:4100', true],
    ['LOCALHOST:4100', true],
    ['[::1]:4100', true],
    ['127.0.0.1:4101', false],
    ['127.0.0.1', false],
    ['evil.example:4100', false],
    ['attacker.com', false],
    ['127.0.0.1.nip.io:4100', false],
    ['', false],
    [undefined, false],
  ];
  for (const [host, ok] of table) {
    it(`${JSON.stringify(host)} → ${ok ? 'allowed' : '403'}`, () => {
      const v = checkHost(host, allowed);
      expect(v.ok).toBe(ok);
      if (!v.ok) expect(v.status).toBe(403);
    });
  }

  it('a non-loopback --host is allowed by its own name too', () => {
    expect(allowedHosts('192.168.1.5', 80)).toContain('192.168.1.5:80');
    expect(allowedHosts('0.0.0.0', 80)).not.toContain('0.0.0.0:80');
  });

  it('a wildcard bind answers to every interface address, and still to no other name', () => {
    const hosts = allowedHosts('0.0.0.0', 4100, () => ['127.0.0.1', '10.0.0.7', '[fe80::2]']);
    expect(checkHost('10.0.0.7:4100', hosts).ok).toBe(true);
    expect(checkHost('[fe80::2]:4100', hosts).ok).toBe(true);
    expect(checkHost('10.0.0.8:4100', hosts).ok).toBe(false);
    expect(checkHost('evil.example:4100', hosts).ok).toBe(false);
    expect(checkOrigin('http://10.0.0.7:4100', hosts).ok).toBe(true);
    expect(allowedHosts('::', 4100, () => ['10.0.0.7'])).toContain('10.0.0.7:4100');
  });
});

describe('checkOrigin', () => {
  const table: Array<[string | undefined, boolean]> = [
    [undefined, true],
    ['http://127.0.0.1:4100', true],
    ['http://localhost:4100', true],
    ['https://127.0.0.1:4100', false],
    ['http://127.0.0.1:4101', false],
    ['http://evil.example', false],
    ['http://evil.example:4100', false],
    ['null', false],
    ['file://', false],
    ['not a url', false],
    ['http://127.0.0.1:4100/path', false],
  ];
  for (const [origin, ok] of table) {
    it(`${JSON.stringify(origin)} → ${ok ? 'allowed' : '403'}`, () => {
      const v = checkOrigin(origin, allowed);
      expect(v.ok).toBe(ok);
      if (!v.ok) expect(v.status).toBe(403);
    });
  }
});

describe('checkToken', () => {
  const T = 'a'.repeat(64);
  const table: Array<[string, Parameters<typeof checkToken>[0], { ok: boolean; status?: number; via?: string }]> = [
    ['nothing', {}, { ok: false, status: 401 }],
    ['empty query', { query: '' }, { ok: false, status: 401 }],
    ['right query', { query: T }, { ok: true, via: 'query' }],
    ['wrong query', { query: 'b'.repeat(64) }, { ok: false, status: 403 }],
    ['the page cookie (derived value)', { cookie: pageCookieValue(T) }, { ok: true, via: 'cookie' }],
    ['the token itself is not the page cookie', { cookie: T }, { ok: false, status: 403 }],
    ['wrong cookie', { cookie: 'nope' }, { ok: false, status: 403 }],
    ['the derived value is not the token', { header: pageCookieValue(T) }, { ok: false, status: 403 }],
    ['page cookie and right header: the header (the token) wins', { cookie: pageCookieValue(T), header: T }, { ok: true, via: 'header' }],
    ['bearer header', { authorization: `Bearer ${T}` }, { ok: true, via: 'header' }],
    ['basic header is not a token', { authorization: `Basic ${T}` }, { ok: false, status: 401 }],
    ['x-glassbox-token header', { header: T }, { ok: true, via: 'header' }],
    ['prefix of the token', { query: T.slice(0, 63) }, { ok: false, status: 403 }],
    ['wrong cookie, right header', { cookie: 'x', header: T }, { ok: true, via: 'header' }],
  ];
  for (const [name, sources, want] of table) {
    it(name, () => {
      const v = checkToken(sources, T);
      expect(v.ok).toBe(want.ok);
      if (!v.ok) expect(v.status).toBe(want.status);
      else expect(v.via).toBe(want.via);
    });
  }
  it('the page cookie is derived from the token and does not contain it', () => {
    expect(pageCookieValue(T)).toMatch(/^[0-9a-f]{64}$/);
    expect(pageCookieValue(T)).not.toContain(T.slice(0, 8));
    expect(pageCookieValue('b'.repeat(64))).not.toBe(pageCookieValue(T));
  });
  it('safeEqual', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});

describe('checkAuthFrame', () => {
  const T = 'c'.repeat(64);
  const table: Array<[string, string, { ok: boolean; status?: number }]> = [
    ['the token', JSON.stringify({ kind: 'auth', token: T }), { ok: true }],
    ['a wrong token', JSON.stringify({ kind: 'auth', token: 'x' }), { ok: false, status: 403 }],
    ['the page cookie value instead', JSON.stringify({ kind: 'auth', token: pageCookieValue(T) }), { ok: false, status: 403 }],
    ['a call first', JSON.stringify({ kind: 'call', id: 1, method: 'agent.state', args: [] }), { ok: false, status: 401 }],
    ['an empty token', JSON.stringify({ kind: 'auth', token: '' }), { ok: false, status: 401 }],
    ['a number', JSON.stringify({ kind: 'auth', token: 1 }), { ok: false, status: 401 }],
    ['null', 'null', { ok: false, status: 401 }],
    ['not JSON', 'token ' + T, { ok: false, status: 401 }],
  ];
  for (const [name, frame, want] of table) {
    it(name, () => {
      const v = checkAuthFrame(frame, T);
      expect(v.ok).toBe(want.ok);
      if (!v.ok) expect(v.status).toBe(want.status);
    });
  }
});

describe('readCookie', () => {
  it('finds its cookie among others', () => {
    expect(readCookie('a=1; glassbox_page_4100=xyz; b=2', pageCookieName(4100))).toBe('xyz');
    expect(readCookie('glassbox_page_4101=xyz', pageCookieName(4100))).toBeUndefined();
    expect(readCookie(undefined, 'x')).toBeUndefined();
    expect(readCookie('x=%E0%A4%A', 'x')).toBeUndefined();
  });
});

describe('staticPathFor', () => {
  const table: Array<[string, string | null]> = [
    ['/', 'index.html'],
    ['/assets/index-abc.js', 'assets/index-abc.js'],
    ['/assets/../index.html', null],
    ['/../../etc/passwd', null],
    ['/%2e%2e/%2e%2e/etc/passwd', null],
    ['/a/./b', 'a/b'],
    ['/a%00b', null],
    ['/a\\..\\b', null],
    ['/%E0%A4%A', null],
    ['/?token=x', 'index.html'],
  ];
  for (const [p, want] of table) it(`${p} → ${want}`, () => expect(staticPathFor(p)).toBe(want));
});
