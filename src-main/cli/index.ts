#!/usr/bin/env node
import { ConfigError } from '../core/config/config-error';
import { defaultIO, EXIT, println, UsageError, type CliIO } from './io';

type CommandMain = (argv: string[], io: CliIO) => Promise<number>;

/** Each command lives in its own module, loaded only when used (fast start). */
const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandMain> }> = {
  run: { summary: 'run one agent task headless', load: async () => (await import('./commands/run-command')).runCommand },
  tools: { summary: 'list or call tools', load: async () => (await import('./commands/tools-command')).toolsCommand },
  replay: { summary: 're-execute recorded tool calls', load: async () => (await import('./commands/replay-command')).replayCommand },
  mcp: { summary: 'MCP servers: list, import, serve', load: async () => (await import('./commands/mcp-command')).mcpCommand },
  sessions: { summary: 'saved sessions: list, search, export', load: async () => (await import('./commands/sessions-command')).sessionsCommand },
  skills: { summary: 'skills: list, enable, disable', load: async () => (await import('./commands/skills-command')).skillsCommand },
  extensions: { summary: 'list extensions', load: async () => (await import('./commands/extensions-command')).extensionsCommand },
  web: { summary: 'serve the UI to a browser', load: async () => (await import('./commands/web-command')).webCommand },
};

function usage(): string {
  const lines = ['Usage: glassbox <command> [options]', '', 'Commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(11)} ${c.summary}`);
  lines.push('', 'Run `glassbox <command> --help` for a command\'s options.');
  return lines.join('\n');
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io: CliIO = defaultIO()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    println(name ? io.stdout : io.stderr, usage());
    return name ? EXIT.OK : EXIT.USAGE;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    println(io.stderr, `glassbox: unknown command '${name}'\n\n${usage()}`);
    return EXIT.USAGE;
  }
  try {
    return await (await cmd.load())(rest, io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigError) {
      println(io.stderr, `glassbox ${name}: ${err.message}`);
      return EXIT.USAGE;
    }
    println(io.stderr, `glassbox ${name}: ${(err as Error)?.stack ?? String(err)}`);
    return EXIT.FAILED;
  }
}

// Run when loaded as the CLI entry (bin/glassbox.mjs imports this module and calls main).
