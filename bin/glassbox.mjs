#!/usr/bin/env node
// The `glassbox` command: loads the built CLI (npm install builds it via `prepare`).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'main', 'cli.js');
if (!existsSync(entry)) {
  process.stderr.write('glassbox: the CLI is not built yet; run `npm run build` in the Glassbox folder.\n');
  process.exit(2);
}
const { main } = await import(pathToFileURL(entry).href);
const code = await main(process.argv.slice(2));
// Let pending writes flush, then exit with the command's code (servers keep the loop alive
// themselves and only resolve on signal/EOF).
process.exitCode = code;
if (!process.env.GLASSBOX_NO_EXIT) setImmediate(() => process.exit(code));
