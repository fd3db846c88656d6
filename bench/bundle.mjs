// Bundles source modules for a bench the way the app ships them (Vite's SSR build, dependencies
// external) into out/<name>/, and returns a loader of each entry. Through a TypeScript runner
// (jiti) every imported name is read through a getter, which makes hot code slower than it ships.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `entries` maps an output name to a path under src-main/core/ (or a repository path starting
 * with `src-`); resolves with `load(name)` importing that entry's bundle.
 */
export async function bundleForBench(name, entries) {
  const outDir = join(ROOT, 'out', name);
  const input = Object.fromEntries(Object.entries(entries).map(([k, p]) => [k, join(ROOT, p.startsWith('src-') ? p : `src-main/core/${p}`)]));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { input, output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
  return (entry) => import(pathToFileURL(join(outDir, `${entry}.js`)).href);
}
