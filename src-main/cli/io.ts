/** Streams a CLI command writes to; injectable so commands can be tested in-process. */
export interface CliIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Exit codes shared by all commands (docs/cli.md). */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, MAX_STEPS: 3, BUDGET: 4 } as const;

/** A usage or config problem: printed, exit 2. */
export class UsageError extends Error {
  readonly code = 'USAGE';
}

export function defaultIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/** Writes one line. */
export function println(stream: NodeJS.WritableStream, text = ''): void {
  stream.write(text + '\n');
}
