import { parseArgsText } from './args-check';
import { memoLast } from '../memo';
import type { AppStoreState } from '../store-types';

const parsed = memoLast(parseArgsText);

/** Whether Run can start: a call loaded, its arguments valid JSON without schema problems, not running. Pure. */
export function canRunReplay(s: Pick<AppStoreState, 'replayCall' | 'replayArgsText' | 'replayProblems' | 'replayRunning'>): boolean {
  return !!s.replayCall && parsed(s.replayArgsText).ok && s.replayProblems.length === 0 && !s.replayRunning;
}

/** What the replay pane shows. */
export const replaySelectors = {
  target: (s: AppStoreState) => s.replayTarget,
  call: (s: AppStoreState) => s.replayCall,
  schema: (s: AppStoreState) => s.replaySchema,
  argsText: (s: AppStoreState) => s.replayArgsText,
  /** The arguments parsed, or why they do not parse. */
  parsedArgs: (s: AppStoreState) => parsed(s.replayArgsText),
  problems: (s: AppStoreState) => s.replayProblems,
  editorKey: (s: AppStoreState) => s.replayEditorKey,
  error: (s: AppStoreState) => s.replayError,
  running: (s: AppStoreState) => s.replayRunning,
  outcome: (s: AppStoreState) => s.replayOutcome,
  canRun: canRunReplay,
};
