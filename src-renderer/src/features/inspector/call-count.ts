import { plural } from '../../../../src-shared/text/plural';

/**
 * The inspector's call count while a long session may still be loading: the session's true count
 * (`about` it when the host only estimated it from the end of the file), or — with a filter on —
 * the matches so far, saying the rest is loading. Never the count of the rows that happen to be
 * loaded as if it were the session's.
 */
export function callCountText(shown: number, earlier: number, estimated: boolean, filtered: boolean): string {
  if (earlier <= 0) return plural(shown, 'call');
  if (filtered) return `${plural(shown, 'call')} so far, loading…`;
  return `${estimated ? 'about ' : ''}${plural(shown + earlier, 'call')}, loading…`;
}
