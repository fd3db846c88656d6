// Starts `glassbox web` from the build for a UI bench and resolves with the child and the URL it prints.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `glassbox web --port 0 ARGS` with `env`; `url` is the printed `Glassbox UI: …` address. `root`:
 * another build's folder (with its `bin/` and `out/`), to compare builds side by side.
 */
export async function startWebHost(args, env, root = ROOT) {
  const child = spawn(process.execPath, [join(root, 'bin', 'glassbox.mjs'), 'web', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /Glassbox UI: (\S+)/.exec(buf);
      if (m) resolve(m[1]);
    });
    child.on('exit', (c) => reject(new Error(`glassbox web exited ${c}`)));
  });
  return { child, url };
}

/** Run in the page (`page.evaluate(firstCardPaint)`): ms since navigation of the first painted tool card (Element Timing). */
export function firstCardPaint() {
  return new Promise((res) => {
    new PerformanceObserver((list, obs) => {
      obs.disconnect();
      res(Math.min(...list.getEntries().map((e) => e.renderTime || e.loadTime)));
    }).observe({ type: 'element', buffered: true });
  });
}
