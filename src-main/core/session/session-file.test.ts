import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSessionFile } from './session-file';
import { parseEventLine } from '../../../src-shared/events/event-line';
import { parseLines } from './session-file-scan';
import type { GlassboxEvent } from '../../../src-shared/events/event-types';
import type { ToolResultRecord } from '../../../src-shared/events/tool-result';

const resultOf = (e: GlassboxEvent | undefined): ToolResultRecord | undefined => (e as { result?: ToolResultRecord } | undefined)?.result;

const crafted = JSON.stringify({ type: 'tool_execution_end', ts: 1, toolCallId: 'c1', tool: 'bash', result: { output: 7, images: 'x' } });

describe('session file lines', () => {
  it('brings a crafted tool result to its full shape (no images field, wrong types)', () => {
    const e = parseEventLine(crafted);
    expect(e?.type).toBe('tool_execution_end');
    expect(resultOf(e)).toEqual({ output: null, error: null, images: [], system: null });
    const noResult = parseEventLine(JSON.stringify({ type: 'tool_execution_end', toolCallId: 'c2' }));
    expect(resultOf(noResult)?.images).toEqual([]);
    const badImages = parseEventLine(JSON.stringify({ type: 'tool_execution_end', result: { images: [{ data: 1 }, { data: 'AA', mimeType: 'image/png' }] } }));
    expect(resultOf(badImages)?.images).toEqual([{ data: 'AA', mimeType: 'image/png' }]);
  });

  it('refuses what is not an event, and every reader uses the same rule', () => {
    for (const line of ['[1,2]', 'null', '"text"', '{"type":3}', '{"ty', '{}']) expect(parseEventLine(line)).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'gb-session-file-'));
    const path = join(dir, 's.jsonl');
    writeFileSync(path, `[1,2]\n${crafted}\n`);
    const read = readSessionFile(path);
    expect(read.skipped).toBe(1);
    expect(read.events).toEqual(parseLines(`[1,2]\n${crafted}`));
    expect(resultOf(read.events[0])?.images).toEqual([]);
  });
});
