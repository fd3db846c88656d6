import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox extensions` — placeholder until its issue lands. */
export async function extensionsCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox extensions: not built yet');
  return EXIT.USAGE;
}
