import type { BashNode } from '../../parser';
import { visit, wordEnv } from '../analyzer';
import type { Ctx } from '../context';
import type { Stdin } from '../invocation';
import { childScope, type Scope } from '../scope';
import { simpleCommand } from '../simple-command';
import { wordText } from '../words';
import { isDownloader } from './programs';

/**
 * A pipeline: every stage runs in a subshell of its own; what a stage writes is the next
 * one's input, so `echo 'rm -rf /x' | bash` is analyzed as the script it pipes, and a download
 * piped into a shell or interpreter is dangerous.
 */
export function analyzePipeline(node: BashNode, scope: Scope, ctx: Ctx, first?: Stdin): void {
  let stdin: Stdin | undefined = first;
  let downloaded = first?.kind === 'download';
  for (const stage of node.namedChildren) {
    if (!stage) continue;
    const inner = childScope(scope);
    const cmd = stage.type === 'redirected_statement' ? stage.childForFieldName('body') : stage;
    if (cmd?.type === 'command') {
      simpleCommand(cmd, inner, ctx, stage.type === 'redirected_statement' ? stage : undefined, stdin);
      if (stage.type === 'redirected_statement') for (const c of stage.namedChildren) if (c && c !== cmd) visit(c, inner, ctx);
    } else visit(stage, inner, ctx);
    const name = cmd?.type === 'command' ? commandName(cmd, inner, ctx) : null;
    if (name !== null && isDownloader(name)) downloaded = true;
    stdin = downloaded ? { kind: 'download' } : cmd?.type === 'command' ? (printed(cmd, inner, ctx) ?? { kind: 'unknown' }) : { kind: 'unknown' };
  }
}

/**
 * What a redirected statement feeds its command's stdin: a here-doc body (literal when its
 * delimiter is quoted or it has no expansions) or a here-string. A here-doc whose own line
 * continues into a pipeline (`cat <<'EOF' | sh`) is analyzed here too.
 */
export function stdinOf(statement: BashNode, scope: Scope, ctx: Ctx): Stdin | undefined {
  for (const r of statement.namedChildren) {
    if (!r) continue;
    if (r.type === 'herestring_redirect') {
      const w = r.namedChildren[0] ? wordText(r.namedChildren[0], wordEnv(ctx, scope)) : null;
      return w === null ? { kind: 'unknown' } : { kind: 'script', text: w };
    }
    if (r.type === 'heredoc_redirect') return heredoc(r);
  }
  return undefined;
}

function heredoc(r: BashNode): Stdin {
  const start = r.namedChildren.find((c) => c?.type === 'heredoc_start')?.text ?? '';
  const body = r.namedChildren.find((c) => c?.type === 'heredoc_body');
  const quoted = /['"\\]/.test(start);
  if (!body) return { kind: 'script', text: '' };
  const hasExpansion = body.namedChildren.some((c) => c && c.type !== 'heredoc_content');
  if (!quoted && (hasExpansion || /[`$\\]/.test(body.text))) return { kind: 'unknown' };
  let text = body.text;
  if (r.text.startsWith('<<-')) text = text.replace(/^\t+/gm, '');
  return { kind: 'script', text };
}

function commandName(cmd: BashNode, scope: Scope, ctx: Ctx): string | null {
  const n = cmd.childForFieldName('name');
  const w = n ? wordText(n.namedChildren[0] ?? n, wordEnv(ctx, scope)) : null;
  return w === null ? null : w.includes('/') ? w.slice(w.lastIndexOf('/') + 1) : w;
}

/** The literal text `echo …` / `printf '…'` / `cat` of a here-doc writes, when it can be known. */
export function printed(cmd: BashNode, scope: Scope, ctx: Ctx): Stdin | undefined {
  const name = commandName(cmd, scope, ctx);
  const args = cmd.childrenForFieldName('argument').map((a) => (a ? wordText(a, wordEnv(ctx, scope)) : null));
  if (args.some((a) => a === null)) return undefined;
  const words = args as string[];
  if (name === 'echo' && !words.some((w) => /^-[neE]+$/.test(w))) return { kind: 'script', text: words.join(' ') };
  if (name === 'printf' && words.length === 1 && !words[0]!.includes('%')) return { kind: 'script', text: words[0]!.replace(/\\n/g, '\n').replace(/\\t/g, '\t') };
  const parent = cmd.parent;
  if (name === 'cat' && words.length === 0 && parent?.type === 'redirected_statement') {
    const s = stdinOf(parent, scope, ctx);
    if (s) return s;
  }
  return undefined;
}
