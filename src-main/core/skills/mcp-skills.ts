import type { Client } from '@modelcontextprotocol/client';
import { SkillsClient, type Skill } from '@modelcontextprotocol/client/ext/skills';
import { parse as parseYaml } from 'yaml';
import { oneLine } from './folders';
import type { LoadedSkill, SkillEntry, SkillProblem, SkillProvider } from './types';

/** The skills one MCP server offers through the Skills extension (`skills/list`, `skills/get`). */
export class McpServerSkills implements SkillProvider {
  private listed: Skill[] = [];
  /** Entries the server listed that the client refused (bad digest, bad front matter …). */
  problems: SkillProblem[] = [];
  private readonly client: SkillsClient;

  constructor(
    readonly serverId: string,
    sdkClient: Client,
  ) {
    // The YAML library the rest of Glassbox reads front matter with.
    this.client = new SkillsClient(sdkClient, { skipInvalid: true, parseFrontmatter: (y) => (parseYaml(y) ?? {}) as Record<string, unknown> });
  }

  /** True when the server declared the extension. */
  get supported(): boolean {
    return this.client.supported;
  }

  /** Lists the server's skills (every page). Throws on a transport or protocol error. */
  async refresh(timeoutMs: number): Promise<void> {
    if (!this.client.supported) {
      this.listed = [];
      return;
    }
    const listing = await this.client.list({}, { timeout: timeoutMs });
    this.listed = listing.skills;
    this.problems = listing.invalid.map((i) => ({ file: i.uri ?? `mcp:${this.serverId} skills/list #${i.index}`, line: 1, message: i.reason }));
  }

  skills(): Omit<SkillEntry, 'enabled'>[] {
    return this.listed.map((s) => ({
      name: String(s.frontmatter.name),
      description: oneLine(String(s.frontmatter.description)),
      source: `mcp:${this.serverId}` as const,
      location: s.uri,
    }));
  }

  private skill(name: string): Skill {
    const s = this.listed.find((x) => x.frontmatter.name === name);
    if (!s) throw new Error(`MCP server '${this.serverId}' offers no skill named '${name}'`);
    return s;
  }

  async load(name: string): Promise<Omit<LoadedSkill, 'entry'>> {
    const skill = this.skill(name);
    const file = await this.client.read(skill);
    const base = skill.uri.replace(/SKILL\.md$/, '');
    const files =
      skill.resources === 'dynamic'
        ? []
        : skill.resources.map((r) => (r.uri.startsWith(base) ? decodeURIComponent(r.uri.slice(base.length)) : r.uri)).filter((p) => p !== 'SKILL.md');
    return { body: file.body ?? file.text ?? '', files };
  }

  async readFile(name: string, path: string): Promise<string> {
    const file = await this.client.read(this.skill(name), path);
    if (file.text === undefined) throw new Error(`${path} of skill '${name}' is not text (${file.mimeType ?? 'unknown type'}, ${file.bytes.length} bytes)`);
    return file.text;
  }
}
