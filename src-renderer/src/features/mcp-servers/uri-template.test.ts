import { describe, expect, it } from 'vitest';
import { expandTemplate } from './uri-template';

describe('URI templates', () => {
  const table: Array<[string, Record<string, string>, string]> = [
    ['demo://resource/dynamic/text/{resourceId}', { resourceId: '7' }, 'demo://resource/dynamic/text/7'],
    ['demo://x/{id}', { id: 'a b/c' }, 'demo://x/a%20b%2Fc'],
    ['file://{+path}', { path: '/home/me/a b.txt' }, 'file:///home/me/a%20b.txt'],
    ['https://h/s{?q,lang}', { q: 'glass box', lang: 'en' }, 'https://h/s?q=glass%20box&lang=en'],
    ['https://h/s{?q,lang}', { q: 'x' }, 'https://h/s?q=x'],
    ['https://h{/a,b}', { a: 'one', b: 'two' }, 'https://h/one/two'],
    ['demo://x/{id}', {}, 'demo://x/'],
    ['repo://{owner}/{name}{#frag}', { owner: 'o', name: 'n', frag: 'L10' }, 'repo://o/n#L10'],
  ];
  it.each(table)('%s with %j is %s', (t, v, want) => expect(expandTemplate(t, v)).toBe(want));
});
