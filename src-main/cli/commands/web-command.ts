import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppHost } from '../../bridge/app-host';
import { ConfigFileKeyStore } from '../../bridge/settings-store';
import { loadConfig } from '../../core/config/config';
import { glassboxPaths } from '../../core/config/paths';
import { ViewSandboxServer } from '../../web/view-sandbox-server';
import { WebHost } from '../../web/host';
import { EXIT, println, UsageError, type CliIO } from '../io';

const HELP = `Usage: glassbox web [--host 127.0.0.1] [--port N] [--workspace DIR] [--session ID]

Serves the Glassbox UI to a browser on this machine. The first line printed is the URL to open;
it carries this run's access token, good until glassbox web stops (every start makes a new one):
keep it private, since anyone with it can drive the agent. Opening the URL hands the token to
the page, which keeps it in this origin's storage (later tabs and reloads need no token in the
address) and sends it over its own connection; the cookie the browser gets holds only a value
derived from it, useless to other servers on this machine. --port 0 (the default) picks a free
port. Runs until Ctrl+C.`;

interface WebArgs {
  host: string;
  port: number;
  workspace?: string;
  session?: string;
}

/** Parses `glassbox web` arguments. Throws UsageError. */
export function parseWebArgs(argv: string[]): WebArgs | 'help' {
  const out: WebArgs = { host: '127.0.0.1', port: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new UsageError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return 'help';
      case '--host':
        out.host = value();
        break;
      case '--port': {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535) throw new UsageError(`--port must be 0-65535, got ${v}`);
        out.port = n;
        break;
      }
      case '--workspace':
        out.workspace = value();
        break;
      case '--session':
        out.session = value();
        break;
      default:
        throw new UsageError(`unknown option ${a}\n\n${HELP}`);
    }
  }
  return out;
}

/** Finds the built renderer: GLASSBOX_RENDERER_DIR, else out/renderer beside this build. */
export function findRendererDir(env: NodeJS.ProcessEnv): string {
  if (env.GLASSBOX_RENDERER_DIR) return resolve(env.GLASSBOX_RENDERER_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const cand of [join(dir, 'renderer'), join(dir, 'out', 'renderer')]) {
      if (existsSync(join(cand, 'index.html'))) return cand;
    }
    dir = dirname(dir);
  }
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer');
}

/** `glassbox web` — the UI over HTTP + WebSocket (docs/cli.md, docs/security.md). */
export async function webCommand(argv: string[], io: CliIO): Promise<number> {
  const args = parseWebArgs(argv);
  if (args === 'help') {
    println(io.stdout, HELP);
    return EXIT.OK;
  }
  const workspace = resolve(io.cwd, args.workspace ?? '.');
  if (!existsSync(workspace)) throw new UsageError(`workspace does not exist: ${workspace}`);
  const paths = glassboxPaths(io.env);
  // A malformed config is a usage error (exit 2) before anything is served.
  loadConfig(paths, workspace);
  // MCP App views run on an origin of their own: a second server on the same host, another port.
  const sandbox = new ViewSandboxServer();
  const { url: sandboxUrl, origin: sandboxOrigin } = await sandbox.start(args.host);
  const app = createAppHost({ workspace, paths, keys: new ConfigFileKeyStore(paths.config), env: io.env, viewSandbox: () => ({ url: sandboxUrl }) });
  if (args.session && !app.store.exists(args.session)) {
    await sandbox.close();
    throw new UsageError(`no saved session '${args.session}'`);
  }
  const web = new WebHost({ bridge: app, rendererDir: findRendererDir(io.env), host: args.host, port: args.port, viewSandboxOrigin: () => sandboxOrigin });
  // Serve (and print the URL) while the session is still being built: calls wait for it.
  const starting = app.start(args.session);
  starting.catch((err: unknown) => println(io.stderr, `glassbox web: the session could not start: ${(err as Error)?.message ?? String(err)}`));
  const { url } = await web.start();
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(args.host) && !/^127\./.test(args.host)) {
    println(io.stderr, `glassbox web: warning: listening on ${args.host}, reachable from other machines: anyone who gets the URL with its token controls the agent in ${workspace}. Bind 127.0.0.1 unless you need this.`);
  }
  println(io.stdout, `Glassbox UI: ${url}`);
  println(io.stderr, `Workspace: ${workspace}\nPress Ctrl+C to stop.`);
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await Promise.race([Promise.all([web.close(), sandbox.close(), app.dispose()]), new Promise((r) => setTimeout(r, 5000))]);
  return EXIT.OK;
}
