import { expandEnv, type GlassboxConfig } from '../config/config';

/** What replaces a secret in session files, logs and `--json` output. */
export const REDACTED = '[REDACTED]';

/** Environment variables whose values are always secrets. */
export const SECRET_ENV_NAMES = ['GLASSBOX_LLM_API_KEY', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY'];

function tryExpand(value: unknown, where: string, env: NodeJS.ProcessEnv): unknown {
  try {
    return expandEnv(value, where, env);
  } catch {
    return value; // a missing variable is reported where it is used; here we only collect
  }
}

/**
 * The secret values of a config and environment: API keys, MCP servers' header values (and the
 * token part of `Bearer …`) and MCP servers' env values, after `${env:…}` expansion.
 */
export function collectSecrets(config: GlassboxConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  const add = (v: unknown): void => {
    if (typeof v !== 'string') return;
    const s = v.trim();
    if (s.length >= 6) out.add(s);
    const bearer = /^(?:Bearer|Basic|Token)\s+(\S{6,})$/i.exec(s);
    if (bearer) out.add(bearer[1]);
  };
  for (const name of SECRET_ENV_NAMES) add(env[name]);
  add(tryExpand(config.llm?.apiKey, 'llm.apiKey', env));
  for (const [id, server] of Object.entries(config.mcpServers ?? {})) {
    for (const [k, v] of Object.entries(server?.headers ?? {})) add(tryExpand(v, `mcpServers.${id}.headers.${k}`, env));
    for (const [k, v] of Object.entries(server?.env ?? {})) add(tryExpand(v, `mcpServers.${id}.env.${k}`, env));
  }
  return [...out];
}

/** Replaces known secret values in text (raw and JSON-escaped forms). Longest first, so a key containing another is fully hidden. */
export class SecretRedactor {
  private readonly needles: string[];

  constructor(secrets: string[]) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (!s) continue;
      forms.add(s);
      forms.add(JSON.stringify(s).slice(1, -1));
    }
    this.needles = [...forms].sort((a, b) => b.length - a.length);
  }

  /** True when there is anything to hide. */
  get active(): boolean {
    return this.needles.length > 0;
  }

  redact(text: string): string {
    let out = text;
    for (const n of this.needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    return out;
  }
}
