import { dirname, join } from 'node:path';
import { readApiKeyFile, writeApiKeyFile } from '../core/config/api-key-file';
import { readConfigFile, updateConfigFile, type ApprovalRule, type GlassboxConfig, type LlmConfig } from '../core/config/config';
import type { ApprovalRuleView, ModelConnectionResult, SettingsPatch, SettingsView } from '../../src-shared/contract/views';
import { testModelConnection } from './model-connection-test';
import { applyTelemetryPatch, telemetrySettingsView } from './telemetry-settings';
import { applyLimitsPatch, limitsSettingsView } from './limits-settings';

/**
 * Where the API key lives. Write-only from the UI's side: `has()` is all it can learn.
 * The web host keeps it in config.json (the user's own file); the desktop app encrypts it with
 * Electron's safeStorage (src-main/electron/safe-key-store.ts).
 */
export interface ApiKeyStore {
  has(): boolean;
  /** Sets the key; `null` clears it. */
  set(key: string | null): void;
  /** The key, in the main process only (Test connection); never sent to the page. */
  read?(): string | null | undefined;
}

/**
 * Keeps the key in `$GLASSBOX_HOME/state/api-key` (mode 0600), apart from config.json (which
 * users copy and share); a key left in the config by an older version moves out on the next save.
 */
export class ConfigFileKeyStore implements ApiKeyStore {
  private readonly paths: { state: string };

  constructor(private readonly configPath: string) {
    this.paths = { state: join(dirname(configPath), 'state') };
  }

  has(): boolean {
    return Boolean(this.read());
  }

  read(): string | null {
    return readApiKeyFile(this.paths) ?? readConfigFile(this.configPath).llm?.apiKey ?? null;
  }

  set(key: string | null): void {
    writeApiKeyFile(this.paths, key);
    if (readConfigFile(this.configPath).llm?.apiKey !== undefined) {
      updateConfigFile(this.configPath, (c) => {
        const llm = { ...(c.llm ?? {}) };
        delete llm.apiKey;
        return { ...c, llm };
      });
    }
  }
}

const PROVIDERS = ['openai', 'anthropic'] as const;

/** The settings the UI shows, from the config file and the environment (env wins, docs/configuration.md). */
export function settingsView(config: GlassboxConfig, env: NodeJS.ProcessEnv, keySet: boolean): SettingsView {
  const provider = (env.GLASSBOX_LLM_PROVIDER as SettingsView['provider'] | undefined) ?? config.llm?.provider ?? 'openai';
  const envKey = env.GLASSBOX_LLM_API_KEY || (provider === 'anthropic' ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY);
  return {
    provider: PROVIDERS.includes(provider) ? provider : 'openai',
    model: env.GLASSBOX_LLM_MODEL ?? config.llm?.model ?? '',
    baseURL: env.GLASSBOX_LLM_BASE_URL ?? config.llm?.baseURL ?? '',
    apiKeySet: keySet || Boolean(envKey),
    approvalMode: config.approvals?.mode ?? 'ask',
    approvalRules: (config.approvals?.rules ?? []).map((r): ApprovalRuleView => ({ tool: r.tool, ...(r.match ? { match: r.match } : {}), decision: r.decision })),
    telemetry: telemetrySettingsView(config, env),
    limits: limitsSettingsView(config),
    thinking: configuredThinking(config.llm?.thinking, env.GLASSBOX_LLM_MODEL ?? config.llm?.model ?? ''),
    ...(env.GLASSBOX_LLM_THINKING ? { thinkingFromEnv: true } : {}),
    api: config.llm?.api ?? 'auto',
  };
}

/** The reasoning value written for `model` (its own entry, else `"*"`, else a value for every model), as text. */
function configuredThinking(value: unknown, model: string): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value).toLowerCase();
  if (!value || typeof value !== 'object') return '';
  const table = value as Record<string, unknown>;
  const v = table[model] ?? table['*'];
  return typeof v === 'number' || typeof v === 'string' ? String(v).toLowerCase() : '';
}

/**
 * `llm.thinking` with `model`'s value set ('' removes it). A value for every model becomes the
 * `"*"` entry of a per-model object, so other models keep what they had.
 */
export function withModelThinking(current: unknown, model: string, value: string): NonNullable<LlmConfig['thinking']> | undefined {
  const table: Record<string, number | string> =
    typeof current === 'number' || typeof current === 'string' ? { '*': current } : current && typeof current === 'object' ? { ...(current as Record<string, number | string>) } : {};
  const key = model || '*';
  if (value === '') delete table[key];
  else table[key] = /^\d+$/.test(value) ? Number(value) : value;
  const keys = Object.keys(table);
  if (!keys.length) return undefined;
  return keys.length === 1 && keys[0] === '*' ? table['*'] : table;
}

/** Reads and writes the settings part of `$GLASSBOX_HOME/config.json`, keeping everything else. */
export class SettingsStore {
  constructor(
    private readonly configPath: string,
    private readonly keys: ApiKeyStore,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  get(): SettingsView {
    return settingsView(readConfigFile(this.configPath), this.env, this.keys.has());
  }

  /** Test connection: the server's models with a draft over these settings (the key read here, never returned). */
  testConnection(draft: SettingsPatch): Promise<ModelConnectionResult> {
    return testModelConnection(draft, { settings: this.get(), storedKey: () => this.keys.read?.() ?? null, env: this.env });
  }

  /** Applies a patch, parsed at the bridge's edge by SettingsPatchSchema (src-shared/contract/views.ts). */
  set(patch: SettingsPatch): SettingsView {
    const { apiKey, ...rest } = patch;
    if (Object.keys(rest).length) {
      updateConfigFile(this.configPath, (c) => {
        const llm = { ...(c.llm ?? {}) };
        if (rest.provider !== undefined) llm.provider = rest.provider;
        if (rest.model !== undefined) setOrDelete(llm, 'model', rest.model);
        if (rest.baseURL !== undefined) setOrDelete(llm, 'baseURL', rest.baseURL);
        if (rest.thinking !== undefined) {
          const next = withModelThinking(llm.thinking, rest.model ?? llm.model ?? '', rest.thinking);
          if (next === undefined) delete llm.thinking;
          else llm.thinking = next;
        }
        if (rest.api !== undefined) {
          if (rest.api === 'auto') delete llm.api;
          else llm.api = rest.api;
        }
        const approvals = { ...(c.approvals ?? {}) };
        if (rest.approvalMode !== undefined) approvals.mode = rest.approvalMode;
        if (rest.approvalRules !== undefined) {
          approvals.rules = rest.approvalRules.map((r): ApprovalRule => ({ tool: r.tool, ...(r.match ? { match: r.match } : {}), decision: r.decision }));
        }
        const next = { ...c, llm, approvals };
        const traced = rest.telemetry !== undefined ? applyTelemetryPatch(next, rest.telemetry) : next;
        return rest.limits !== undefined ? applyLimitsPatch(traced, rest.limits) : traced;
      });
    }
    if (apiKey !== undefined) this.keys.set(apiKey === '' ? null : apiKey);
    return this.get();
  }
}

function setOrDelete(o: Record<string, unknown>, k: string, v: string): void {
  if (v === '') delete o[k];
  else o[k] = v;
}
