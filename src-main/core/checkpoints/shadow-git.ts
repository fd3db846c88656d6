import { execFile } from 'node:child_process';

/** One git command's outcome (stdout as bytes when asked, so file contents survive intact). */
export interface GitOutput {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs git on a shadow repository: its own GIT_DIR, the workspace as the work tree, and none of
 * the user's git configuration (no system or global config, no hooks, no filters, no fsmonitor,
 * no pager), so nothing in the user's setup — nor a crafted `.gitattributes` in the workspace —
 * can run a program or change what is stored. The user's own `.git` is never read or written.
 */
export class ShadowGit {
  constructor(
    readonly gitDir: string,
    readonly workTree: string,
  ) {}

  private env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
    return {
      ...env,
      GIT_DIR: this.gitDir,
      GIT_WORK_TREE: this.workTree,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      GIT_OPTIONAL_LOCKS: '0',
      GIT_AUTHOR_NAME: 'Glassbox',
      GIT_AUTHOR_EMAIL: 'checkpoints@glassbox.invalid',
      GIT_COMMITTER_NAME: 'Glassbox',
      GIT_COMMITTER_EMAIL: 'checkpoints@glassbox.invalid',
      LC_ALL: 'C',
      // Paths from the workspace are names, never patterns (a file called `*` is just that).
      GIT_LITERAL_PATHSPECS: '1',
      ...extra,
    };
  }

  /** Runs `git <args>`; rejects with git's own message on a non-zero exit. */
  run(args: string[], opts: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<GitOutput> {
    const fixed = [
      '-c', 'core.hooksPath=/dev/null',
      '-c', 'core.fsmonitor=false',
      '-c', 'core.autocrlf=false',
      '-c', 'core.safecrlf=false',
      '-c', 'core.quotePath=false',
      '-c', 'core.excludesFile=/dev/null',
      '-c', 'core.symlinks=true',
      '-c', 'gc.auto=0',
      '-c', 'advice.addEmbeddedRepo=false',
      '-c', 'safe.directory=*',
    ];
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        [...fixed, ...args],
        { cwd: this.workTree, env: this.env(opts.env), encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
        (err, stdout, stderr) => {
          const errText = stderr.toString('utf8');
          if (err) reject(new Error(`git ${args[0]} failed: ${errText.trim() || err.message}`));
          else resolve({ stdout, stderr: errText });
        },
      );
      if (opts.input !== undefined) child.stdin?.end(opts.input);
    });
  }

  /** stdout as trimmed text. */
  async text(args: string[], opts?: { input?: string | Buffer; env?: Record<string, string> }): Promise<string> {
    return (await this.run(args, opts)).stdout.toString('utf8').trim();
  }
}
