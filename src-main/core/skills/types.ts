/** Where a skill was found: a folder of the home or workspace, or an MCP server (`mcp:<id>`). */
export type SkillSource = 'home' | 'workspace' | 'workspace:.agents' | 'workspace:.claude' | `mcp:${string}`;

/** One skill as listed: what the model is told about it, and where it lives. */
export interface SkillEntry {
  name: string;
  description: string;
  source: SkillSource;
  /** The SKILL.md: an absolute path, or the `skill://…` URI on an MCP server. */
  location: string;
  /** False when the user switched it off (config `skills.disabled`). */
  enabled: boolean;
}

/** A SKILL.md that could not be used, with the file and line to fix. */
export interface SkillProblem {
  file: string;
  line: number;
  message: string;
}

/** A skill's instructions and files, as `load_skill` hands them to the model. */
export interface LoadedSkill {
  entry: SkillEntry;
  /** The markdown after the front matter. */
  body: string;
  /** The skill's folder on disk (local skills): its scripts run from there through `bash`. */
  dir?: string;
  /** Paths of the skill's other files, relative to its folder. */
  files: string[];
}

/** A place skills come from, local or remote: lists them and reads them on demand. */
export interface SkillProvider {
  /** The skills it offers (enabled is decided by the catalog). */
  skills(): Omit<SkillEntry, 'enabled'>[];
  /** Reads one skill's body and file list. Throws with a message for the model. */
  load(name: string): Promise<Omit<LoadedSkill, 'entry'>>;
  /** Reads one file of a skill (a path relative to its folder) as text. Throws with a message for the model. */
  readFile(name: string, path: string): Promise<string>;
}
