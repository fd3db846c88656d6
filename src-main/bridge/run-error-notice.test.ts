import { describe, expect, it } from 'vitest';
import { noticeForRunError } from './run-error-notice';

describe('noticeForRunError', () => {
  const table: Array<[string, string]> = [
    ['401 Incorrect API key provided: sk-xx', 'BAD_API_KEY'],
    ['Error: 401 {"type":"authentication_error","message":"invalid x-api-key"}', 'BAD_API_KEY'],
    ['Connection error. connect ECONNREFUSED 127.0.0.1:11434', 'MODEL_UNREACHABLE'],
    ['fetch failed', 'MODEL_UNREACHABLE'],
    ['getaddrinfo ENOTFOUND api.example.invalid', 'MODEL_UNREACHABLE'],
    ['404 The model `gpt-9` does not exist', 'MODEL_NOT_FOUND'],
    ['429 Rate limit reached', 'RATE_LIMITED'],
    ['No API key: set llm.apiKey or GLASSBOX_LLM_API_KEY', 'NO_API_KEY'],
    ['something odd happened', 'RUN_FAILED'],
  ];
  for (const [error, code] of table) {
    it(`${error} → ${code}`, () => {
      const n = noticeForRunError(error);
      expect(n.code).toBe(code);
      expect(n.level).toBe('error');
      expect(n.hint).toBeTruthy();
    });
  }
});
