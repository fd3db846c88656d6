/**
 * The skills, registry and doctor methods of the bridge (the MCP pane), kept beside methods.ts,
 * which folds them into `BridgeMethods` and `METHOD_SPECS`.
 */
import type { ArgSpec } from './methods';
import type { DoctorReport } from './doctor-views';
import type { RegistryEntryView, RegistrySearchView, SkillsView } from './skills-registry-views';
import type { McpActionResult } from './workbench-views';

/** The methods: arguments and results. */
export interface SkillsRegistryMethods {
  /** The open session's skills (folders read again) and the SKILL.md files that could not be used. */
  'skills.list': { args: []; result: SkillsView };
  /** Switches a skill on or off (saved to config `skills.disabled`). */
  'skills.setEnabled': { args: [name: string, enabled: boolean]; result: SkillsView };
  /** Runs the connection doctor on a configured server. */
  'mcp.doctor': { args: [id: string]; result: DoctorReport };
  /** Searches the configured MCP Registries (latest versions). A registry failure fails with its message. */
  'mcp.registrySearch': { args: [query: string]; result: RegistrySearchView };
  /** Every version of a registry entry, newest first. */
  'mcp.registryVersions': { args: [name: string]; result: RegistryEntryView[] };
  /** Installs a version of an entry as server `id` with the user's values (secrets to the key store), then connects it. */
  'mcp.registryInstall': { args: [name: string, version: string, option: string, id: string, values: Record<string, string>]; result: McpActionResult };
  /** For servers installed from a registry: the newest version there, by server id (only those with a newer one). */
  'mcp.registryUpdates': { args: []; result: Record<string, string> };
}

/** Runtime argument specs. */
export const SKILLS_REGISTRY_METHOD_SPECS: { readonly [M in keyof SkillsRegistryMethods]: readonly ArgSpec[] } = {
  'skills.list': [],
  'skills.setEnabled': ['string', 'boolean'],
  'mcp.doctor': ['string'],
  'mcp.registrySearch': ['string'],
  'mcp.registryVersions': ['string'],
  'mcp.registryInstall': ['string', 'string', 'string', 'string', 'object'],
  'mcp.registryUpdates': [],
};
