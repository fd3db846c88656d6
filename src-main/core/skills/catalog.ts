import type { Client } from '@modelcontextprotocol/client';
import { FolderSkills, type SkillRoot } from './folders';
import { McpServerSkills } from './mcp-skills';
import type { LoadedSkill, SkillEntry, SkillProblem, SkillProvider } from './types';

/** The first line of the system message that lists the skills (the context meter finds it by this). */
export const SKILLS_PROMPT_HEADER = 'Skills are folders of instructions for particular kinds of task.';

/** How long `skills/list` on one server may take. */
const MCP_LIST_TIMEOUT_MS = 15_000;

/** What the catalog needs of the session's MCP servers (McpManager satisfies it). */
export interface SkillServers {
  ids(): string[];
  connection(id: string): { status: string; sdkClient: Client | undefined } | undefined;
  onChange(fn: () => void): () => void;
}

/**
 * Every skill of a session: the home and workspace folders, and the MCP servers that offer the
 * Skills extension. Lists them with their source and switch, tells the model their names and
 * descriptions only, and loads one when the model asks. A name found twice is the first one's:
 * folders (home, then workspace) before servers.
 */
export class SkillCatalog {
  private readonly folders: FolderSkills;
  private readonly servers = new Map<string, { client: Client; skills: McpServerSkills }>();
  private disabled: Set<string>;
  private readonly listeners = new Set<() => void>();
  private syncing: Promise<void> | null = null;
  private serverProblems: SkillProblem[] = [];

  constructor(roots: SkillRoot[], disabled: readonly string[] = []) {
    this.folders = new FolderSkills(roots);
    this.disabled = new Set(disabled);
  }

  /** Every skill found, enabled or not, in lookup order. */
  list(): SkillEntry[] {
    const seen = new Set<string>();
    const out: SkillEntry[] = [];
    for (const p of this.providers()) {
      for (const s of p.skills()) {
        if (seen.has(s.name)) continue;
        seen.add(s.name);
        out.push({ ...s, enabled: !this.disabled.has(s.name) });
      }
    }
    return out;
  }

  /** SKILL.md files (and server entries) that could not be used, each with its file and line. */
  problems(): SkillProblem[] {
    return [...this.folders.problems, ...this.serverProblems, ...[...this.servers.values()].flatMap((s) => s.skills.problems)];
  }

  /** The skills the model may load. */
  enabled(): SkillEntry[] {
    return this.list().filter((s) => s.enabled);
  }

  /** Calls `fn` whenever the list or a switch changes; returns the remover. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  private providers(): SkillProvider[] {
    return [this.folders, ...[...this.servers.values()].map((s) => s.skills)];
  }

  /** Re-reads the folders (the window's refresh; a new run). */
  rescan(): void {
    this.folders.scan();
    this.changed();
  }

  /** Switches a skill on or off for this catalog (the caller saves it to the config). */
  setEnabled(name: string, enabled: boolean): void {
    if (enabled) this.disabled.delete(name);
    else this.disabled.add(name);
    this.changed();
  }

  /** The names switched off. */
  disabledNames(): string[] {
    return [...this.disabled].sort();
  }

  /** The system text naming each enabled skill with its description; empty when there is none. */
  promptText(): string[] {
    const skills = this.enabled();
    if (!skills.length) return [];
    return [
      [
        SKILLS_PROMPT_HEADER,
        "When a task matches a skill's description, call `load_skill` with its name before you start and follow its instructions; run a skill's scripts with `bash`.",
        'Available skills:',
        ...skills.map((s) => `- ${s.name}: ${s.description}`),
      ].join('\n'),
    ];
  }

  private owner(name: string): { entry: SkillEntry; provider: SkillProvider } {
    for (const p of this.providers()) {
      const s = p.skills().find((x) => x.name === name);
      if (s) {
        const entry = { ...s, enabled: !this.disabled.has(name) };
        if (!entry.enabled) throw new Error(`the skill '${name}' is switched off`);
        return { entry, provider: p };
      }
    }
    const known = this.enabled().map((s) => s.name);
    throw new Error(`no skill named '${name}'${known.length ? `; available: ${known.join(', ')}` : ''}`);
  }

  /** A skill's instructions and file list. Throws with a message for the model. */
  async load(name: string): Promise<LoadedSkill> {
    const { entry, provider } = this.owner(name);
    return { entry, ...(await provider.load(name)) };
  }

  /** One file of a skill as text. Throws with a message for the model. */
  async readFile(name: string, path: string): Promise<string> {
    return this.owner(name).provider.readFile(name, path);
  }

  /**
   * Follows the MCP servers: a server that (re)connects with the Skills extension has its skills
   * listed; one that goes away takes its skills with it. Returns the remover.
   */
  follow(servers: SkillServers): () => void {
    const sync = (): void => {
      const run = this.syncServers(servers);
      const all = (this.syncing ?? Promise.resolve()).then(() => run);
      this.syncing = all;
      void all.finally(() => {
        if (this.syncing === all) this.syncing = null;
      });
    };
    sync();
    return servers.onChange(sync);
  }

  /** Settles when the servers' skill lists asked for so far have arrived. */
  async ready(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  private async syncServers(servers: SkillServers): Promise<void> {
    let changed = false;
    const live = new Set<string>();
    const problems: SkillProblem[] = [];
    await Promise.all(
      servers.ids().map(async (id) => {
        const conn = servers.connection(id);
        const client = conn?.status === 'connected' ? conn.sdkClient : undefined;
        if (!client) return;
        live.add(id);
        if (this.servers.get(id)?.client === client) return;
        const skills = new McpServerSkills(id, client);
        if (!skills.supported) return;
        try {
          await skills.refresh(MCP_LIST_TIMEOUT_MS);
          this.servers.set(id, { client, skills });
          changed = true;
        } catch (err) {
          problems.push({ file: `mcp:${id}`, line: 1, message: `skills/list failed: ${(err as Error).message}` });
        }
      }),
    );
    for (const id of [...this.servers.keys()]) {
      if (!live.has(id)) {
        this.servers.delete(id);
        changed = true;
      }
    }
    if (problems.length || this.serverProblems.length) {
      this.serverProblems = problems;
      changed = true;
    }
    if (changed) this.changed();
  }
}
