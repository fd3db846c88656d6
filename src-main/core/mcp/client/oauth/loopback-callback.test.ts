import { describe, expect, it } from 'vitest';
import { LoopbackCallback } from './loopback-callback';

describe('LoopbackCallback', () => {
  it('listens on 127.0.0.1 only, answers other paths 404, takes the redirect with the right state, then closes', async () => {
    const cb = await LoopbackCallback.listen(0, "'notes'");
    cb.expect('s1');
    expect(cb.redirectUrl).toBe(`http://127.0.0.1:${cb.port}/callback`);
    expect((await fetch(`http://127.0.0.1:${cb.port}/favicon.ico`)).status).toBe(404);
    const waiting = cb.wait(5_000);
    const page = fetch(`${cb.redirectUrl}?code=c1&state=s1&iss=https%3A%2F%2Fas.example`);
    const params = await waiting;
    expect(params.get('code')).toBe('c1');
    expect(params.get('iss')).toBe('https://as.example');
    // The page waits for the code to be redeemed, then says how it went.
    cb.reply({ ok: true });
    const res = await page;
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toContain("signed in to 'notes'");
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
    const real = fetch(`${cb.redirectUrl}?code=c1&state=right`);
    expect((await waiting).get('code')).toBe('c1');
    cb.reply({ ok: true });
    expect((await real).status).toBe(200);
    await cb.close();
  });

  it("the page says what the sign-in said: a failed exchange's reason, or that it ended unfinished", async () => {
    const cb = await LoopbackCallback.listen(0, "'notes'");
    cb.expect('s');
    const waiting = cb.wait(5_000);
    const page = fetch(`${cb.redirectUrl}?code=c&state=s&iss=http%3A%2F%2Fevil.example`);
    await waiting;
    cb.reply({ ok: false, reason: "the redirect named issuer 'http://evil.example'" });
    const text = await (await page).text();
    expect(text).toContain("the sign-in to 'notes' failed: the redirect named issuer 'http://evil.example'");
    expect(text).not.toContain('signed in to');
    await cb.close();

    const cb2 = await LoopbackCallback.listen(0, "'notes'");
    cb2.expect('s');
    const waiting2 = cb2.wait(5_000);
    const page2 = fetch(`${cb2.redirectUrl}?code=c&state=s`);
    await waiting2;
    await cb2.close();
    expect(await (await page2).text()).toContain('failed: it ended before the code was redeemed.');
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
