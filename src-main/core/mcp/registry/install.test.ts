import { describe, expect, it } from 'vitest';
import { buildInstall, defaultOption, defaultServerId, installInputs, installOptions } from './install';
import { RegistryServerSchema, type RegistryServer } from './schema';

const weather: RegistryServer = RegistryServerSchema.parse({
  name: 'io.github.user/local-weather',
  description: 'Local MCP server distributed as an npm package.',
  version: '1.0.0',
  packages: [
    {
      registryType: 'npm',
      identifier: '@modelcontextprotocol/server-weather',
      version: '1.0.0',
      transport: { type: 'stdio' },
      packageArguments: [
        { type: 'positional', valueHint: 'config_path', isRequired: true },
        { type: 'named', name: '--port', value: '8080' },
      ],
      environmentVariables: [
        { name: 'API_KEY', isSecret: true, isRequired: true },
        { name: 'UNITS', default: 'metric' },
      ],
    },
  ],
  remotes: [{ type: 'streamable-http', url: 'https://{host}/mcp', variables: { host: { default: 'api.example.com' } }, headers: [{ name: 'Authorization', value: 'Bearer {token}', variables: { token: { isSecret: true, isRequired: true } } }] }],
});

describe('registry install', () => {
  it('lists the options, packages first', () => {
    expect(installOptions(weather).map((o) => [o.key, o.kind, o.label])).toEqual([
      ['package:0', 'npm', 'npx @modelcontextprotocol/server-weather@1.0.0 (stdio)'],
      ['remote:0', 'remote', 'streamable-http https://{host}/mcp'],
    ]);
    expect(defaultOption(weather)?.key).toBe('package:0');
    expect(defaultServerId(weather.name)).toBe('local-weather');
  });

  it('builds an npm entry, version pinned, the secret as a key-store reference', () => {
    expect(installInputs(weather, 'package:0').map((i) => [i.key, i.target, i.isSecret, i.isRequired])).toEqual([
      ['API_KEY', 'env', true, true],
      ['UNITS', 'env', false, false],
      ['config_path', 'argument', false, true],
    ]);
    const r = buildInstall(weather, 'package:0', 'wx', { API_KEY: 'k-123456', config_path: '/etc/wx.json' });
    expect(r.config).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-weather@1.0.0', '/etc/wx.json', '--port=8080'],
      env: { API_KEY: '${secret:wx.API_KEY}', UNITS: 'metric' },
      registry: { name: 'io.github.user/local-weather', version: '1.0.0' },
    });
    expect(r.secrets).toEqual({ 'wx.API_KEY': 'k-123456' });
  });

  it('names every missing required value', () => {
    expect(() => buildInstall(weather, 'package:0', 'wx', {})).toThrow(/needs 'API_KEY', 'config_path'/);
  });

  it('fills a remote URL and a header template; the secret part becomes a reference', () => {
    const r = buildInstall(weather, 'remote:0', 'wx', { 'Authorization.token': 'ghp_abcdef' });
    expect(r.config).toEqual({ type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${secret:wx.Authorization.token}' }, registry: { name: weather.name, version: '1.0.0' } });
    expect(r.secrets).toEqual({ 'wx.Authorization.token': 'ghp_abcdef' });
  });

  it('maps pypi to uvx and oci to docker with -e NAME (values stay out of the command line)', () => {
    const s = RegistryServerSchema.parse({
      name: 'a/b',
      version: '2.0.0',
      packages: [
        { registryType: 'pypi', identifier: 'mcp-server-fetch', version: '2025.4.7', transport: { type: 'stdio' } },
        { registryType: 'oci', identifier: 'ghcr.io/github/github-mcp-server', version: '0.13.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'TOKEN', isSecret: true, isRequired: true }] },
        { registryType: 'mcpb', identifier: 'https://x/y.mcpb', transport: { type: 'stdio' } },
      ],
    });
    expect(buildInstall(s, 'package:0', 'f', {}).config).toMatchObject({ command: 'uvx', args: ['mcp-server-fetch==2025.4.7'] });
    expect(buildInstall(s, 'package:1', 'g', { TOKEN: 't0k3n-xyz' }).config).toMatchObject({ command: 'docker', args: ['run', '-i', '--rm', '-e', 'TOKEN', 'ghcr.io/github/github-mcp-server:0.13.0'], env: { TOKEN: '${secret:g.TOKEN}' } });
    expect(installOptions(s)[2]!.unsupported).toMatch(/mcpb packages are not installed/);
  });

  it.each([
    ['a registry value naming an environment variable', { environmentVariables: [{ name: 'X', value: '${env:OPENAI_API_KEY}' }] }, /contains "\$\{"/],
    ['a default naming one', { environmentVariables: [{ name: 'X', default: '${HOME}' }] }, /contains "\$\{"/],
    ['an identifier that is an npx option', { identifier: '--call=touch /tmp/pwned' }, /is not an npm package name/],
    ['a version range', { version: '^1.0.0' }, /not a pinned version/],
    ['a version "latest"', { version: 'latest' }, /not a pinned version/],
    ['an env name that is not one', { environmentVariables: [{ name: 'A=B' }] }, /not an environment variable name/],
  ])('refuses %s', (_l, patch, message) => {
    const s = RegistryServerSchema.parse({ name: 'x/y', version: '1.0.0', packages: [{ registryType: 'npm', identifier: 'ok-pkg', version: '1.0.0', transport: { type: 'stdio' }, ...patch }] });
    expect(() => buildInstall(s, 'package:0', 'y', {})).toThrow(message);
  });

  it('refuses a remote that is not http(s)', () => {
    const s = RegistryServerSchema.parse({ name: 'x/y', version: '1', remotes: [{ type: 'sse', url: 'file:///etc/passwd' }] });
    expect(() => buildInstall(s, 'remote:0', 'y', {})).toThrow(/must be http/);
  });
});
