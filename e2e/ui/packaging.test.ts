import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli';

// `npm run dist` cannot run here (no Electron binary, no network), so this checks what it
// would use: electron-builder's own loader and schema validation of electron-builder.yml.

const require = createRequire(join(ROOT, 'package.json'));

describe('electron-builder config', () => {
  it('passes electron-builder validation with the targets and fuses we promise', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      getConfig: (dir: string, path: string | null, opts: null) => Promise<Record<string, unknown>>;
      validateConfiguration: (c: unknown, logger: unknown) => Promise<void>;
    };
    const { DebugLogger } = require('builder-util/out/DebugLogger') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = await getConfig(ROOT, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config).toMatchObject({
      linux: { target: ['AppImage', 'deb'] },
      mac: { target: 'dmg' },
      win: { target: 'nsis' },
      electronFuses: {
        runAsNode: true,
        enableNodeOptionsEnvironmentVariable: false,
        enableNodeCliInspectArguments: false,
        onlyLoadAppFromAsar: true,
        enableEmbeddedAsarIntegrityValidation: true,
      },
    });
    const pkg = require('./package.json') as { scripts: Record<string, string> };
    expect(pkg.scripts.dist).toContain('electron-builder');
  });
});
