import { SecretRedactor } from '../core/secrets/redactor';
import type { ModelConnectionResult, SettingsPatch, SettingsView } from '../../src-shared/contract/views';

/** Where each provider's API is when no base URL is set. */
const DEFAULT_BASE: Record<SettingsView['provider'], string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

/** What a connection test needs from the host: the settings, the stored key (main process only), the environment. */
export interface ConnectionTestDeps {
  settings: SettingsView;
  /** The key set in Settings, read here in the main process; it never goes to the page. */
  storedKey: () => string | null;
  env: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Asks the model server for its models (`GET <base URL>/models`) with the settings being edited
 * (the draft over the saved ones; the key typed, else the stored one): Test connection and the
 * setup panel's model list. Runs in the host, so the key stays out of the renderer and the page
 * needs no network access of its own. Never throws: a failure is `{ ok: false, error }` saying
 * what went wrong (status and the server's text, or the network error).
 */
export async function testModelConnection(draft: SettingsPatch, deps: ConnectionTestDeps): Promise<ModelConnectionResult> {
  const provider = draft.provider ?? deps.settings.provider;
  const base = ((draft.baseURL ?? deps.settings.baseURL) || DEFAULT_BASE[provider]).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/models`);
  } catch {
    return { ok: false, error: `The base URL is not a URL: ${base}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'The base URL must start with http:// or https://.' };
  const key =
    draft.apiKey ||
    deps.storedKey() ||
    deps.env.GLASSBOX_LLM_API_KEY ||
    (provider === 'anthropic' ? deps.env.ANTHROPIC_API_KEY : deps.env.OPENAI_API_KEY) ||
    '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (provider === 'anthropic') {
    headers['anthropic-version'] = '2023-06-01';
    if (key) headers['x-api-key'] = key;
  } else if (key) headers.authorization = `Bearer ${key}`;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), deps.timeoutMs ?? 10_000);
  try {
    const res = await (deps.fetch ?? fetch)(url, { headers, signal: ctrl.signal, redirect: 'error' });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!res.ok) {
      const b = body as { error?: { message?: unknown } | string; message?: unknown } | undefined;
      const said = typeof b?.error === 'object' ? b.error?.message : typeof b?.error === 'string' ? b.error : b?.message;
      const detail = typeof said === 'string' && said ? said : text.slice(0, 200) || res.statusText;
      return { ok: false, endpoint: base, error: `HTTP ${res.status} from ${url.href}: ${redactKey(detail, key)}` };
    }
    const data = (body as { data?: unknown; models?: unknown } | undefined)?.data ?? (body as { models?: unknown } | undefined)?.models;
    if (!Array.isArray(data)) return { ok: false, endpoint: base, error: `${url.href} answered, but not with a list of models.` };
    const models = data
      .map((m) => (typeof m === 'string' ? m : typeof (m as { id?: unknown })?.id === 'string' ? (m as { id: string }).id : typeof (m as { name?: unknown })?.name === 'string' ? (m as { name: string }).name : null))
      .filter((m): m is string => m !== null)
      .slice(0, 1000)
      .sort();
    return { ok: true, endpoint: base, models };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why = ctrl.signal.aborted ? 'no answer within 10 s' : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ok: false, endpoint: base, error: `Could not reach ${url.href}: ${redactKey(String(why), key)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** A server may echo the key in its error: never hand it to the page (the one mask, every form of the key). */
function redactKey(text: string, key: string): string {
  return new SecretRedactor([key]).redact(text);
}
