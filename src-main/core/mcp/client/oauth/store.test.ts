import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { EncryptedOAuthStore, type StringCipher } from './encrypted-store';
import { FileOAuthStore } from './file-store';

let base: string;
let dir: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'gb-oauth-store-'));
  dir = join(base, 'state', 'oauth');
});

const record = { serverUrl: 'https://mcp.example.com/mcp', tokens: { access_token: 'at-123456', token_type: 'Bearer', refresh_token: 'rt-123456' } };

describe('FileOAuthStore', () => {
  it('writes 0600 files in a 0700 folder and reads them back; remove forgets', () => {
    const s = new FileOAuthStore(dir);
    s.save('remote', record);
    expect(statSync(join(dir, 'remote.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(new FileOAuthStore(dir).load('remote')).toEqual(record);
    expect(s.remove('remote')).toBe(true);
    expect(s.remove('remote')).toBe(false);
    expect(s.load('remote')).toBeUndefined();
  });

  it.each(['../x', 'a/b', '.hidden', '', 'x'.repeat(65), 'a\\b'])('refuses the id %j as a file name', (id) => {
    const s = new FileOAuthStore(dir);
    expect(() => s.save(id, record)).toThrow('is not a valid MCP server id');
    expect(() => s.load(id)).toThrow('is not a valid MCP server id');
  });

  it('refuses a symlink planted in place of a token file (reading or writing through it)', () => {
    const s = new FileOAuthStore(dir);
    mkdirSync(dir, { recursive: true });
    const elsewhere = join(base, 'elsewhere.json');
    writeFileSync(elsewhere, JSON.stringify(record));
    symlinkSync(elsewhere, join(dir, 'remote.json'));
    expect(() => s.load('remote')).toThrow('it is a symlink');
    // Writing replaces the link itself; the file it pointed at is untouched.
    s.save('remote', { serverUrl: 'https://other.example/mcp' });
    expect(JSON.parse(readFileSync(elsewhere, 'utf8'))).toEqual(record);
    expect(s.load('remote')).toEqual({ serverUrl: 'https://other.example/mcp' });
  });

  it('refuses to write into a symlinked oauth folder', () => {
    mkdirSync(join(base, 'state'), { recursive: true });
    const target = join(base, 'public');
    mkdirSync(target);
    symlinkSync(target, dir);
    expect(() => new FileOAuthStore(dir).save('remote', record)).toThrow('is not a folder');
    expect(existsSync(join(target, 'remote.json'))).toBe(false);
  });

  it('tightens a token file loosened to 0644 when it reads it; a damaged file reads as signed out', () => {
    const s = new FileOAuthStore(dir);
    s.save('remote', record);
    chmodSync(join(dir, 'remote.json'), 0o644);
    expect(s.load('remote')).toEqual(record);
    expect(statSync(join(dir, 'remote.json')).mode & 0o777).toBe(0o600);
    writeFileSync(join(dir, 'remote.json'), '{not json');
    expect(s.load('remote')).toBeUndefined();
  });
});

/** A stand-in for Electron's safeStorage (XOR is not encryption; it only proves the bytes on disk are not the plain record). */
function fakeCipher(available = true): StringCipher {
  const x = (b: Buffer) => Buffer.from(b.map((c) => c ^ 0x5a));
  return { isEncryptionAvailable: () => available, encryptString: (p) => x(Buffer.from(p, 'utf8')), decryptString: (e) => x(e).toString('utf8') };
}

describe('EncryptedOAuthStore', () => {
  it('keeps only ciphertext on disk (0600) and reads it back', () => {
    const s = new EncryptedOAuthStore(dir, fakeCipher());
    s.save('remote', record);
    const onDisk = readFileSync(join(dir, 'remote.bin'));
    expect(onDisk.toString('utf8')).not.toContain('at-123456');
    expect(statSync(join(dir, 'remote.bin')).mode & 0o777).toBe(0o600);
    expect(s.load('remote')).toEqual(record);
  });

  it('without a keychain it refuses to save and reads nothing', () => {
    const s = new EncryptedOAuthStore(dir, fakeCipher(false));
    expect(() => s.save('remote', record)).toThrow('no keychain');
    expect(s.load('remote')).toBeUndefined();
  });
});
