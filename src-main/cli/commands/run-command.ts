import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox run` — placeholder until its issue lands. */
export async function runCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox run: not built yet');
  return EXIT.USAGE;
}
