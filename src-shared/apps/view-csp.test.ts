import { describe, expect, it } from 'vitest';
import { buildViewCsp, checkCspSource, cleanCspDomains } from './view-csp';

describe('view CSP', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://*.example.com', 'https://*.example.com'],
    ['wss://rt.example.com:8443', 'wss://rt.example.com:8443'],
    ['HTTPS://CDN.Example.com/', 'https://cdn.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
  ])('accepts the origin %s', (src, out) => {
    expect(checkCspSource(src)).toEqual({ ok: true, source: out });
  });

  it.each([
    ["'unsafe-eval'"],
    ['*'],
    ['https://a.com; script-src *'],
    ['https://a.com *'],
    ['http://evil.example.com'],
    ['https://*.com'],
    ['javascript:alert(1)'],
    ['data:'],
    ['https://a.com/path with space'],
    [''],
  ])('refuses %s', (src) => {
    expect(checkCspSource(src).ok).toBe(false);
  });

  it('allows no network by default', () => {
    const csp = buildViewCsp(undefined);
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/https?:/);
  });

  it('adds declared domains to their directives only, and drops what would rewrite the policy', () => {
    const { domains, refused } = cleanCspDomains({ connectDomains: ['https://api.example.com', "https://x.com; connect-src *"], resourceDomains: ['https://cdn.example.com'], frameDomains: 'https://notalist.com' });
    expect(domains).toEqual({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com'] });
    expect(refused).toHaveLength(1);
    const csp = buildViewCsp(domains);
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://cdn.example.com");
    expect(csp).toContain("frame-src 'none'");
    expect(csp.split(';').filter((d) => d.includes('connect-src'))).toHaveLength(1);
  });
});
