import { createTwoFilesPatch } from 'diff';
import { diffSessions, resultCompareText, type CallPair, type SessionDiff, type StepPair } from '../../../src-shared/read-models/session-diff';
import type { SessionTotals } from '../../../src-shared/read-models/session-steps';
import { glassboxPaths } from '../../core/config/paths';
import { SessionStore } from '../../core/session/store';
import { isValidSessionId } from '../../core/config/paths';
import { parseCliArgs } from '../args';
import { EXIT, println, UsageError, type CliIO } from '../io';

const USAGE = `Usage: glassbox sessions diff A B [--json]

Two saved sessions aligned step by step (the i-th model step of each): the first step where they
differ, then per step the user's message and the model's text (with a diff), tool calls matched
by tool and arguments (same / changed / only in A / only in B) and their results (with a diff);
files the editor changed, and per session steps, tokens, cost, wall time and errors.
Exit codes: 0 the same, 1 they differ, 2 unknown session or usage.`;

function patch(label: string, a: string, b: string): string {
  const p = createTwoFilesPatch(`A ${label}`, `B ${label}`, a.endsWith('\n') ? a : `${a}\n`, b.endsWith('\n') ? b : `${b}\n`, undefined, undefined, { context: 2 });
  return p.split('\n').slice(2).join('\n').trimEnd();
}

function args(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function callLines(c: CallPair): string[] {
  const one = (x: NonNullable<CallPair['left']>): string => `${x.tool} ${args(x.args)}`.slice(0, 200);
  if (c.status === 'only-left') return [`  only in A: ${one(c.left!)}`];
  if (c.status === 'only-right') return [`  only in B: ${one(c.right!)}`];
  const out = [`  ${c.status === 'same' ? 'same call' : 'changed call'}: ${c.status === 'same' ? one(c.left!) : `${c.left!.tool}`}`];
  if (c.status === 'changed') out.push(patch('args', JSON.stringify(c.left!.args, null, 1), JSON.stringify(c.right!.args, null, 1)));
  if (c.resultEqual === false) out.push(`  result differs:`, patch('result', resultCompareText(c.left!.result), resultCompareText(c.right!.result)));
  return out;
}

function stepLines(p: StepPair): string[] {
  if (p.status === 'same') return [];
  const seqs = `A seq ${p.left?.seq ?? '—'}, B seq ${p.right?.seq ?? '—'}`;
  if (p.status === 'only-left' || p.status === 'only-right') {
    const s = (p.left ?? p.right)!;
    const calls = s.calls.map((c) => c.tool).join(', ');
    return [`step ${p.index} (${seqs}): only in ${p.status === 'only-left' ? 'A' : 'B'}${s.user ? ` — user: ${s.user.slice(0, 80)}` : ''}${calls ? ` — calls ${calls}` : ''}${s.text ? ` — “${s.text.slice(0, 80)}”` : ''}`];
  }
  const out = [`step ${p.index} (${seqs}):`];
  if (p.userChanged) out.push('  user message differs:', patch('message', p.left!.user ?? '', p.right!.user ?? ''));
  if (p.textChanged) out.push("  model's text differs:", patch('text', p.left!.text, p.right!.text));
  for (const c of p.calls) if (c.status !== 'same' || c.resultEqual === false) out.push(...callLines(c));
  return out;
}

function totalsLine(name: string, id: string, t: SessionTotals): string {
  const cost = t.costUsd === null ? 'cost unknown' : `$${t.costUsd.toFixed(4)}`;
  const fork = t.parent ? ` (fork of ${t.parent} at ${t.forkedAt})` : '';
  return `${name} ${id}${fork}: ${t.steps} steps, ${t.toolCalls} calls, ${t.inputTokens} in / ${t.outputTokens} out tokens, ${cost}, ${(t.wallMs / 1000).toFixed(1)} s, ${t.errors} errors`;
}

/** The human report of a diff. */
export function formatSessionDiff(d: SessionDiff): string {
  const out = [totalsLine('A', d.left.id, d.left.totals), totalsLine('B', d.right.id, d.right.totals)];
  if (d.forkChange) out.push(`${d.forkChange.fork === 'right' ? 'B' : 'A'}'s fork changed: ${d.forkChange.lines.join('; ')}`);
  out.push(d.same ? 'Same: every step matches.' : `First divergence: step ${d.firstDivergence} — ${d.divergence}`);
  const files = (t: SessionTotals): string => (t.files.length ? t.files.join(', ') : 'none');
  if (d.left.totals.files.join() !== d.right.totals.files.join()) out.push(`files edited: A ${files(d.left.totals)}; B ${files(d.right.totals)}`);
  for (const p of d.steps) out.push(...stepLines(p));
  return out.join('\n');
}

/** `glassbox sessions diff` (docs/cli.md). */
export async function diffSessionsCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCliArgs({ args: argv, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true }, USAGE);
  if (values.help) {
    println(io.stdout, USAGE);
    return EXIT.OK;
  }
  if (positionals.length !== 2) throw new UsageError(`diff takes two session ids\n\n${USAGE}`);
  const store = new SessionStore(glassboxPaths(io.env).sessions);
  for (const id of positionals) if (!isValidSessionId(id) || !store.exists(id)) throw new UsageError(`no saved session '${id}' in ${store.dir}`);
  const [a, b] = positionals as [string, string];
  const d = diffSessions(a, store.load(a).events, b, store.load(b).events);
  if (values.json) println(io.stdout, JSON.stringify(d));
  else println(io.stdout, formatSessionDiff(d));
  return d.same ? EXIT.OK : EXIT.FAILED;
}
