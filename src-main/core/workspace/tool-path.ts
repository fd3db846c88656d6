import { isAbsolute, resolve } from 'node:path';

/**
 * How every built-in tool reads a path argument, in the words the system prompt and the tool
 * schemas use (one sentence, so they cannot drift apart; `path-contract.test.ts` checks it).
 */
export const PATH_RULE = 'relative to the workspace, or absolute';

/** A path argument resolved against the workspace, or why it cannot be used. */
export type ToolPath = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Resolves a tool's path argument: a relative path is taken from the workspace, an absolute one
 * as it is; both are normalised the way the approval policy judges them (`resolve`), so what was
 * approved is what is touched. A leading `~` is refused rather than guessed: Node does not expand
 * it, and a folder named `~` in the workspace is never what the model meant.
 */
export function resolveToolPath(workspace: string, path: string): ToolPath {
  if (path.trim() === '') return { ok: false, reason: `The path is empty. Give a path ${PATH_RULE}.` };
  if (path.includes('\0')) return { ok: false, reason: 'The path contains a NUL character.' };
  if (path === '~' || path.startsWith('~/')) {
    return { ok: false, reason: `The path ${path} starts with \`~\`, which is not expanded here. Give a path ${PATH_RULE} (the workspace is ${workspace}).` };
  }
  return { ok: true, path: isAbsolute(path) ? resolve(path) : resolve(workspace, path) };
}
