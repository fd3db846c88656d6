import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  ClientCapabilities,
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Root,
} from '@modelcontextprotocol/server';
import type { AskOptions, ClientRoot, ElicitAnswer, McpCallContext, SampleAnswer } from './call-context';


/**
 * The MCP client that made the request being served, as code running inside that request (a
 * tool, a prompt, a resource read) sees it: it can be asked for input, an LLM completion or
 * its roots. Each era's way of asking (a 2025 server→client request, a 2026 `input_required`
 * round) is the server's business, not the caller's.
 */
export interface McpCaller {
  readonly era: 'legacy' | 'modern';
  /** What the client declared it can do (undefined when it declared nothing). */
  readonly capabilities: ClientCapabilities | undefined;
  /** Asks the user through the client (a form). Rejects when the client cannot be asked. */
  elicit(params: ElicitRequestFormParams, opts?: AskOptions): Promise<ElicitResult>;
  /** Asks the client's model for a completion. Rejects when the client cannot sample. */
  sample(params: CreateMessageRequestParams, opts?: AskOptions): Promise<CreateMessageResult>;
  /** The client's roots. Rejects when the client has none to give. */
  roots(opts?: AskOptions): Promise<Root[]>;
}

const current = new AsyncLocalStorage<McpCaller>();

/** Runs `fn` with `caller` as the MCP client of everything it awaits. */
export function withMcpCaller<T>(caller: McpCaller, fn: () => Promise<T>): Promise<T> {
  return current.run(caller, fn);
}

/** The MCP client of the request being served, if this code runs inside one. */
export function currentMcpCaller(): McpCaller | undefined {
  return current.getStore();
}

/** Thrown when the client lacks what a request needs; the server turns it into the era's error. */
export class ClientCapabilityMissing extends Error {
  constructor(
    readonly capability: 'elicitation' | 'sampling' | 'roots',
    what: string,
  ) {
    super(`the MCP client did not declare the '${capability}' capability, so it cannot be asked ${what}`);
    this.name = 'ClientCapabilityMissing';
  }
}

const NOT_MCP = 'this call did not come from an MCP client (only calls through `glassbox mcp serve` can ask their client)';

/**
 * The asking functions for code running now: they go to the MCP client of the current request,
 * and reject at once with the reason when there is none (never a hang).
 */
export function mcpCallContext(): McpCallContext {
  const caller = currentMcpCaller();
  const none = () => Promise.reject(new Error(NOT_MCP));
  if (!caller) return { clientCapabilities: undefined, elicit: none, sample: none, roots: none };
  return {
    clientCapabilities: caller.capabilities as Record<string, unknown> | undefined,
    elicit: (f, o) => caller.elicit(f as ElicitRequestFormParams, o) as Promise<ElicitAnswer>,
    sample: (r, o) => caller.sample(r as CreateMessageRequestParams, o) as unknown as Promise<SampleAnswer>,
    roots: (o) => caller.roots(o) as Promise<ClientRoot[]>,
  };
}
