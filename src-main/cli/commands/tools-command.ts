import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox tools` — placeholder until its issue lands. */
export async function toolsCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox tools: not built yet');
  return EXIT.USAGE;
}
