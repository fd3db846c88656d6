/**
 * The skills, registry and doctor methods of the bridge (the MCP pane), kept beside methods.ts,
 * which folds them into `METHODS`.
 */
import { z } from 'zod';
import type { DoctorReport } from './doctor-views';
import { method, returns, type MethodTypes } from './method-schema';
import type { RegistryEntryView, RegistrySearchView, SkillsView } from './skills-registry-views';
import type { McpActionResult } from './workbench-views';

/** The methods: arguments (checked by the host) and results. */
export const SKILLS_REGISTRY_METHODS = {
  /** The open session's skills (folders read again) and the SKILL.md files that could not be used. */
  'skills.list': method([], returns<SkillsView>()),
  /** Switches a skill on or off (saved to config `skills.disabled`): name, enabled. */
  'skills.setEnabled': method([z.string(), z.boolean()], returns<SkillsView>()),
  /** Runs the connection doctor on a configured server. */
  'mcp.doctor': method([z.string()], returns<DoctorReport>()),
  /** Searches the configured MCP Registries (latest versions). A registry failure fails with its message. */
  'mcp.registrySearch': method([z.string()], returns<RegistrySearchView>()),
  /** Every version of a registry entry, newest first. */
  'mcp.registryVersions': method([z.string()], returns<RegistryEntryView[]>()),
  /**
   * Installs a version of an entry as server `id` with the user's values (secrets to the key
   * store), then connects it: name, version, option, id, values. A value left empty is not set.
   */
  'mcp.registryInstall': method(
    [z.string(), z.string(), z.string(), z.string(), z.record(z.string(), z.string())],
    returns<McpActionResult>(),
  ),
  /** For servers installed from a registry: the newest version there, by server id (only those with a newer one). */
  'mcp.registryUpdates': method([], returns<Record<string, string>>()),
};

/** The skills, registry and doctor methods as types. */
export type SkillsRegistryMethods = MethodTypes<typeof SKILLS_REGISTRY_METHODS>;
