import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, type CliIO } from './io';

/** Reads all of stdin as UTF-8 text. */
async function readStdin(io: CliIO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The text of an argument that may be too large for a command line (Linux refuses one argument
 * over 128 KiB): `--NAME TEXT` as given, `--NAME -` from stdin, or `--NAME-file FILE` from a
 * file (relative to the cwd). Undefined when neither is given; both, or an unreadable file, is a
 * usage error (exit 2). A leading byte-order mark is dropped.
 */
export async function readLargeArgument(flag: string, inline: string | undefined, file: string | undefined, io: CliIO): Promise<string | undefined> {
  if (inline !== undefined && file !== undefined) throw new UsageError(`give either --${flag} or --${flag}-file, not both`);
  let text: string | undefined;
  if (file !== undefined) {
    const path = resolve(io.cwd, file);
    try {
      text = readFileSync(path, 'utf8');
    } catch (err) {
      throw new UsageError(`--${flag}-file ${path}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
    }
  } else if (inline === '-') {
    text = await readStdin(io);
  } else {
    text = inline;
  }
  return text?.replace(/^\uFEFF/, '');
}
