import { describe, expect, it } from 'vitest';
import { mergeImportedServers, parseMcpImport } from './config-import';

describe('parseMcpImport', () => {
  it('reads Claude Desktop / Cursor / .mcp.json (mcpServers)', () => {
    const r = parseMcpImport(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: 1 } },
          remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } },
        },
      }),
      'claude_desktop_config.json',
    );
    expect(r.format).toBe('mcpServers');
    expect(r.servers).toEqual({
      files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } },
      remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } },
    });
    expect(r.warnings).toEqual([]);
  });

  it('reads VS Code mcp.json with comments and trailing commas (servers)', () => {
    const text = `{
      // my servers
      "inputs": [],
      "servers": {
        "gh": { "type": "http", "url": "https://api.example.com/mcp", /* inline */ },
        "local": { "type": "stdio", "command": "node", "args": ["server.js"], "envFile": ".env" },
      },
    }`;
    const r = parseMcpImport(text, '.vscode/mcp.json');
    expect(r.format).toBe('vscode');
    expect(r.servers).toEqual({ gh: { type: 'http', url: 'https://api.example.com/mcp' }, local: { type: 'stdio', command: 'node', args: ['server.js'] } });
    expect(r.warnings).toEqual([`local: ignored 'envFile' (not supported by Glassbox)`]);
  });

  it('reads VS Code settings (mcp.servers)', () => {
    expect(parseMcpImport('{"mcp":{"servers":{"a":{"command":"x"}}}}', 'settings.json')).toMatchObject({ format: 'vscode-settings', servers: { a: { command: 'x' } } });
  });

  it.each([
    ['{"servers":{"bad":{"type":"websocket","url":"ws://x"}}}', /bad: skipped, unsupported type: "websocket" is not one of "stdio", "sse", "http"/],
    ['{"servers":{"bad":{"type":"stdio"}}}', /bad: skipped, type 'stdio' needs a 'command'/],
    ['{"servers":{"bad":"npx"}}', /bad: skipped, not an object/],
    ['{"servers":{"p":{"command":"x","args":["${input:token}"]}}}', /\$\{input:/],
  ])('warns about %s', (text, warning) => {
    expect(parseMcpImport(text, 'f.json').warnings.join('\n')).toMatch(warning);
  });

  it('drops a field of the wrong kind and says which and what was expected, never its value', () => {
    const r = parseMcpImport(
      JSON.stringify({ mcpServers: { s: { command: 'node', args: 'sk-live-secret', env: ['sk-live-two'], disabled: 'yes', timeout: 5, prefix: 1 } } }),
      'c.json',
    );
    expect(r.servers).toEqual({ s: { command: 'node', timeoutMs: 5000 } });
    expect(r.warnings).toEqual([
      's: ignored args: must be a list, not a string; env: must be an object, not a list; disabled: must be true or false, not a string; prefix: must be true or false, not a number',
    ]);
    expect(r.warnings.join('\n')).not.toContain('sk-live');
  });

  it('reads a file whose top is not an object as an error naming the file and what was expected', () => {
    expect(() => parseMcpImport('["sk-live-secret"]', '/x/a.json')).toThrow(/^\/x\/a\.json: must be an object, not a list$/);
    expect(() => parseMcpImport('"sk-live-secret"', '/x/a.json')).toThrow(/^\/x\/a\.json: must be an object, not a string$/);
    // A servers section of the wrong kind is passed over, as another client's file may have one.
    expect(parseMcpImport('{"mcpServers": [1], "servers": {"a": {"command": "x"}}}', 'f.json')).toMatchObject({ format: 'vscode', servers: { a: { command: 'x' } } });
    expect(() => parseMcpImport('{"mcpServers": "x"}', 'f.json')).toThrow(/no 'mcpServers'/);
  });

  it('keeps the order of fields (an imported entry equal to the one in config is "unchanged")', () => {
    const r = parseMcpImport('{"mcpServers":{"s":{"disabledTools":["x"],"timeout":2,"command":"c","type":"stdio"}}}', 'f.json');
    expect(JSON.stringify(r.servers.s)).toBe('{"type":"stdio","command":"c","timeoutMs":2000,"disabledTools":["x"]}');
  });

  it('reports malformed JSON with path and position, and files without servers', () => {
    expect(() => parseMcpImport('{"mcpServers": {', '/x/claude.json')).toThrow(/Malformed JSON in \/x\/claude\.json:1:\d+/);
    expect(() => parseMcpImport('{"other": 1}', '/x/a.json')).toThrow(/no 'mcpServers'/);
  });

  it('keeps comment-like text and ",}" inside strings (the hand-written stripper cut the comma out of a string)', () => {
    const r = parseMcpImport('{"servers": {"s": {"url": "http://x//y", "headers": {"A": "/* no */", "B": "a,}"},}, // c\n}}', 'mcp.json');
    expect(r.servers.s).toMatchObject({ url: 'http://x//y', headers: { A: '/* no */', B: 'a,}' } });
  });

  it('reports a comment-file syntax error with its position, never the text', () => {
    const text = '{"servers": {"s": {"url": "sk-secret-123456" "x": 1}}}';
    const error = (() => {
      try {
        parseMcpImport(text, '/x/mcp.json');
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).toMatch(/^Malformed JSON in \/x\/mcp\.json:1:46: expected ','/);
    expect(error).not.toContain('sk-secret');
  });
});

describe('mergeImportedServers', () => {
  const config = { llm: { model: 'm' }, mcpServers: { a: { command: 'one' }, same: { command: 's' } } };
  it('adds new ids, keeps existing ones unless replace, reports what it did', () => {
    const r = mergeImportedServers(config, { a: { command: 'two' }, b: { url: 'http://x' }, same: { command: 's' } });
    expect(r).toMatchObject({ added: ['b'], skipped: ['a'], unchanged: ['same'], replaced: [] });
    expect(r.config).toEqual({ llm: { model: 'm' }, mcpServers: { a: { command: 'one' }, same: { command: 's' }, b: { url: 'http://x' } } });
    const r2 = mergeImportedServers(config, { a: { command: 'two' } }, { replace: true });
    expect(r2.replaced).toEqual(['a']);
    expect(r2.config.mcpServers!.a).toEqual({ command: 'two' });
    expect(config.mcpServers.a).toEqual({ command: 'one' }); // input untouched
  });
});
