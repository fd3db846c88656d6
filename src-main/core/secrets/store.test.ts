import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandReferences } from './references';
import { collectSecrets } from './config-secrets';
import { SecretStore } from './store';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'gb-secrets-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('the key store and ${secret:NAME}', () => {
  it('stores secrets 0600 and expands references from the home the env names', () => {
    const store = new SecretStore(join(home, 'state'));
    store.set({ 'gh.Authorization.token': 'ghp_abcdef123' });
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
    const env = { GLASSBOX_HOME: home, X: 'ex' };
    expect(expandReferences('Bearer ${secret:gh.Authorization.token} ${env:X}', 'w', env)).toBe('Bearer ghp_abcdef123 ex');
    // Expanded once: a secret that looks like a reference stays as it is.
    store.set({ odd: '${env:X}' });
    expect(expandReferences('${secret:odd}', 'w', env)).toBe('${env:X}');
    expect(() => expandReferences('${secret:missing}', 'mcpServers.a.env.K', env)).toThrow(/mcpServers\.a\.env\.K: secret missing is not in the key store/);
    // Config secrets from the store are hidden like any other.
    expect(collectSecrets({ mcpServers: { gh: { url: 'http://x', headers: { Authorization: 'Bearer ${secret:gh.Authorization.token}' } } } }, env)).toContain('ghp_abcdef123');
    store.remove(['odd']);
    expect(JSON.parse(readFileSync(store.file, 'utf8'))).toEqual({ 'gh.Authorization.token': 'ghp_abcdef123' });
    expect(() => store.set({ '../x': 'y' })).toThrow(/invalid secret name/);
  });
});
