import { describe, expect, it } from 'vitest';
import {
  combineResults,
  errorResult,
  fromResultRecord,
  isEmptyResult,
  isErrorResult,
  okResult,
  resultToModelText,
  toResultRecord,
  type ToolResult,
} from './tool-result';

const img = (n: number) => ({ data: `AAA${n}`, mimeType: 'image/png' });

describe('combineResults', () => {
  it('concatenates text fields and appends image lists', () => {
    const a: ToolResult = { output: 'out1 ', error: 'err1 ', system: 'sys1 ', images: [img(1)] };
    const b: ToolResult = { output: 'out2', error: 'err2', system: 'sys2', images: [img(2), img(3)] };
    expect(combineResults(a, b)).toEqual({
      output: 'out1 out2',
      error: 'err1 err2',
      system: 'sys1 sys2',
      images: [img(1), img(2), img(3)],
    });
  });

  it('keeps a field set on only one side and sets nothing that neither had', () => {
    expect(combineResults({ output: 'x' }, { error: 'y' })).toEqual({ output: 'x', error: 'y' });
    expect(combineResults({}, {})).toEqual({});
    expect(combineResults({ output: '' }, { output: '' })).toEqual({});
  });

  it('merges metadata, the second winning', () => {
    expect(combineResults({ metadata: { a: 1, b: 1 } }, { metadata: { b: 2 } }).metadata).toEqual({ a: 1, b: 2 });
  });
});

describe('isEmptyResult', () => {
  it.each([
    [{}, true],
    [{ output: '' }, true],
    [{ images: [] }, true],
    [{ metadata: { x: 1 } }, true],
    [{ output: 'x' }, false],
    [{ error: 'x' }, false],
    [{ system: 'x' }, false],
    [{ images: [img(1)] }, false],
  ] as [ToolResult, boolean][])('%j → %s', (r, empty) => {
    expect(isEmptyResult(r)).toBe(empty);
  });
});

describe('resultToModelText', () => {
  it('shows the error as Error: … and never drops output that came with it', () => {
    expect(resultToModelText({ output: 'partial stdout', error: 'exit 1' })).toBe('partial stdout\nError: exit 1');
  });

  it('shows output alone, error alone, and the system note last', () => {
    expect(resultToModelText(okResult('fine'))).toBe('fine');
    expect(resultToModelText(errorResult('bad'))).toBe('Error: bad');
    expect(resultToModelText({ output: 'o', system: 'shell restarted' })).toBe('o\n[system] shell restarted');
  });

  it('says something for image-only and empty results', () => {
    expect(resultToModelText({ images: [img(1), img(2)] })).toBe('[2 image(s)]');
    expect(resultToModelText({})).toBe('Tool ran without output or errors');
  });
});

describe('records', () => {
  it('round-trips through the event/session form with nulls for absent fields', () => {
    const r: ToolResult = { output: 'o', images: [img(1)], metadata: { path: '/x' } };
    const rec = toResultRecord(r);
    expect(rec).toEqual({ output: 'o', error: null, images: [img(1)], system: null, metadata: { path: '/x' } });
    expect(fromResultRecord(rec)).toEqual(r);
    expect(toResultRecord({})).toEqual({ output: null, error: null, images: [], system: null });
  });

  it('isErrorResult is true only for a non-empty error', () => {
    expect(isErrorResult({ error: 'x' })).toBe(true);
    expect(isErrorResult({ error: '' })).toBe(false);
    expect(isErrorResult({ output: 'x' })).toBe(false);
  });
});
