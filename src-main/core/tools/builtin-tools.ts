import { EditHistory } from './edit-history';
import { StrReplaceEditor } from './str-replace-editor';
import type { Tool } from './tool';

/** What built-in tools may need from the session that creates them. */
export interface BuiltinToolDeps {
  workspace: string;
  home: string;
  /** The whole config (each tool reads its own section). */
  config: Record<string, unknown>;
}

/**
 * The built-in tools (SPEC §4), in registration order: built-ins register before MCP and
 * extension tools, so they win name clashes.
 */
export function createBuiltinTools(deps: BuiltinToolDeps): Tool[] {
  const tools: Tool[] = [new StrReplaceEditor({ history: EditHistory.forHome(deps.home) })];
  return tools;
}
