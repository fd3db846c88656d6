import type { McpActionResult, McpSnapshot, ServerConfigInput } from '../../../../src-shared/contract/workbench-views';
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import { mcpInspectorActions, type McpInspectorActions } from './inspector-actions';
import { mcpRegistryActions, type McpRegistryActions } from './registry-actions';
import { newServerOf, saveCardChoices } from './card-folding';

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
  /** Brings a server's card into view and flashes it (and again when its connection settles). */
  drawMcpAttention(server: string): void;
  /** The card has shown what it had to (its connection settled): no more scrolling to it. */
  clearMcpAttention(seq: number): void;
  /** Opens or folds a server's card; remembered for that server id. */
  setMcpCardOpen(server: string, open: boolean): void;
}

/** Builds the MCP slice's actions. */
export const mcpActions: SliceActions<McpActions> = (set, get, bridge) => {
  let attentionSeq = 0;
  const attend = (server: string | null | undefined): void => {
    if (server && get().mcpSnapshot?.servers.some((s) => s.id === server)) set({ mcpAttention: { server, seq: ++attentionSeq } });
  };
  // A snapshot from the host: a server new in it (added from the registry, by another tab) is brought into view.
  const takeSnapshot = (mcpSnapshot: McpSnapshot): void => {
    const fresh = newServerOf(get().mcpSnapshot, mcpSnapshot);
    set({ mcpSnapshot });
    attend(fresh);
  };
  const act = async (what: string, run: () => Promise<McpActionResult>, server?: string): Promise<void> => {
    set({ mcpBusy: what, mcpMessage: null });
    try {
      const r = await run();
      takeSnapshot(r.snapshot);
      attend(server);
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
      const offChanged = api.mcp.onChanged(takeSnapshot);
      const offEvents = api.agent.onEvent((e) => {
        if (e.type === 'mcp_resource_updated') get().noteMcpResourceUpdated(e.server, e.uri);
      });
      return () => {
        offChanged();
        offEvents();
      };
    },
    setMcpServerEnabled: (id, enabled) => act(enabled ? 'Enable' : 'Disable', () => bridge().mcp.setEnabled(id, enabled), id),
    restartMcpServer: (id) => act('Restart', () => bridge().mcp.restart(id), id),
    removeMcpServer: (id) => act('Remove', () => bridge().mcp.remove(id)),
    setMcpIncludeInstructions: (id, include) => act('Instructions', () => bridge().mcp.setIncludeInstructions(id, include)),
    setMcpToolEnabled: (id, tool, enabled) => act('Tool', () => bridge().mcp.setToolEnabled(id, tool, enabled)),
    importMcpServers: (text) => act('Import', () => bridge().mcp.import(text)),
    signInMcpServer: (id) => act('Sign in', () => bridge().mcp.signIn(id), id),
    signOutMcpServer: (id) => act('Sign out', () => bridge().mcp.signOut(id), id),
    saveMcpServer: async (id, input, editing) => {
      try {
        const r = editing ? await bridge().mcp.update(id, input) : await bridge().mcp.add(id, input);
        takeSnapshot(r.snapshot);
        attend(id);
        return r.ok ? null : r.error;
      } catch (err) {
        return errorText(err);
      }
    },
    drawMcpAttention: attend,
    clearMcpAttention: (seq) => {
      if (get().mcpAttention?.seq === seq) set({ mcpAttention: null });
    },
    setMcpCardOpen: (server, open) => {
      const mcpCardChoices = { ...get().mcpCardChoices, [server]: open };
      set({ mcpCardChoices });
      saveCardChoices(mcpCardChoices);
    },
  };
};
