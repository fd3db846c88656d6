import type { McpActionResult, ServerConfigInput } from '../../../../src-shared/contract/workbench-views';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { mcpInspectorActions, type McpInspectorActions } from './inspector-actions';
import { mcpRegistryActions, type McpRegistryActions } from './registry-actions';

/** The MCP slice's actions. Each answers with the host's new snapshot; a failure says what failed. */
export interface McpActions extends McpInspectorActions, McpRegistryActions {
  /** While the pane is open: loads the snapshot and follows its changes. Returns the unsubscribe. */
  watchMcp(): () => void;
  setMcpServerEnabled(id: string, enabled: boolean): Promise<void>;
  restartMcpServer(id: string): Promise<void>;
  removeMcpServer(id: string): Promise<void>;
  setMcpIncludeInstructions(id: string, include: boolean): Promise<void>;
  setMcpToolEnabled(id: string, tool: string, enabled: boolean): Promise<void>;
  /** Imports servers from a pasted Claude Desktop, Cursor or VS Code config. */
  importMcpServers(text: string): Promise<void>;
  /** Signs in to a remote server (the system browser opens; resolves when it came back), then it reconnects. */
  signInMcpServer(id: string): Promise<void>;
  /** Revokes and forgets a server's sign-in (the pane says whether the server revoked it); it reconnects and shows needs sign-in. */
  signOutMcpServer(id: string): Promise<void>;
  /** Adds (or, `editing`, updates) a server and connects it; the error to show in the form, or null. */
  saveMcpServer(id: string, input: ServerConfigInput, editing: boolean): Promise<string | null>;
}

/** Builds the MCP slice's actions. */
export const mcpActions: SliceActions<McpActions> = (set, get, bridge) => {
  const act = async (what: string, run: () => Promise<McpActionResult>): Promise<void> => {
    set({ mcpBusy: what, mcpMessage: null });
    try {
      const r = await run();
      set({ mcpSnapshot: r.snapshot });
      if (!r.ok) set({ mcpMessage: { ok: false, text: `${what}: ${r.error}` } });
      else if (r.note) set({ mcpMessage: { ok: true, text: r.note } });
    } catch (err) {
      set({ mcpMessage: { ok: false, text: `${what}: ${errorText(err)}` } });
    } finally {
      set({ mcpBusy: null });
    }
  };
  return {
    ...mcpInspectorActions(set, get, bridge),
    ...mcpRegistryActions(set, get, bridge),
    watchMcp: () => {
      const api = bridge();
      set({ mcpMessage: null });
      api.mcp.snapshot().then(
        (mcpSnapshot) => set({ mcpSnapshot }),
        (err: unknown) => set({ mcpMessage: { ok: false, text: errorText(err) } }),
      );
      const offChanged = api.mcp.onChanged((mcpSnapshot) => set({ mcpSnapshot }));
      const offEvents = api.agent.onEvent((e) => {
        if (e.type === 'mcp_resource_updated') get().noteMcpResourceUpdated(e.server, e.uri);
      });
      return () => {
        offChanged();
        offEvents();
      };
    },
    setMcpServerEnabled: (id, enabled) => act(enabled ? 'Enable' : 'Disable', () => bridge().mcp.setEnabled(id, enabled)),
    restartMcpServer: (id) => act('Restart', () => bridge().mcp.restart(id)),
    removeMcpServer: (id) => act('Remove', () => bridge().mcp.remove(id)),
    setMcpIncludeInstructions: (id, include) => act('Instructions', () => bridge().mcp.setIncludeInstructions(id, include)),
    setMcpToolEnabled: (id, tool, enabled) => act('Tool', () => bridge().mcp.setToolEnabled(id, tool, enabled)),
    importMcpServers: (text) => act('Import', () => bridge().mcp.import(text)),
    signInMcpServer: (id) => act('Sign in', () => bridge().mcp.signIn(id)),
    signOutMcpServer: (id) => act('Sign out', () => bridge().mcp.signOut(id)),
    saveMcpServer: async (id, input, editing) => {
      try {
        const r = editing ? await bridge().mcp.update(id, input) : await bridge().mcp.add(id, input);
        set({ mcpSnapshot: r.snapshot });
        return r.ok ? null : r.error;
      } catch (err) {
        return errorText(err);
      }
    },
  };
};
