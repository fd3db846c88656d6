import { EditHistory } from './editor/edit-history';
import { StrReplaceEditor } from './editor/str-replace-editor';
import type { SecretRedactor } from '../secrets/redactor';
import type { Tool } from './tool';
import { AskHumanTool } from './ask-human';
import type { BashShell } from './bash/shell';
import { BashTool, type BashToolConfig } from './bash/tool';
import { PlanningTool } from './planning';
import { PythonExecuteTool, type PythonToolConfig } from './python/execute-tool';
import type { PythonInterpreterOptions } from './python/interpreter';
import { TerminateTool } from './terminate';
import { WebFetchTool, type WebFetchConfig } from './web-fetch';
import { WebSearchTool } from './web-search/tool';
import { ToolSearchTool, type DeferredToolIndex } from './tool-search';

/** What built-in tools may need from the session that creates them. */
export interface BuiltinToolDeps {
  workspace: string;
  home: string;
  /** The whole config (each tool reads its own section). */
  config: Record<string, unknown>;
  /** The session's persistent shell, shared by the bash tool and the UI terminal. */
  shell?: () => BashShell;
  /** The session's secrets, hidden in output streamed while a tool runs (python_execute's live output). */
  redactor?: SecretRedactor;
  /** The OS sandbox python_execute runs in (the shell gets it through `shell`; bash reads its writable roots). */
  sandbox?: NonNullable<PythonInterpreterOptions['sandbox']> & { state(): { writableRoots: string[] } };
  /** The environment for python_execute: the session's, without the model and MCP secrets. */
  env?: NodeJS.ProcessEnv;
  /** Values an escalated bash command must not carry out of the shell. */
  secrets?: readonly string[];
  /** The session's deferred tools: `tool_search` is added when given (sent only while some tool is deferred). */
  deferredTools?: () => DeferredToolIndex | undefined;
}

/**
 * The built-in tools (docs/tools.md), in registration order: built-ins register before MCP and
 * extension tools, so they win name clashes.
 */
export function createBuiltinTools(deps: BuiltinToolDeps): Tool[] {
  const tools: Tool[] = [new StrReplaceEditor({ history: EditHistory.forHome(deps.home) })];
  // bash registers right after str_replace_editor (the documented order); these follow it.
  tools.push(
    new BashTool({
      workspace: deps.workspace,
      shell: deps.shell,
      config: configSection<BashToolConfig>(deps.config, 'bash'),
      secrets: deps.secrets,
      sandbox: deps.sandbox,
      redactor: deps.redactor,
    }),
    new PythonExecuteTool({
      workspace: deps.workspace,
      config: configSection<PythonToolConfig>(deps.config, 'python'),
      redactor: deps.redactor,
      sandbox: deps.sandbox,
      env: deps.env,
    }),
    new WebSearchTool(deps.config.webSearch),
    new WebFetchTool(configSection<WebFetchConfig>(deps.config, 'webFetch')),
    new AskHumanTool(),
    new TerminateTool(),
    new PlanningTool(),
  );
  if (deps.deferredTools) tools.push(new ToolSearchTool(deps.deferredTools));
  return tools;
}

/** A config section as an object (a malformed one counts as empty: each tool has defaults). */
function configSection<T>(config: Record<string, unknown>, key: string): T {
  const v = config[key];
  return (v && typeof v === 'object' && !Array.isArray(v) ? v : {}) as T;
}
