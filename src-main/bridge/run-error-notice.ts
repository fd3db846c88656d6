import type { Notice } from '../../src-shared/contract/views';

const RULES: Array<{ test: RegExp; code: string; message: string; hint: string }> = [
  {
    test: /\b401\b|\b403\b|unauthori[sz]ed|invalid[ _-]?api[ _-]?key|incorrect api key|authentication|x-api-key/i,
    code: 'BAD_API_KEY',
    message: 'The model provider rejected the API key.',
    hint: 'Open Settings (Ctrl+,) and enter a valid API key for this provider.',
  },
  {
    test: /no api key|api key is (missing|not set)|missing api key|apiKey/i,
    code: 'NO_API_KEY',
    message: 'No API key is set for the model provider.',
    hint: 'Open Settings (Ctrl+,) and enter an API key, or set GLASSBOX_LLM_API_KEY.',
  },
  {
    test: /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|fetch failed|connection error|network|unreachable|socket hang up/i,
    code: 'MODEL_UNREACHABLE',
    message: 'The model server could not be reached.',
    hint: 'Check that the model server is running and that the base URL in Settings is right.',
  },
  {
    test: /\b404\b|model .*not found|does not exist|unknown model/i,
    code: 'MODEL_NOT_FOUND',
    message: 'The model provider does not know this model or endpoint.',
    hint: 'Check the model name and base URL in Settings.',
  },
  {
    test: /\b429\b|rate limit/i,
    code: 'RATE_LIMITED',
    message: 'The model provider is rate limiting requests.',
    hint: 'Wait a moment and send again, or use another model.',
  },
  {
    test: /model is not set|no model|missing model/i,
    code: 'NO_MODEL',
    message: 'No model is configured.',
    hint: 'Open Settings (Ctrl+,) and choose a model.',
  },
];

/**
 * Turns a run's error text into a banner the user can act on: what happened and what to do.
 * Pure; table-tested. Unknown errors keep their own message.
 */
export function noticeForRunError(error: string): Notice {
  for (const r of RULES) {
    if (r.test.test(error)) return { level: 'error', code: r.code, message: `${r.message} (${error.slice(0, 300)})`, hint: r.hint };
  }
  return { level: 'error', code: 'RUN_FAILED', message: error.slice(0, 500), hint: 'See the last tool call or model turn in the inspector for details.' };
}
