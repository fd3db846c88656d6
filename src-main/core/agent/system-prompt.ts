import { PATH_RULE } from '../workspace/tool-path';

/** What the default system prompt mentions about where the agent runs. */
export interface SystemPromptContext {
  workspace: string;
  platform?: string;
  date?: Date;
}

/**
 * The default system prompt: who the agent is, where it works (workspace, date, platform) and
 * how to finish. Config `agent.systemPrompt` replaces it; `{workspace}`, `{date}` and
 * `{platform}` in the override are filled in.
 */
export function buildSystemPrompt(ctx: SystemPromptContext, override?: string): string {
  const date = (ctx.date ?? new Date()).toISOString().slice(0, 10);
  const platform = ctx.platform ?? `${process.platform} (${process.arch})`;
  if (override) {
    return override.replaceAll('{workspace}', ctx.workspace).replaceAll('{date}', date).replaceAll('{platform}', platform);
  }
  return [
    'You are Glassbox, a capable assistant that completes tasks by calling tools.',
    `The workspace is ${ctx.workspace}. Tools take paths ${PATH_RULE}: a relative path is resolved in the workspace, and \`bash\` and \`python_execute\` start there. Files you create belong there.`,
    `Today is ${date}. The platform is ${platform}.`,
    'Work step by step: look before you change things, check the result of each action, and fix what fails.',
    'Tool results may be clipped; when they are, ask for less (narrow the command, read ranges).',
    'When the task is done, reply with the final answer, or call `terminate` if it is available.',
  ].join('\n');
}
