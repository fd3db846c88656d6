import type { ForkChange, ModelSettings, ThinkingChoice } from '../contract/fork-views';

/** A thinking setting in words: `off`, `high`, `8,000 tokens`; `default` when none was set. */
export function thinkingText(t: ThinkingChoice | null | undefined): string {
  if (t === null || t === undefined) return 'default';
  return typeof t === 'number' ? `${t.toLocaleString('en-US')} tokens` : t;
}

function settingText(key: keyof ModelSettings, v: ModelSettings[keyof ModelSettings] | null | undefined): string {
  if (v === undefined) return 'not recorded';
  if (key === 'thinking') return thinkingText(v as ThinkingChoice | null);
  if (v === null) return 'default';
  return String(v);
}

const MODEL_KEYS = ['provider', 'model', 'temperature', 'thinking'] as const;

/**
 * What a fork changed, one short line per setting or part, for the compare view, the fork's
 * banner and `sessions diff`: `temperature 1 → 0.2`, `thinking default → 8,000 tokens`,
 * `provider default → local (chat at http://127.0.0.1:11434/v1)`, `the user's message`.
 * A model change recorded before its settings were (`{ what: 'model', model }`) reads `model → NAME`.
 */
export function forkChangeLines(change: ForkChange | undefined): string[] {
  if (!change) return [];
  switch (change.what) {
    case 'none':
      return ['nothing (run again)'];
    case 'message':
      return ['the user’s message'];
    case 'result':
      return [`the result of call ${change.callId}${change.result.error !== null ? ' (an error)' : ''}`];
    case 'args':
      return [`the arguments of call ${change.callId}`];
    case 'systemPrompt':
      return ['the system prompt'];
    case 'instructions':
      return [`the instructions of MCP server ${change.server}`];
    case 'model': {
      const lines: string[] = [];
      for (const key of MODEL_KEYS) {
        if (change[key] === undefined) continue;
        const to = change.to ? change.to[key] : change[key];
        let after = settingText(key, to);
        if (key === 'provider' && change.to) after += ` (${change.to.api} at ${change.to.endpoint})`;
        lines.push(change.from ? `${key} ${settingText(key, change.from[key])} → ${after}` : `${key} → ${after}`);
      }
      // A provider's own model name or defaults changed with it: say so, so nothing changes unseen.
      if (change.provider !== undefined && change.from && change.to) {
        for (const key of ['model', 'temperature', 'thinking'] as const) {
          if (change[key] !== undefined || !(key in change.from)) continue;
          if (change.from[key] !== change.to[key]) lines.push(`${key} ${settingText(key, change.from[key])} → ${settingText(key, change.to[key])} (with the provider)`);
        }
      }
      return lines;
    }
  }
}
