import { glassboxPaths } from '../../core/config/paths';
import type { SkillEntry, SkillProblem } from '../../core/skills/types';
import { parseCliArgs, runSubcommand, workspaceOf } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';
import { cliSignInOptions } from './mcp-login-command';

const USAGE = `Usage:
  glassbox skills list [--json] [--workspace DIR]
  glassbox skills enable NAME | disable NAME

list     skills found in $GLASSBOX_HOME/skills, the workspace's .glassbox/skills,
         .agents/skills and .claude/skills, and on MCP servers offering the Skills
         extension: name, description, source, enabled. A SKILL.md that cannot be
         used is reported on stderr with its file and line. Exit 0.
enable   switches a skill on / off for the agent (config skills.disabled).
disable`;

/** What `skills list --json` prints (stable: scripts rely on it; docs/cli.md). */
export interface SkillsListing {
  skills: SkillEntry[];
  problems: SkillProblem[];
}

/** `glassbox skills list|enable|disable` (docs/cli.md). */
export async function skillsCommand(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(argv, io, USAGE, { list, enable: (a, i) => toggle(a, i, true), disable: (a, i) => toggle(a, i, false) });
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, workspace: { type: 'string' } }, allowPositionals: true }, USAGE);
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'\n\n${USAGE}`);
  const { GlassboxSession } = await import('../../core/session/glassbox-session');
  const session = await GlassboxSession.create({ workspace: workspaceOf(values.workspace, io), env: io.env, signIn: cliSignInOptions(io), record: false, withExtensions: false });
  try {
    await session.skills.ready();
    const listing: SkillsListing = { skills: session.skills.list(), problems: session.skills.problems() };
    if (values.json) {
      println(io.stdout, JSON.stringify(listing, null, 2));
      return EXIT.OK;
    }
    for (const p of listing.problems) println(io.stderr, `warning: ${p.file}:${p.line}: ${p.message}`);
    if (!listing.skills.length) {
      println(io.stdout, `No skills. Put one in ${glassboxPaths(io.env, false).home}/skills/<name>/SKILL.md or <workspace>/.glassbox/skills/<name>/SKILL.md.`);
      return EXIT.OK;
    }
    const width = Math.max(...listing.skills.map((s) => s.name.length));
    const srcWidth = Math.max(...listing.skills.map((s) => s.source.length)) + 2;
    for (const s of listing.skills) {
      println(io.stdout, `${s.name.padEnd(width)}  ${`[${s.source}]`.padEnd(srcWidth)}  ${s.enabled ? '' : '(off) '}${s.description}`);
    }
    return EXIT.OK;
  } finally {
    await session.dispose();
  }
}

async function toggle(argv: string[], io: CliIO, enabled: boolean): Promise<number> {
  const { positionals } = parseCliArgs({ args: argv, options: {}, allowPositionals: true }, USAGE);
  if (positionals.length !== 1) throw new UsageError(`skills ${enabled ? 'enable' : 'disable'} needs exactly one NAME\n\n${USAGE}`);
  const { saveSkillEnabled } = await import('../../core/skills/config');
  const paths = glassboxPaths(io.env);
  saveSkillEnabled(paths.config, positionals[0]!, enabled);
  println(io.stdout, `${positionals[0]} ${enabled ? 'enabled' : 'disabled'} (saved to ${paths.config})`);
  return EXIT.OK;
}
