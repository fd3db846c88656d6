import type { BashNode } from '../parser';
import { visit, wordEnv } from './analyzer';
import type { Ctx } from './context';
import { Finding } from './findings';
import type { Invocation, Stdin } from './invocation';
import { fileRules } from './rules/files';
import { gitRules } from './rules/git';
import { programRules } from './rules/programs';
import { readOnlyCheck } from './rules/read-only';
import { shellStateRules } from './rules/shell-state';
import { stdinOf } from './rules/stdin-programs';
import { systemRules, unwrap } from './rules/system';
import { baseName, type Scope } from './scope';
import { hasGlob, wordText, type Word } from './words';

/**
 * Classifies one simple command: substitutions in its words first (they run before it), then
 * its wrappers, then the rules of its family. `statement` is the redirected statement around
 * it (here-docs and here-strings feed its stdin).
 */
export function simpleCommand(node: BashNode, scope: Scope, ctx: Ctx, statement?: BashNode, pipedStdin?: Stdin): void {
  const env = wordEnv(ctx, scope);
  const assignments: BashNode[] = [];
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === 'variable_assignment') {
      assignments.push(c);
      for (const vc of c.namedChildren) if (vc && vc !== c.childForFieldName('name')) visitWord(vc, scope, ctx);
    } else if (c.type === 'command_name') visitWord(c.namedChildren[0] ?? c, scope, ctx);
    else visitWord(c, scope, ctx);
  }
  const nameNode = node.childForFieldName('name');
  const argNodes = node.childrenForFieldName('argument').filter((c): c is BashNode => !!c);
  const nameWord: Word = nameNode ? wordText(nameNode.namedChildren[0] ?? nameNode, env) : null;
  const args = argNodes.map((a) => wordText(a, env));
  const allWords = [...assignments.map((a) => wordText(a, env)), nameWord, ...args];
  const text = allWords.every((w) => w !== null) ? allWords.join(' ') : null;
  const f = ctx.findings.add(new Finding(nameWord === null ? '?' : baseName(nameWord), text));

  if (nameWord === null) {
    f.unknown.push('the command name is only known at run time');
    return;
  }
  if (assignments.length) {
    f.unknown.push(`runs ${baseName(nameWord)} with changed environment variables (${assignments.map((a) => a.childForFieldName('name')?.text ?? '?').join(', ')})`);
  }
  const stdin = pipedStdin ?? (statement ? stdinOf(statement, scope, ctx) : undefined) ?? herestring(node, scope, ctx);
  runRules({ name: baseName(nameWord), written: nameWord, args, nodes: argNodes, globs: argNodes.map(hasGlob), wrappers: [], stdin }, f, ctx, scope);
}

/**
 * Runs the rules of every family on one invocation (wrappers peeled off first). Used for simple
 * commands and for the commands `xargs` and `find -exec` run.
 */
export function runRules(outer: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const inv = unwrap(outer, f);
  if (!inv) return;
  inv.stdin = outer.stdin;
  if (scope.names.has(inv.name) && !inv.wrappers.some((w) => w === 'command' || w === 'builtin')) {
    f.unknown.push(`runs ${inv.name}, which this shell defines as an alias or function (what it does is not known here)`);
  }
  systemRules(inv, f, ctx, scope);
  fileRules(inv, f, ctx, scope);
  gitRules(inv, f, ctx, scope);
  programRules(inv, f, ctx, scope);
  shellStateRules(inv, f, ctx, scope);
  readOnlyCheck(inv, f, ctx, scope);
}

function herestring(node: BashNode, scope: Scope, ctx: Ctx): Stdin | undefined {
  const hs = node.namedChildren.find((c) => c?.type === 'herestring_redirect');
  if (!hs) return undefined;
  const w = hs.namedChildren[0] ? wordText(hs.namedChildren[0], wordEnv(ctx, scope)) : null;
  return w === null ? { kind: 'unknown' } : { kind: 'script', text: w };
}

/** Analyzes what runs inside a word (substitutions, arithmetic) before the command itself. */
function visitWord(node: BashNode, scope: Scope, ctx: Ctx): void {
  visit(node, scope, ctx);
}
