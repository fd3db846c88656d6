import { type GlassboxConfig } from '../config/config';
import { ConfigError } from '../config/config-error';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ModelChangeFields, ModelSettings } from '../../../src-shared/contract/fork-views';
import { endpointOf, type ResolvedLlmConfig } from '../llm/config';
import { createProvider } from '../llm/create-provider';
import type { LlmProvider } from '../llm/llm-types';
import { settingsProblem } from '../llm/model-support';
import { apiOf, DEFAULT_PROVIDER, resolveProvider } from '../llm/providers';
import { thinkingChoiceOf, thinkingSettingOf } from '../llm/thinking-config';
import { forkOverridesOf } from '../fork/overrides';
import { modelNameProblem } from '../../../src-shared/contract/model-name';

/** The model the last `model_changed` of a session file names (a resumed session continues with it). */
export function switchedModelOf(events: readonly GlassboxEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'model_changed' && !modelNameProblem(e.model)) return e.model.trim();
  }
  return null;
}

/** The settings a resolved provider sends requests with, as a fork and `model_request` record them (never the key). */
export function settingsOf(cfg: ResolvedLlmConfig, provider: string): ModelSettings {
  return {
    provider,
    api: apiOf(cfg),
    endpoint: endpointOf(cfg),
    model: cfg.model,
    temperature: cfg.temperature ?? null,
    thinking: cfg.thinking ? thinkingChoiceOf(cfg.thinking) : null,
  };
}

/**
 * One session's model: the configured one (config, project config, env) unless the session was
 * switched to another. The picker switches the name only; a fork may also pick another
 * configured provider (`llm.providers`), a temperature and a thinking setting (kept with the
 * fork, so a resumed fork keeps them). A key only ever goes to the endpoint it is configured
 * with, so it never reaches a server the user did not configure.
 */
export class SessionModel {
  private switched: string | null;
  /** The provider, temperature and thinking a fork chose (empty: as configured). */
  private settings: Omit<ModelChangeFields, 'model'>;
  /** The provider built for the current model (null until first use and after a switch). */
  private provider: LlmProvider | null;

  /** `injected`: a provider given by the host (tests, benchmarks), which stays whatever model is switched to. */
  constructor(
    private readonly config: GlassboxConfig,
    private readonly env: NodeJS.ProcessEnv,
    saved: readonly GlassboxEvent[] = [],
    private readonly injected?: LlmProvider,
  ) {
    this.switched = switchedModelOf(saved);
    this.settings = forkOverridesOf(saved).model;
    this.provider = injected ?? null;
  }

  /** The model provider, resolved from config and env on first use. Throws ConfigError (exit 2). */
  llm(): LlmProvider {
    if (!this.provider) {
      const cfg = this.resolve();
      this.provider = createProvider(cfg, settingsOf(cfg, this.settings.provider ?? DEFAULT_PROVIDER));
    }
    return this.provider;
  }

  /** Provider and model the next run uses; null when no model is configured. */
  inUse(): { provider: string; model: string; switched: boolean } | null {
    return this.injected && this.provider ? { provider: this.provider.provider, model: this.provider.model, switched: false } : this.current();
  }

  /** Switches to `model` (as `switchTo`); the next run builds its provider anew. Returns the provider and the trimmed name. */
  switchModel(model: string): { provider: string; model: string } {
    const name = this.switchTo(model);
    if (!this.injected) this.provider = null;
    return { provider: this.current()?.provider ?? this.config.llm?.provider ?? 'openai', model: name };
  }

  /** The model settings the next provider is built from. Throws ConfigError like `resolveLlmConfig`. */
  resolve(): ResolvedLlmConfig {
    return this.resolveWith(this.settings, this.switched);
  }

  private resolveWith(settings: Omit<ModelChangeFields, 'model'>, switched: string | null): ResolvedLlmConfig {
    // The switched name outranks GLASSBOX_LLM_MODEL too: it is the user's latest word for this session.
    const cfg = resolveProvider(this.config, settings.provider ?? DEFAULT_PROVIDER, this.env, switched ?? undefined);
    return {
      ...cfg,
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      ...(settings.thinking !== undefined ? { thinking: thinkingSettingOf(settings.thinking) } : {}),
    };
  }

  /**
   * A fork's model settings from now on: another configured provider (its own model unless one
   * is given), the model's name, the temperature, the thinking — each optional. Checked before
   * anything changes: an unknown provider, a refused name, a temperature or thinking this provider
   * and model do not take throw Error with the reason. Returns what requests now go out with.
   */
  applyChange(change: ModelChangeFields): ModelSettings {
    if (change.model !== undefined) {
      const problem = modelNameProblem(change.model);
      if (problem) throw new Error(problem);
    }
    const settings = {
      ...this.settings,
      ...(change.provider !== undefined ? { provider: change.provider } : {}),
      ...(change.temperature !== undefined ? { temperature: change.temperature } : {}),
      ...(change.thinking !== undefined ? { thinking: change.thinking } : {}),
    };
    // Another provider brings its own model unless one is named (or it has none: the name stays).
    let switched = change.model !== undefined ? change.model.trim() : this.switched;
    if (change.model === undefined && change.provider !== undefined) {
      const entry = change.provider === DEFAULT_PROVIDER ? null : this.config.llm?.providers?.[change.provider];
      if (change.provider === DEFAULT_PROVIDER || entry?.model) switched = null;
      else switched = this.current()?.model ?? this.switched;
    }
    let cfg: ResolvedLlmConfig;
    try {
      cfg = this.resolveWith(settings, switched);
    } catch (err) {
      throw new Error(err instanceof ConfigError ? err.message : String(err));
    }
    const problem = settingsProblem(cfg, { temperature: change.temperature !== undefined, thinking: change.thinking !== undefined });
    if (problem) throw new Error(problem);
    this.settings = settings;
    this.switched = cfg.model;
    if (!this.injected) this.provider = null;
    return settingsOf(cfg, settings.provider ?? DEFAULT_PROVIDER);
  }

  /** Provider and model in use (`switched`: this session's own), or null when no model is configured (or the config is malformed). */
  current(): { provider: string; model: string; switched: boolean } | null {
    try {
      const { provider, model } = this.resolve();
      return { provider, model, switched: this.switched !== null };
    } catch {
      return null;
    }
  }

  /** Switches to `model` (validated); returns the trimmed name. Throws Error with the reason when refused. */
  switchTo(model: string): string {
    const problem = modelNameProblem(model);
    if (problem) throw new Error(problem);
    this.switched = model.trim();
    return this.switched;
  }
}
