import { describe, expect, it } from 'vitest';
import { UriTemplateMatcher } from './uri-template';

describe('UriTemplateMatcher', () => {
  it.each<[string, string, Record<string, string> | undefined]>([
    ['test://template/{id}/data', 'test://template/123/data', { id: '123' }],
    ['test://template/{id}/data', 'test://template/1/2/data', undefined],
    ['test://template/{id}/data', 'test://template/a%20b/data', { id: 'a b' }],
    ['file://{+path}', 'file:///tmp/a/b.txt', { path: '/tmp/a/b.txt' }],
    ['glassbox://sessions/{id}', 'glassbox://sessions/abc', { id: 'abc' }],
    ['glassbox://sessions/{id}', 'glassbox://sessions/abc/def', undefined],
    ['glassbox://sessions/{id}', 'glassbox://sessions/%E0%A4%A', undefined],
    ['x://a.b/{id}', 'x://aXb/1', undefined],
    ['doc://{name}{#section}', 'doc://intro#usage', { name: 'intro', section: 'usage' }],
  ])('%s matches %s → %j', (template, uri, vars) => {
    expect(new UriTemplateMatcher(template).match(uri)).toEqual(vars);
  });

  it.each(['x://{id', 'x://id}', 'x://a{?q}', 'x://{a,b}'])('refuses %s', (t) => {
    expect(() => new UriTemplateMatcher(t)).toThrow(/unsupported URI template/);
  });
});
