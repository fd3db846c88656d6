import type { ElicitResult } from '@modelcontextprotocol/client';
import type { HumanInputPort, JsonSchema } from '../../tools/tool';
import { displayable } from './sampling-text';

/** A form the server asks the user to fill (`elicitation/create`, form mode). */
export interface ElicitFormRequest {
  mode?: 'form';
  message: string;
  requestedSchema: JsonSchema;
}

/** A page the server asks the user to open (`elicitation/create`, URL mode). */
export interface ElicitUrlRequest {
  mode: 'url';
  message: string;
  url: string;
  elicitationId?: string;
}

/** Who asks and where the answer goes. */
export interface ElicitationScope {
  server: string;
  callId?: string;
  port?: HumanInputPort;
  /** Opens a URL the user agreed to open (system browser); absent: the UI shows the link. */
  openUrl?: (url: string) => Promise<void>;
  signal: AbortSignal;
}

type Props = Record<string, { default?: unknown; type?: unknown; enum?: unknown; items?: { enum?: unknown; anyOf?: unknown } }>;

/**
 * The answer with every omitted field that has a `default` in the schema filled in (an
 * accepted form the user left untouched means "the defaults"), so the server never has to
 * guess what an empty field meant.
 */
export function applyFormDefaults(schema: JsonSchema, content: Record<string, unknown>): Record<string, unknown> {
  const props = (schema as { properties?: Props }).properties ?? {};
  const out = { ...content };
  for (const [key, prop] of Object.entries(props)) {
    if (out[key] === undefined && prop && typeof prop === 'object' && 'default' in prop) out[key] = structuredClone(prop.default);
  }
  return out;
}

/** Only web pages open from an elicitation: never file:, javascript: or app schemes. */
export function safeElicitationUrl(raw: string): URL | undefined {
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the user to fill a form (defaults applied to the answer) or to open a page (opened only
 * after the user agrees). Without anyone to ask, the request is declined; a failing port
 * cancels it — the server gets an answer either way, and the call goes on.
 */
export async function elicit(req: ElicitFormRequest | ElicitUrlRequest, scope: ElicitationScope): Promise<ElicitResult> {
  const port = scope.port;
  if (!port) return { action: 'decline' };
  const message = displayable(typeof req.message === 'string' && req.message ? req.message : 'The server asks for input');
  if (req.mode === 'url') {
    const url = safeElicitationUrl(req.url);
    if (!url) return { action: 'decline' };
    try {
      const answer = await port.ask(
        { question: `${message}\n\nMCP server '${scope.server}' asks you to open ${url.href}`, server: scope.server, mcp: { kind: 'elicitation-url', url: url.href, ...(scope.callId ? { callId: scope.callId } : {}) } },
        scope.signal,
      );
      if (answer.action !== 'accept') return { action: answer.action };
      await scope.openUrl?.(url.href);
      return { action: 'accept' };
    } catch {
      return { action: 'cancel' };
    }
  }
  const schema = (req.requestedSchema ?? { type: 'object', properties: {} }) as JsonSchema;
  try {
    const answer = await port.ask({ question: message, server: scope.server, schema, mcp: { kind: 'elicitation', ...(scope.callId ? { callId: scope.callId } : {}) } }, scope.signal);
    if (answer.action !== 'accept') return { action: answer.action };
    const given = answer.content ?? (answer.text !== undefined ? { value: answer.text } : {});
    return { action: 'accept', content: applyFormDefaults(schema, given) as ElicitResult['content'] };
  } catch {
    return { action: 'cancel' };
  }
}

/**
 * Pages a server needs opened before a call can succeed (2025: error -32042): the user is
 * asked about each in turn; true only when every one was accepted (and opened).
 */
export async function openPages(
  pages: Array<{ url: string; message: string; elicitationId?: string }>,
  scope: { server: string; callId: string; port: HumanInputPort | undefined; openUrl: ((url: string) => Promise<void>) | undefined; signal: AbortSignal },
  record: (page: { url: string; message: string }, action: ElicitResult['action']) => void,
): Promise<boolean> {
  const { port, openUrl, ...rest } = scope;
  const where: ElicitationScope = { ...rest, ...(port ? { port } : {}), ...(openUrl ? { openUrl } : {}) };
  for (const page of pages) {
    const r = await elicit({ mode: 'url', ...page }, where);
    record(page, r.action);
    if (r.action !== 'accept') return false;
  }
  return true;
}
