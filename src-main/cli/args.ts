import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXIT, println, UsageError, type CliIO } from './io';

/** node:util parseArgs, with its errors turned into usage errors (exit 2) that show `usage`. */
export function parseCliArgs<const T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n\n${usage}`);
  }
}

/** `--workspace DIR` resolved against the cwd (default: the cwd); a usage error unless it is a folder. */
export function workspaceOf(value: string | undefined, io: CliIO): string {
  const dir = resolve(io.cwd, value ?? '.');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`--workspace ${dir} is not a directory`);
  return dir;
}

/**
 * Dispatches `glassbox <command> <sub> …` to its subcommand; `--help` prints `usage`; a missing
 * or unknown subcommand is a usage error.
 */
export function runSubcommand(
  argv: string[],
  io: CliIO,
  usage: string,
  subcommands: Record<string, (rest: string[], io: CliIO) => Promise<number>>,
): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    println(io.stdout, usage);
    return Promise.resolve(EXIT.OK);
  }
  const handler = sub !== undefined && Object.prototype.hasOwnProperty.call(subcommands, sub) ? subcommands[sub] : undefined;
  if (!handler) throw new UsageError(`${sub ? `unknown subcommand '${sub}'` : 'missing subcommand'}\n\n${usage}`);
  return handler(rest, io);
}
