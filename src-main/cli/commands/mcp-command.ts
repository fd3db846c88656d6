import { EXIT, println, type CliIO } from '../cli-io';

/** `glassbox mcp` — placeholder until its issue lands. */
export async function mcpCommand(_argv: string[], io: CliIO): Promise<number> {
  println(io.stderr, 'glassbox mcp: not built yet');
  return EXIT.USAGE;
}
