/** Views of the skills list and the MCP Registry browser (the window's MCP pane). */

/** One skill as the window lists it. */
export interface SkillView {
  name: string;
  description: string;
  /** `home`, `workspace`, `workspace:.agents`, `workspace:.claude`, `mcp:<id>`. */
  source: string;
  location: string;
  enabled: boolean;
  /** Estimated tokens its line in the prompt costs. */
  tokens: number;
}

/** The skills of the open session and the SKILL.md files that could not be used. */
export interface SkillsView {
  skills: SkillView[];
  problems: Array<{ file: string; line: number; message: string }>;
}

/** One way to run a registry entry. */
export interface RegistryOptionView {
  key: string;
  kind: string;
  label: string;
  transport: string;
  unsupported?: string;
  /** What the user gives at install. */
  inputs: Array<{ key: string; target: string; description?: string; isSecret: boolean; isRequired: boolean; default?: string; choices?: string[] }>;
}

/** A registry entry as the browser shows it. */
export interface RegistryEntryView {
  registry: string;
  name: string;
  title?: string;
  description: string;
  version: string;
  status?: string;
  websiteUrl?: string;
  repository?: string;
  options: RegistryOptionView[];
  /** The id of the configured server installed from it, when there is one. */
  installedAs?: string;
}

/** Search results, with the registries that failed. */
export interface RegistrySearchView {
  entries: RegistryEntryView[];
  failures: string[];
}
