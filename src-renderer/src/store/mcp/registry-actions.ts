import type { DoctorReport } from '../../../../src-shared/contract/doctor-views';
import type { RegistryEntryView, RegistrySearchView, SkillsView } from '../../../../src-shared/contract/skills-registry-views';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';

/** Skills, the registry browser and the doctor: actions that answer with what the pane shows. */
export interface McpRegistryActions {
  /** Runs the connection doctor on a server. */
  runMcpDoctor(id: string): Promise<DoctorReport>;
  listSkills(): Promise<SkillsView>;
  setSkillEnabled(name: string, enabled: boolean): Promise<SkillsView>;
  searchRegistry(query: string): Promise<RegistrySearchView>;
  registryVersions(name: string): Promise<RegistryEntryView[]>;
  /** Installs an entry; the error to show, or null (the pane's snapshot and message are updated). */
  installFromRegistry(name: string, version: string, option: string, id: string, values: Record<string, string>): Promise<string | null>;
  /** Newer registry versions of installed servers, by server id. */
  registryUpdates(): Promise<Record<string, string>>;
}

/** Builds the actions. */
export const mcpRegistryActions: SliceActions<McpRegistryActions> = (set, _get, bridge) => ({
  runMcpDoctor: (id) => bridge().mcp.doctor(id),
  listSkills: () => bridge().skills.list(),
  setSkillEnabled: (name, enabled) => bridge().skills.setEnabled(name, enabled),
  searchRegistry: (query) => bridge().mcp.registrySearch(query),
  registryVersions: (name) => bridge().mcp.registryVersions(name),
  installFromRegistry: async (name, version, option, id, values) => {
    set({ mcpBusy: 'Install', mcpMessage: null });
    try {
      const r = await bridge().mcp.registryInstall(name, version, option, id, values);
      set({ mcpSnapshot: r.snapshot, mcpMessage: r.ok ? { ok: true, text: r.note ?? 'Installed.' } : null });
      return r.ok ? null : r.error;
    } catch (err) {
      return errorText(err);
    } finally {
      set({ mcpBusy: null });
    }
  },
  registryUpdates: () => bridge().mcp.registryUpdates().catch(() => ({})),
});
