import { describe, expect, it } from 'vitest';
import { LoopbackCallback } from './loopback-callback';

describe('LoopbackCallback', () => {
  it('listens on 127.0.0.1 only, answers other paths 404, takes the redirect with the right state, then closes', async () => {
    const cb = await LoopbackCallback.listen(0, "'notes'");
    cb.expect('s1');
    expect(cb.redirectUrl).toBe(`http://127.0.0.1:${cb.port}/callback`);
    expect((await fetch(`http://127.0.0.1:${cb.port}/favicon.ico`)).status).toBe(404);
    const waiting = cb.wait(5_000);
    const res = await fetch(`${cb.redirectUrl}?code=c1&state=s1&iss=https%3A%2F%2Fas.example`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toContain("signed in to 'notes'");
    const params = await waiting;
    expect(params.get('code')).toBe('c1');
    expect(params.get('iss')).toBe('https://as.example');
    await cb.close();
    await expect(fetch(cb.redirectUrl)).rejects.toThrow();
  });

  it('a request without the right state is ignored (400, nothing from the query shown); the real redirect still signs in', async () => {
    const cb = await LoopbackCallback.listen(0, "'notes'");
    cb.expect('right');
    const waiting = cb.wait(5_000);
    const forged = await fetch(`${cb.redirectUrl}?code=evil&state=%3Cscript%3Ealert(1)%3C%2Fscript%3E`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).not.toContain('script');
    expect((await fetch(`${cb.redirectUrl}?error=access_denied`)).status).toBe(400);
    const real = await fetch(`${cb.redirectUrl}?code=c1&state=right`);
    expect(real.status).toBe(200);
    expect((await waiting).get('code')).toBe('c1');
    await cb.close();
  });

  it('times out when the browser never comes back', async () => {
    const cb = await LoopbackCallback.listen(0, "'notes'");
    cb.expect('s');
    await expect(cb.wait(100)).rejects.toThrow('no redirect came back from the browser within 0 s');
  });

  it('a taken port is an error', async () => {
    const a = await LoopbackCallback.listen(0, 'a');
    await expect(LoopbackCallback.listen(a.port, 'b')).rejects.toThrow(/EADDRINUSE/);
    await a.close();
  });
});
