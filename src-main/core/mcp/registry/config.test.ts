import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config/config-error';
import { registrySettings } from './config';

describe('registrySettings', () => {
  it('admits every server without an allowlist', () => {
    expect(registrySettings({}).allowed('com.acme/tools')).toBe(true);
  });

  it('reads mcp.allow as the one glob of approval rules and search (`*` crosses `/`, braces)', () => {
    const allowed = (allow: string[], name: string) => registrySettings({ mcp: { allow } }).allowed(name);
    expect(allowed(['io.github.modelcontextprotocol/*'], 'io.github.modelcontextprotocol/server-everything')).toBe(true);
    expect(allowed(['io.github.modelcontextprotocol/*'], 'io.github.evil/server-everything')).toBe(false);
    // Meanings that differed under picomatch: `*` stopped at `/` (so "*" admitted no server).
    expect(allowed(['*'], 'com.acme/tools')).toBe(true);
    expect(allowed(['**'], 'com.acme/tools')).toBe(true);
    expect(allowed(['com.{acme,example}/*'], 'com.example/x')).toBe(true);
    expect(allowed(['com.{acme,example}/*'], 'com.other/x')).toBe(false);
    expect(allowed(['com.acme/too?s'], 'com.acme/tools')).toBe(true);
    // Exact: no case folding.
    expect(allowed(['com.acme/*'], 'COM.ACME/tools')).toBe(false);
  });

  it('refuses a glob whose braces expand too far, naming the entry', () => {
    expect(() => registrySettings({ mcp: { allow: ['{a,b}'.repeat(9)] } })).toThrow(ConfigError);
    expect(() => registrySettings({ mcp: { allow: ['{a,b}'.repeat(9)] } })).toThrow(/^mcp\.allow\[0\]: a glob whose braces expand to more than 256 patterns$/);
  });
});
