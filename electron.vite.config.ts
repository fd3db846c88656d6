import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

/**
 * Three builds: main (Electron entry + the CLI entry, which never loads electron),
 * preload (sandboxed, CommonJS) and the renderer (React). The CLI and web host share
 * main's output so `npx glassbox` works from the same build the app uses.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src-main/electron/main.ts'),
          cli: resolve(__dirname, 'src-main/cli/index.ts'),
          // The OpenTelemetry export's worker thread (found beside the bundle at run time).
          'otlp-export-worker': resolve(__dirname, 'src-main/core/telemetry/otlp-export-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // The renderer ships to a browser: minify (electron-vite leaves it off by default).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src-renderer/index.html') } },
    },
  },
});
