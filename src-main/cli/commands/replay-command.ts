import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox replay` — placeholder until its issue lands. */
export async function replayCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox replay: not built yet');
  return EXIT.USAGE;
}
