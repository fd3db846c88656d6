import type { BashNode } from '../parser';
import type { Ctx } from './context';
import { Finding } from './findings';
import { checkArithmetic, checkTestCommand } from './rules/evaluated-words';
import { analyzePipeline, printed } from './rules/stdin-programs';
import { childScope, type Scope } from './scope';
import { simpleCommand } from './simple-command';
import { wordText, type WordEnv } from './words';

// Leaves and word parts that do nothing by themselves when the shell reads them.
const INERT = new Set([
  'word', 'number', 'raw_string', 'ansi_c_string', 'string_content', 'variable_name', 'special_variable_name',
  'heredoc_content', 'heredoc_start', 'heredoc_end', 'regex', 'extglob_pattern', 'test_operator', 'file_descriptor', 'comment',
]);
// Word containers: what runs inside them (substitutions) is analyzed, the rest is inert.
const WORD_CONTAINERS = new Set(['string', 'concatenation', 'simple_expansion', 'expansion', 'translated_string', 'array', 'brace_expression', 'heredoc_body', 'case_item']);
// Statement containers whose children run in the same shell.
const SEQUENCES = new Set(['program', 'list', 'compound_statement', 'do_group', 'if_statement', 'elif_clause', 'else_clause', 'while_statement', 'case_statement', 'negated_command']);

/** The word environment of a scope (what `$x`, `$HOME`, `$PWD` mean there). */
export function wordEnv(ctx: Ctx, scope: Scope): WordEnv {
  return { home: ctx.home, cwd: scope.cwd, vars: scope.vars };
}

/**
 * Walks a syntax tree and records a {@link Finding} per simple command and redirect. Node
 * types it does not know make the line unknown: a parser can never be complete, so what it
 * cannot read is never taken for harmless.
 */
export function visit(node: BashNode, scope: Scope, ctx: Ctx): void {
  const t = node.type;
  if (INERT.has(t)) return;
  if (t === 'ERROR' || node.isMissing) {
    ctx.findings.unknown('the command does not parse cleanly as bash');
    return;
  }
  if (t === 'expansion' && node.children.some((c) => c && !c.isNamed && (c.text === ':=' || c.text === '='))) {
    ctx.findings.unknown(`assigns a variable while expanding ${node.text}`);
  }
  const evaluates = t === 'expansion' ? evaluatingExpansion(node) : undefined;
  if (evaluates) ctx.findings.unknown(evaluates);
  if (SEQUENCES.has(t) || WORD_CONTAINERS.has(t)) {
    for (const c of node.namedChildren) if (c) visit(c, scope, ctx);
    return;
  }
  switch (t) {
    case 'command':
      simpleCommand(node, scope, ctx);
      return;
    case 'subshell':
    case 'command_substitution':
    case 'process_substitution': {
      const inner = childScope(scope);
      for (const c of node.namedChildren) if (c) visit(c, inner, ctx);
      // Inside `…` bash drops the backslash of \` \$ \\ and parses the text again, so
      // `echo \`rm …\`` nested there runs: analyze that second reading too.
      if (t === 'command_substitution' && node.text.startsWith('`')) {
        const body = node.text.slice(1, -1);
        const reread = body.replace(/\\([`$\\])/g, '$1');
        if (reread !== body) ctx.analyzeScript(reread, childScope(scope), ctx.depth + 1);
      }
      return;
    }
    case 'pipeline':
      analyzePipeline(node, scope, ctx);
      return;
    case 'redirected_statement':
      redirectedStatement(node, scope, ctx);
      return;
    case 'file_redirect':
      fileRedirect(node, scope, ctx);
      return;
    case 'heredoc_redirect':
    case 'herestring_redirect':
      for (const c of node.namedChildren) if (c) visit(c, scope, ctx);
      return;
    case 'variable_assignment':
      assignment(node, scope, ctx, false);
      return;
    case 'variable_assignments':
      for (const c of node.namedChildren) if (c) visit(c, scope, ctx);
      return;
    case 'declaration_command':
      declaration(node, scope, ctx);
      return;
    case 'unset_command':
      unset(node, scope, ctx);
      return;
    case 'function_definition':
      functionDefinition(node, scope, ctx);
      return;
    case 'for_statement':
      forStatement(node, scope, ctx);
      return;
    case 'test_command':
      checkTestCommand(node, scope, ctx);
      return;
    case 'arithmetic_expansion':
    case 'c_style_for_statement':
      checkArithmetic(node, scope, ctx);
      return;
    default:
      ctx.findings.unknown(`shell syntax the classifier does not know (${t})`);
  }
}

/**
 * Parameter expansions that evaluate a variable's value, not only read it: `${x@P}` expands it
 * as a prompt (running any `$(…)` in it), `${!x}` reads the variable it names (an array subscript
 * there is arithmetic, which runs `$(…)`), `${s:off:len}` evaluates off and len as arithmetic.
 * The value may come from an earlier call, so only literal integers are trusted.
 */
function evaluatingExpansion(node: BashNode): string | undefined {
  const kids = node.children.filter((c): c is BashNode => !!c);
  for (let i = 0; i < kids.length; i++) {
    const k = kids[i]!;
    if (k.isNamed) continue;
    const next = kids[i + 1];
    if (k.text === '@' && next && !next.isNamed && next.text === 'P') return `${node.text} expands a value as a prompt string at run time (it can run commands)`;
    // `${!prefix@}` / `${!prefix*}` only list names.
    if (k.text === '!' && i === 1 && !(kids.length >= 4 && ['@', '*'].includes(kids[kids.length - 2]!.text))) {
      return `${node.text} expands the variable a value names at run time (a subscript there can run commands)`;
    }
    if (k.text === ':' && next && next.type !== 'number') return `${node.text}: the offset or length is evaluated as arithmetic at run time (it can run commands)`;
  }
  return undefined;
}

function redirectedStatement(node: BashNode, scope: Scope, ctx: Ctx): void {
  const body = node.childForFieldName('body');
  // Redirects first: a here-doc into a shell is analyzed with the body's command.
  for (const c of node.namedChildren) {
    if (!c || c === body) continue;
    if (c.type !== 'heredoc_redirect') visit(c, scope, ctx);
    // `cat <<'EOF' | sh`: the pipeline after the here-doc's first line reads what the body prints.
    else for (const h of c.namedChildren) {
      if (h?.type === 'pipeline' && body?.type === 'command') analyzePipeline(h, scope, ctx, printed(body, scope, ctx) ?? { kind: 'unknown' });
      else if (h) visit(h, scope, ctx);
    }
  }
  if (body) {
    if (body.type === 'command') simpleCommand(body, scope, ctx, node);
    else visit(body, scope, ctx);
  }
}

function fileRedirect(node: BashNode, scope: Scope, ctx: Ctx): void {
  const dest = node.childForFieldName('destination');
  const op = node.children.find((c) => c && !c.isNamed)?.text ?? '>';
  for (const c of node.namedChildren) if (c) visit(c, scope, ctx);
  if (!dest) return;
  const target = wordText(dest, wordEnv(ctx, scope));
  if (op === '<') {
    // Reading a file is read-only; reading /dev/tcp opens a connection.
    const cred = target === null ? null : ctx.credentialsOf(ctx.resolve(target, scope) ?? '/');
    if (cred) ctx.findings.unknown(`reads credentials (${cred})`);
    if (target === null || /^\/dev\/(tcp|udp)\//.test(target)) {
      const f = ctx.findings.add(new Finding('', null));
      f.unknown.push(target === null ? 'reads a file only known at run time' : `opens a network connection (${target})`);
      if (target !== null) ctx.findings.network.add(target);
    }
    return;
  }
  if ((op === '>&' || op === '<&' || op === '&>' || op === '&>>') && /^\d+-?$|^-$/.test(target ?? '')) return; // 2>&1
  if (op === '<&' ) return;
  const f = ctx.findings.add(new Finding('', null));
  f.readOnly = true; // only what ctx.write finds counts
  ctx.write(f, target, scope, 'writes to a file');
  if (target === null) f.unknown.splice(0, f.unknown.length, 'redirects output to a file only known at run time');
}

/** `x=value` on its own: a shell variable for later commands of the line. */
function assignment(node: BashNode, scope: Scope, ctx: Ctx, exported: boolean): void {
  const nameNode = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  for (const c of node.namedChildren) if (c && c !== nameNode) visit(c, scope, ctx);
  const f = ctx.findings.add(new Finding('assignment', null));
  if (!nameNode || nameNode.type !== 'variable_name') {
    // `a[…]=x`: the subscript is evaluated as arithmetic, which can run commands.
    f.unknown.push(`assigns to ${nameNode?.text ?? '?'} (an array element: its subscript is evaluated at run time)`);
    return;
  }
  const name = nameNode.text;
  const literal = value ? wordText(value, wordEnv(ctx, scope)) : '';
  scope.vars.set(name, value?.type === 'array' ? null : literal);
  // Upper-case names are the environment's (PATH, LD_PRELOAD, GIT_*, BASH_ENV …): they change
  // what later commands do, here and in later calls.
  if (exported || /^[A-Z_][A-Z0-9_]*$/.test(name) || /^(http|https|ftp|no|all)_proxy$/i.test(name)) {
    f.unknown.push(`sets the environment variable ${name} (changes what later commands do)`);
  } else f.readOnly = true;
}

function declaration(node: BashNode, scope: Scope, ctx: Ctx): void {
  const kw = node.children[0]?.text ?? 'declare';
  const opts = node.namedChildren.filter((c): c is BashNode => !!c && c.type === 'word' && c.text.startsWith('-')).map((c) => c.text);
  const exported = kw === 'export' || opts.some((o) => o.includes('x'));
  const names: string[] = [];
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === 'variable_assignment') {
      assignment(c, scope, ctx, exported);
      names.push(c.childForFieldName('name')?.text ?? '?');
    } else if (c.type === 'variable_name') {
      names.push(c.text);
      if (exported) scope.vars.set(c.text, scope.vars.get(c.text) ?? null);
    } else if (!(c.type === 'word' && c.text.startsWith('-'))) {
      visit(c, scope, ctx);
      // `declare 'a[$(…)]=1'`: a quoted assignment is parsed at run time, subscript and all.
      names.push('?');
      opts.push('-?');
    }
  }
  const f = ctx.findings.add(new Finding(kw, null));
  // -i makes assignments arithmetic (can run commands), -n makes names references.
  if (opts.includes('-?')) f.unknown.push(`${kw} with an argument that is parsed as an assignment at run time`);
  else if (opts.some((o) => /[in]/.test(o.slice(1)))) f.unknown.push(`${kw} ${opts.join(' ')} evaluates or redirects variables at run time`);
  else if (names.length === 0 && (kw === 'declare' || kw === 'typeset' || kw === 'export' || kw === 'readonly') && opts.every((o) => /^-[pfFx]+$/.test(o))) f.readOnly = true; // listing
  else f.readOnly = true; // the assignments themselves were judged above
}

function unset(node: BashNode, scope: Scope, ctx: Ctx): void {
  for (const c of node.namedChildren) if (c && c.type === 'variable_name') scope.vars.set(c.text, null);
  const f = ctx.findings.add(new Finding('unset', null));
  if (node.namedChildren.some((c) => c && c.type !== 'variable_name' && !(c.type === 'word' && /^-[fvn]$/.test(c.text)))) f.unknown.push('unset of a name only known at run time');
  else f.readOnly = true;
}

function functionDefinition(node: BashNode, scope: Scope, ctx: Ctx): void {
  const name = node.childForFieldName('name')?.text;
  const body = node.childForFieldName('body');
  const f = ctx.findings.add(new Finding('function', null));
  if (name && body && callsItselfInBackgroundOrPipe(body, name)) f.dangerous.push(`fork bomb: function ${name} spawns copies of itself`);
  else f.unknown.push(`defines a shell function (${name ?? '?'})`);
  if (name) scope.names.add(name);
  if (body) visit(body, childScope(scope), ctx);
}

function forStatement(node: BashNode, scope: Scope, ctx: Ctx): void {
  const v = node.childForFieldName('variable');
  if (v) scope.vars.set(v.text, null);
  for (const c of node.namedChildren) if (c && c !== v) visit(c, scope, ctx);
}

/** Fork bomb shape: a function that calls itself in a pipeline or in the background. */
function callsItselfInBackgroundOrPipe(body: BashNode, name: string): boolean {
  const stack: BashNode[] = [body];
  while (stack.length) {
    const n = stack.pop()!;
    const isSelf = (c: BashNode | null): boolean => !!c && c.type === 'command' && c.childForFieldName('name')?.text === name;
    if (n.type === 'pipeline' && n.namedChildren.some(isSelf)) return true;
    const kids = n.children;
    for (let i = 0; i < kids.length - 1; i++) {
      if (isSelf(kids[i]!) && kids[i + 1]?.type === '&') return true;
    }
    for (const c of n.namedChildren) if (c) stack.push(c);
  }
  return false;
}
