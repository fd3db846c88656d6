import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox web` — placeholder until its issue lands. */
export async function webCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox web: not built yet');
  return EXIT.USAGE;
}
