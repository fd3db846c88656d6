import { describe, expect, it } from 'vitest';
import { mcpToolName, sanitizeToolName } from './tool-name';

describe('mcpToolName', () => {
  it.each([
    ['everything', 'echo', true, 'mcp_everything_echo'],
    ['everything', 'get-sum', true, 'mcp_everything_get-sum'],
    ['my server', 'read.file', true, 'mcp_my_server_read_file'],
    ['a', 'x//y', true, 'mcp_a_x_y'],
    ['srv', '__weird__', true, 'mcp_srv_weird'],
    ['srv', 'ünïcode tool', true, 'mcp_srv_n_code_tool'],
    ['browser', 'browser_navigate', false, 'browser_navigate'],
    ['browser', '.dot', false, 'dot'],
  ])('%s / %s (prefix %s) → %s', (server, tool, prefix, expected) => {
    expect(mcpToolName(server, tool, prefix)).toBe(expected);
  });

  it('cuts to 64 characters', () => {
    const name = mcpToolName('server', 'x'.repeat(100));
    expect(name).toHaveLength(64);
    expect(name.startsWith('mcp_server_xxx')).toBe(true);
  });

  it('collapses runs of underscores that sanitising creates', () => {
    expect(sanitizeToolName('a  ..  b')).toBe('a_b');
    expect(sanitizeToolName('--a--')).toBe('--a--');
  });
});
