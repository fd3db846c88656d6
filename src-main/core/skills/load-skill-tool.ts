import type { Tool } from '../tools/tool';
import type { ToolCollection } from '../tools/tool-collection';
import { errorResult, okResult, type ToolResult } from '../../../src-shared/events/tool-result';
import type { SkillCatalog } from './catalog';

/** The built-in tool's name (present only where skills exist). */
export const LOAD_SKILL_TOOL = 'load_skill';

/**
 * `load_skill`: the model asks for a skill's instructions once a task needs them (until then it
 * knows only the name and description). Returns the body and the skill's files; with `file`,
 * that one file's text. Scripts are not run here: the model runs them with `bash`, under the
 * same sandbox and approvals as any command.
 */
export class LoadSkillTool implements Tool {
  readonly name = LOAD_SKILL_TOOL;
  readonly description =
    "Load a skill's instructions (and the list of its files) by the skill's name, when the task matches its description. " +
    "With `file`, return one file of the skill instead (a path relative to the skill's folder, e.g. `references/forms.md`). " +
    "Run a skill's scripts with `bash`.";
  readonly inputSchema = {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The skill name, as listed.' },
      file: { type: 'string', description: "Optional: a file of the skill to read, relative to the skill's folder." },
    },
    required: ['name'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Load skill', readOnlyHint: true, idempotentHint: true, openWorldHint: false };

  constructor(private readonly catalog: SkillCatalog) {}

  async execute(args: Record<string, unknown>): Promise<ToolResult> {
    const name = typeof args.name === 'string' ? args.name.trim() : '';
    if (!name) return errorResult('name is required');
    try {
      if (typeof args.file === 'string' && args.file) {
        const text = await this.catalog.readFile(name, args.file);
        return okResult(text, { metadata: { skill: { name, file: args.file } } });
      }
      const s = await this.catalog.load(name);
      const lines = [`Skill: ${s.entry.name} (from ${s.entry.source})`];
      if (s.dir) lines.push(`Folder: ${s.dir} (run its scripts from there with bash)`);
      if (s.files.length) lines.push('Files:', ...s.files.map((f) => `- ${f}`));
      lines.push('', s.body.trimEnd());
      return okResult(lines.join('\n'), {
        metadata: { skill: { name: s.entry.name, description: s.entry.description, source: s.entry.source, files: s.files, ...(s.dir ? { dir: s.dir } : {}) } },
      });
    } catch (err) {
      return errorResult((err as Error).message);
    }
  }
}

/** Keeps `load_skill` among the tools exactly while some skill is enabled (a skill can arrive with an MCP server). */
export function offerLoadSkill(skills: SkillCatalog, tools: ToolCollection): void {
  const loadSkill = new LoadSkillTool(skills);
  const sync = (): void => {
    const want = skills.enabled().length > 0;
    if (want && !tools.has(LOAD_SKILL_TOOL)) tools.add(loadSkill);
    else if (!want && tools.get(LOAD_SKILL_TOOL) === loadSkill) tools.remove(LOAD_SKILL_TOOL, loadSkill);
  };
  sync();
  skills.onChange(sync);
}
