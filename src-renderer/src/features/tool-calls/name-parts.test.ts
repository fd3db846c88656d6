import { describe, expect, it } from 'vitest';
import { nameParts } from './name-parts';

describe('nameParts', () => {
  it('cuts after each separator and keeps the name whole when joined', () => {
    expect(nameParts('mcp_everything_get-structured-content')).toEqual(['mcp_', 'everything_', 'get-', 'structured-', 'content']);
    expect(nameParts('bash')).toEqual(['bash']);
    expect(nameParts('a__b')).toEqual(['a__', 'b']);
    expect(nameParts('_x_')).toEqual(['_', 'x_']);
    expect(nameParts('')).toEqual([]);
    for (const n of ['mcp_a.b/c:d-e', 'x--', '--x', 'ünï_cødé', 'a b_c']) expect(nameParts(n).join('')).toBe(n);
  });
});
