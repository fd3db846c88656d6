import { describe, expect, it } from 'vitest';
import { allowedHostnames, checkBearerToken, checkHostHeader, checkOriginHeader } from './http-guards';

const loop = allowedHostnames('127.0.0.1');

describe('checkHostHeader', () => {
  it.each([
    ['127.0.0.1:4000', true],
    ['localhost:4000', true],
    ['LOCALHOST:4000', true],
    ['[::1]:4000', true],
    ['127.0.0.1:4001', false],
    ['127.0.0.1', false],
    ['evil.example.com:4000', false],
    ['evil.example.com', false],
    ['127.0.0.1.evil.com:4000', false],
    ['user@127.0.0.1:4000', false],
    ['', false],
    [undefined, false],
  ])('Host %j → ok %s', (host, ok) => {
    expect(checkHostHeader(host, loop, 4000).ok).toBe(ok);
  });

  it('accepts a specific bind address besides loopback', () => {
    const allowed = allowedHostnames('192.168.1.5');
    expect(checkHostHeader('192.168.1.5:4000', allowed, 4000).ok).toBe(true);
    expect(checkHostHeader('192.168.1.6:4000', allowed, 4000).ok).toBe(false);
  });

  it('a wildcard bind answers to the address of every interface (it is reachable there), not to other names', () => {
    const ifaces = () => ['127.0.0.1', '10.1.2.3', '[fe80::1]'];
    for (const bind of ['0.0.0.0', '::']) {
      const allowed = allowedHostnames(bind, bind === '::' ? '::' : '0.0.0.0', ifaces);
      expect(checkHostHeader('10.1.2.3:4000', allowed, 4000).ok).toBe(true);
      expect(checkHostHeader('[fe80::1]:4000', allowed, 4000).ok).toBe(true);
      expect(checkHostHeader('localhost:4000', allowed, 4000).ok).toBe(true);
      expect(checkHostHeader('10.1.2.4:4000', allowed, 4000).ok).toBe(false);
      expect(checkHostHeader('evil.example.com:4000', allowed, 4000).ok).toBe(false);
      expect(checkOriginHeader('http://10.1.2.3:4000', allowed, 4000).ok).toBe(true);
    }
  });

  it('a name bind also answers to the address it resolved to', () => {
    const allowed = allowedHostnames('myhost.lan', '192.168.7.7', () => []);
    expect(checkHostHeader('myhost.lan:4000', allowed, 4000).ok).toBe(true);
    expect(checkHostHeader('192.168.7.7:4000', allowed, 4000).ok).toBe(true);
    expect(checkHostHeader('other.lan:4000', allowed, 4000).ok).toBe(false);
  });
});

describe('checkOriginHeader', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000', true],
    ['http://evil.example.com', false],
    ['http://evil.example.com:4000', false],
    ['http://127.0.0.1:5000', false],
    ['https://127.0.0.1:4000', false],
    ['null', false],
    ['file://', false],
  ])('Origin %j → ok %s', (origin, ok) => {
    expect(checkOriginHeader(origin, loop, 4000).ok).toBe(ok);
  });
});

describe('checkBearerToken', () => {
  it.each<[string | undefined, string | null, boolean, RegExp | null]>([
    ['Bearer s3cret', null, true, null],
    ['bearer s3cret', null, true, null],
    [undefined, 's3cret', true, null],
    ['Bearer wrong!', null, false, /wrong/],
    ['Bearer s3cre', null, false, /wrong/],
    ['Basic czNjcmV0', null, false, /Bearer/],
    [undefined, null, false, /missing/],
    [undefined, '', false, /missing/],
    ['Bearer wrong!', 's3cret', false, /wrong/],
  ])('Authorization %j, query %j → ok %s', (auth, query, ok, reason) => {
    const r = checkBearerToken(auth, query, 's3cret');
    expect(r.ok).toBe(ok);
    if (!r.ok && reason) expect(r.reason).toMatch(reason);
  });
});
