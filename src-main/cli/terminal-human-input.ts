import { createInterface, type Interface } from 'node:readline';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../core/approvals/types';
import type { HumanAnswer, HumanInputPort, HumanQuestion, JsonSchema } from '../core/tools/tool';
import { visibleText } from '../../src-shared/text/visible-text';

/** Streams the terminal port talks through; the process's own by default. */
export interface TerminalStreams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Where questions are printed: stderr, so stdout stays the run's answer / JSON. */
  stderr: NodeJS.WritableStream;
}

/** Raised when nobody can answer at this terminal; the message says why. */
export class NoTerminalError extends Error {
  readonly code = 'NO_TTY';
  constructor() {
    super(
      'stdin is not an interactive terminal, so nobody can answer here (run `glassbox` in a terminal to ' +
        'answer questions, or use the desktop/web UI)',
    );
    this.name = 'NoTerminalError';
  }
}

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
}

/**
 * The CLI's human ports: questions (ask_human, MCP elicitation) and approvals, asked on the
 * terminal with readline when stdin is a TTY; failing clearly when it is not (a pipe or
 * /dev/null would otherwise hang or read garbage). Prompts go to stderr so stdout stays the
 * run's answer / JSON. Ctrl-C or Ctrl-D cancels (an approval then counts as denied); an aborted
 * signal rejects a question and denies an approval. One prompt at a time: concurrent ones queue.
 */
export class TerminalHumanInput implements HumanInputPort, ApprovalPort {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly streams: TerminalStreams = { stdin: process.stdin, stderr: process.stderr }) {}

  ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    return this.serialized(() => this.askNow(q, signal));
  }

  /** Asks to approve one exact call: [y]es / [n]o / [a]lways. */
  request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    return this.serialized(async () => {
      if (!this.streams.stdin.isTTY) throw new NoTerminalError();
      // The command's own control characters are shown escaped: they could rewrite the line on screen.
      const what = visibleText(req.tool === 'bash' && typeof req.args.command === 'string' ? req.args.command : JSON.stringify(req.args));
      const why = req.reasons.length ? `\n  why asked: ${visibleText(req.reasons.join('; '))}` : '';
      let answer: string | null;
      try {
        answer = await this.readLine(`\nApprove ${visibleText(req.tool)}: ${what}${why}\n  [y]es / [n]o / [a]lways > `, signal);
      } catch {
        answer = null; // aborted: the run is going away, deny
      }
      if (answer === null) return { decision: 'deny', by: 'cancelled' };
      const a = answer.trim().toLowerCase();
      if (a === 'a' || a === 'always') return { decision: 'allow', always: true, by: 'human' };
      return { decision: a === 'y' || a === 'yes' ? 'allow' : 'deny', by: 'human' };
    });
  }

  private serialized<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async askNow(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    if (!this.streams.stdin.isTTY) throw new NoTerminalError();
    if (signal?.aborted) throw abortError(signal);
    const out = this.streams.stderr;
    const from = q.server ? ` (from MCP server '${q.server}')` : '';
    out.write(`\n? The agent asks${visibleText(from)}:\n${visibleText(q.question)}\n`);
    const properties = formProperties(q.schema);
    if (!properties) {
      const line = await this.readLine('> ', signal);
      return line === null ? { action: 'cancel' } : { action: 'accept', text: line };
    }
    // An elicitation form: one prompt per field, coerced to the field's type.
    const required = new Set(Array.isArray(q.schema?.required) ? (q.schema.required as string[]) : []);
    const content: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(properties)) {
      for (;;) {
        const line = await this.readLine(fieldPrompt(name, field, required.has(name)), signal);
        if (line === null) return { action: 'cancel' };
        if (line.trim() === '') {
          if (field.default !== undefined) content[name] = field.default;
          else if (required.has(name)) {
            out.write('  (required)\n');
            continue;
          }
          break;
        }
        const value = coerceField(line.trim(), field);
        if (value.ok) {
          content[name] = value.value;
          break;
        }
        out.write(`  ${value.reason}\n`);
      }
    }
    return { action: 'accept', content };
  }

  /** Reads one line; null when the user pressed Ctrl-C / Ctrl-D or the stream ended. */
  private readLine(prompt: string, signal?: AbortSignal): Promise<string | null> {
    return new Promise<string | null>((resolve, reject) => {
      const rl: Interface = createInterface({ input: this.streams.stdin, output: this.streams.stderr, terminal: true });
      let settled = false;
      const finish = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        rl.close();
        fn();
      };
      const onAbort = (): void => finish(() => reject(abortError(signal)));
      signal?.addEventListener('abort', onAbort, { once: true });
      rl.on('SIGINT', () => {
        this.streams.stderr.write('^C\n');
        finish(() => resolve(null));
      });
      rl.on('close', () => finish(() => resolve(null)));
      rl.question(prompt, (answer) => finish(() => resolve(answer)));
    });
  }
}

function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('the question was cancelled');
}

function formProperties(schema: JsonSchema | undefined): Record<string, FieldSchema> | null {
  const props = schema?.properties;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return null;
  const entries = Object.entries(props as Record<string, FieldSchema>);
  return entries.length ? Object.fromEntries(entries) : null;
}

function fieldPrompt(name: string, field: FieldSchema, required: boolean): string {
  const label = field.title ?? name;
  const hints: string[] = [];
  if (field.enum) hints.push(field.enum.map(String).join('/'));
  else if (field.type && field.type !== 'string') hints.push(field.type);
  if (field.default !== undefined) hints.push(`default ${JSON.stringify(field.default)}`);
  if (!required) hints.push('optional');
  const desc = field.description ? ` — ${field.description}` : '';
  return `  ${label}${desc}${hints.length ? ` [${hints.join(', ')}]` : ''}: `;
}

/** Turns typed text into the value a form field wants. */
export function coerceField(text: string, field: FieldSchema): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (field.enum) {
    const hit = field.enum.find((v) => String(v) === text);
    return hit !== undefined ? { ok: true, value: hit } : { ok: false, reason: `choose one of: ${field.enum.map(String).join(', ')}` };
  }
  switch (field.type) {
    case 'number':
    case 'integer': {
      const n = Number(text);
      if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) {
        return { ok: false, reason: `enter ${field.type === 'integer' ? 'a whole number' : 'a number'}` };
      }
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (/^(y|yes|true|1)$/i.test(text)) return { ok: true, value: true };
      if (/^(n|no|false|0)$/i.test(text)) return { ok: true, value: false };
      return { ok: false, reason: 'answer yes or no' };
    }
    default:
      return { ok: true, value: text };
  }
}
