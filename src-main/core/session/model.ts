import type { GlassboxConfig } from '../config/config';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import { resolveLlmConfig, type ResolvedLlmConfig } from '../llm/config';
import { createProvider } from '../llm/create-provider';
import type { LlmProvider } from '../llm/llm-types';
import { modelNameProblem } from '../../../src-shared/contract/model-name';

/** The model the last `model_changed` of a session file names (a resumed session continues with it). */
export function switchedModelOf(events: readonly GlassboxEvent[]): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'model_changed' && !modelNameProblem(e.model)) return e.model.trim();
  }
  return null;
}

/**
 * One session's model: the configured one (config, project config, env) unless the session was
 * switched to another. Only the model name is switched: the provider, endpoint and key stay those
 * of the configuration, so a key never goes to a server the user did not configure.
 */
export class SessionModel {
  private switched: string | null;
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
    this.provider = injected ?? null;
  }

  /** The model provider, resolved from config and env on first use. Throws ConfigError (exit 2). */
  llm(): LlmProvider {
    this.provider ??= createProvider(this.resolve());
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
    // The switched name outranks GLASSBOX_LLM_MODEL too: it is the user's latest word for this session.
    return resolveLlmConfig(this.config, this.switched ? { ...this.env, GLASSBOX_LLM_MODEL: this.switched } : this.env);
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
