import type { Tool, ToolContext } from '../tool';
import type { SecretRedactor } from '../../secrets/redactor';
import { LiveOutput } from '../live-output';
import { errorResult, type ToolResult } from '../../../../src-shared/events/tool-result';
import { PythonInterpreter, PythonUnavailableError, type PythonExecution, type PythonInterpreterOptions } from './interpreter';

/** The `python` config section (all optional). */
export interface PythonToolConfig {
  /** Interpreter command or path (default `python3`). */
  command?: string;
  /** Default timeout per call in seconds (default 60). */
  timeoutSec?: number;
  /** Wait after the interrupt before killing, ms (default 2000). */
  interruptGraceMs?: number;
  /** Longest output given to the model, characters (default 30000; head and tail kept). */
  maxOutputChars?: number;
}

/** Clips long text for the model, keeping head and tail with a marker saying what was cut. */
export function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.6);
  const tail = max - head;
  const omitted = text.length - head - tail;
  const omittedLines = text.slice(head, text.length - tail).split('\n').length - 1;
  return `${text.slice(0, head)}\n[... ${omitted} characters (${omittedLines} lines) omitted ...]\n${text.slice(text.length - tail)}`;
}

/**
 * `python_execute`: runs code in one persistent Python process per session, like a notebook.
 * Confinement is the OS sandbox's job (core/sandbox: the interpreter runs inside it when the
 * session has one), never Python-level tricks (the seed's copied-builtins "safety" was no
 * protection).
 */
export class PythonExecuteTool implements Tool {
  readonly name = 'python_execute';
  readonly description =
    'Run Python 3 code in a persistent process, like a notebook: variables and imports survive between calls. ' +
    'Returns stdout and stderr in order, the value of a trailing expression, or the traceback. Past `timeout` the code is ' +
    'interrupted (then the process restarted, variables lost). stdin is closed. The working directory is the workspace. ' +
    'It runs in the same OS sandbox as bash when one is available: it can write only in the workspace and the temp dir, ' +
    'and has no network unless the config allows it.';
  readonly inputSchema = {
    type: 'object',
    properties: {
      code: { type: 'string' },
      reset: { type: 'boolean', description: 'Start a fresh process first.' },
      timeout: { type: 'number', exclusiveMinimum: 0, description: 'Seconds (default 60).' },
    },
    required: ['code'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Python', readOnlyHint: false, destructiveHint: true, openWorldHint: true };

  private readonly interpreter: PythonInterpreter;
  private readonly cfg: PythonToolConfig;
  private startedOnce = false;

  private readonly redactor: SecretRedactor | undefined;

  /** `redactor`: the session's secrets, hidden in the live output (the result stays as printed, for the model). */
  private readonly outsideOptions: PythonInterpreterOptions;

  /**
   * `sandbox`: where the persistent interpreter runs (see core/sandbox); `env`: its environment
   * (the session passes it without the model and MCP secrets).
   */
  constructor(opts: {
    workspace: string;
    config?: PythonToolConfig;
    env?: NodeJS.ProcessEnv;
    redactor?: SecretRedactor;
    sandbox?: PythonInterpreterOptions['sandbox'];
  }) {
    this.cfg = opts.config ?? {};
    this.redactor = opts.redactor;
    this.outsideOptions = {
      command: this.cfg.command,
      cwd: opts.workspace,
      env: opts.env,
      interruptGraceMs: this.cfg.interruptGraceMs,
    };
    this.interpreter = new PythonInterpreter({ ...this.outsideOptions, sandbox: opts.sandbox });
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const code = typeof args.code === 'string' ? args.code : '';
    const timeoutSec = typeof args.timeout === 'number' && args.timeout > 0 ? args.timeout : (this.cfg.timeoutSec ?? 60);
    const notes: string[] = [];
    if (args.reset === true) {
      await this.interpreter.stop();
      if (this.startedOnce) notes.push('Python process restarted: all variables were cleared.');
    } else if (this.startedOnce && !this.interpreter.alive) {
      notes.push('The previous Python process had ended; started a fresh one (variables from earlier calls are gone).');
    }
    if (code.trim() === '') {
      if (args.reset === true) {
        try {
          await this.interpreter.start();
          this.startedOnce = true;
        } catch (err) {
          return errorResult(err instanceof Error ? err.message : String(err));
        }
        return { output: 'Python process reset.', system: notes.join(' ') || undefined };
      }
      return errorResult('`code` is empty: nothing to execute');
    }

    let exec: PythonExecution;
    const live = ctx.emit ? new LiveOutput(ctx, this.redactor) : undefined;
    // An approved escalation runs in a fresh interpreter outside the sandbox, for this call only.
    const outside = ctx.escalation ? new PythonInterpreter(this.outsideOptions) : undefined;
    if (outside) notes.push(`Ran outside the sandbox in a fresh Python process, as approved (${ctx.escalation!.reasons.join('; ')}); its variables are not kept.`);
    try {
      exec = await (outside ?? this.interpreter).execute(code, {
        timeoutMs: timeoutSec * 1000,
        signal: ctx.signal,
        onOutput: live ? (chunk) => live.add(chunk.data) : undefined,
      });
      if (!outside) this.startedOnce = true;
    } catch (err) {
      if (err instanceof PythonUnavailableError) return errorResult(err.message);
      return errorResult(`python_execute failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      live?.close();
      await outside?.stop();
    }
    return this.toResult(exec, timeoutSec, notes);
  }

  private toResult(exec: PythonExecution, timeoutSec: number, notes: string[]): ToolResult {
    const max = this.cfg.maxOutputChars ?? 30_000;
    const stdout = exec.chunks.filter((c) => c.stream === 'stdout').map((c) => c.data).join('');
    const stderr = exec.chunks.filter((c) => c.stream === 'stderr').map((c) => c.data).join('');
    let text = exec.chunks.map((c) => c.data).join('');
    if (exec.value !== null) text += (text && !text.endsWith('\n') ? '\n' : '') + clipMiddle(exec.value, max);
    const result: ToolResult = {
      metadata: { stdout, stderr, value: exec.value, stopped: exec.stopped, killed: exec.killed, exited: exec.exited },
    };
    if (text) result.output = clipMiddle(text, max);

    const errors: string[] = [];
    const why = exec.stopped === 'timeout' ? `Execution timed out after ${timeoutSec} s` : 'Execution was cancelled';
    if (exec.stopped && exec.killed) {
      errors.push(
        `${why}; Python did not stop on the interrupt, so the process was killed and will be restarted on the next call. All variables were lost.`,
      );
    } else if (exec.stopped) {
      errors.push(`${why} and was interrupted (KeyboardInterrupt). Variables defined before the interrupt are kept.`);
      if (exec.error) errors.push(clipMiddle(exec.error, max));
    } else if (exec.exited) {
      const how = exec.exited.signal ? `signal ${exec.exited.signal}` : `exit code ${exec.exited.code}`;
      errors.push(`The Python process ended during execution (${how}); the next call starts a fresh one. All variables were lost.`);
    } else if (exec.error) {
      errors.push(clipMiddle(exec.error.replace(/\n$/, ''), max));
    }
    if (errors.length) result.error = errors.join('\n');
    if (notes.length) result.system = notes.join(' ');
    if (!result.output && !result.error) result.output = '(no output)';
    return result;
  }

  async dispose(): Promise<void> {
    await this.interpreter.stop();
  }
}
