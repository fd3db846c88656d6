import type { Tool, ToolAnnotations, ToolContext } from '../tool';
import type { ToolResult } from '../../../../src-shared/events/tool-result';
import { BashShell } from './shell';
import { DEFAULT_BASH_TIMEOUT_MS, type BashCommandResult } from './shell-options';
import { classify, initCommandClassifier } from './command-classifier';
import type { CommandClassification } from './classifier/classification';
import { checkCommandText } from './command-text';
import { clipOutput } from './output-clip';
import { carriedState, runOutsideSandbox } from './outside-command';
import { CommandOutputFilter, LiveOutput } from '../live-output';
import type { SecretRedactor } from '../../secrets/redactor';

/** The `bash` config section. */
export interface BashToolConfig {
  /** Characters of output the model sees before the middle is clipped (default 20000). */
  maxOutputChars?: number;
  /** Default per-call timeout in seconds (default 120). */
  timeoutSeconds?: number;
}

/** What the bash tool needs. */
export interface BashToolOptions {
  workspace: string;
  /** The session's shell (shared with the UI terminal). Without it the tool owns a shell of its own. */
  shell?: () => BashShell;
  config?: BashToolConfig;
  /** Values an escalated command must not carry out of the shell (the session's secrets). */
  secrets?: readonly string[];
  /** The shell's OS sandbox: what it lets the shell write (besides the workspace). */
  sandbox?: { state(): { writableRoots: string[] } };
  /** The session's secrets, hidden in the output streamed to the window while a command runs. */
  redactor?: SecretRedactor;
}

const DEFAULT_MAX_OUTPUT_CHARS = 20_000;

// Every request carries this: what a model needs to use the shell well, in few words.
const DESCRIPTION = `Run a command in a persistent bash shell on a real terminal, starting in the workspace; cd, variables, functions and background jobs persist between calls.
- Returns what the terminal shows (stdout and stderr together) and the exit code; a non-zero exit is an error, output kept. Several lines, pipes and here-docs are fine.
- At \`timeout\` (default 120 s) the command is interrupted and the output so far returned. Run servers in the background with output to a file (\`cmd > /tmp/x.log 2>&1 &\`).
- Nothing answers prompts (confirmations, passwords, editors, pagers): use -y/--yes/--no-edit, pipes or here-docs.
- Long output is clipped in the middle: narrow it with grep, head, tail.
- \`restart: true\` starts a fresh shell first. The user can watch and type into this shell.`;

/**
 * The `bash` tool: runs commands in the session's persistent {@link BashShell}. Reports
 * the command classifier's verdict in `metadata.classification` and the exit status in
 * `metadata.exitCode`; long output is clipped for the model, the full output (up to ~1 MB)
 * is kept in `metadata.fullOutput` for the trace.
 */
export class BashTool implements Tool {
  readonly name = 'bash';
  readonly description = DESCRIPTION;
  readonly inputSchema = {
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The command (may span lines).' },
      timeout: {
        type: 'number',
        exclusiveMinimum: 0,
        description: 'Seconds (default 120).',
      },
      restart: { type: 'boolean', description: 'Start a fresh shell first.' },
    },
    additionalProperties: false,
  };
  readonly annotations: ToolAnnotations = { title: 'Bash', destructiveHint: true, openWorldHint: true };

  private ownShell: BashShell | undefined;

  constructor(private readonly opts: BashToolOptions) {}

  /** Refuses control characters in the command before anyone is asked about it (command-text.ts). */
  checkArgs(args: Record<string, unknown>): string | null {
    if (typeof args.command !== 'string') return null;
    const text = checkCommandText(args.command);
    return text.ok ? null : text.reason;
  }

  private shell(): BashShell {
    if (this.opts.shell) return this.opts.shell();
    this.ownShell ??= new BashShell({ cwd: this.opts.workspace });
    return this.ownShell;
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const command = typeof args.command === 'string' ? args.command : '';
    const restart = args.restart === true;
    if (!command.trim() && !restart) {
      return { error: "missing 'command': give the bash command to run (or restart: true to restart the shell)" };
    }
    const shell = this.shell();
    let restartNote: string | undefined;
    if (restart) {
      await shell.restart();
      restartNote = 'The shell was restarted: working directory, variables, functions and background jobs were reset.';
      if (!command.trim()) return { output: '', system: restartNote, metadata: { restarted: true } };
    }
    await initCommandClassifier();
    const classification = classify(command, ctx.workspace);
    const timeoutSec = typeof args.timeout === 'number' ? args.timeout : this.opts.config?.timeoutSeconds;
    const timeoutMs = timeoutSec !== undefined ? Math.round(timeoutSec * 1000) : DEFAULT_BASH_TIMEOUT_MS;
    let result: BashCommandResult;
    try {
      if (ctx.escalation) {
        // Approved by the human for this one call: outside the sandbox, from the shell's state.
        const writable = [ctx.workspace, ...(this.opts.sandbox?.state().writableRoots ?? [])];
        const state = await carriedState(shell, ctx.workspace, this.opts.secrets ?? [], writable, ctx.signal);
        result = await runOutsideSandbox(command, state, { timeoutMs, signal: ctx.signal });
      } else {
        // The output as it arrives goes to the call's card (tool_execution_update), not only the terminal pane.
        const live = ctx.emit ? new LiveOutput(ctx, this.opts.redactor) : null;
        const only = new CommandOutputFilter();
        const stop = live ? shell.onData((d) => live.add(only.push(d))) : () => undefined;
        try {
          result = await shell.run(command, { timeoutMs, signal: ctx.signal });
        } finally {
          stop();
          live?.close();
        }
      }
    } catch (err) {
      return { error: `could not run the command: ${err instanceof Error ? err.message : String(err)}`, metadata: { classification } };
    }
    return toToolResult(result, {
      classification,
      escalation: ctx.escalation?.reasons,
      timeoutMs,
      restartNote,
      maxOutputChars: this.opts.config?.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
    });
  }

  async dispose(): Promise<void> {
    await this.ownShell?.dispose();
    this.ownShell = undefined;
  }
}

interface ResultContext {
  classification: CommandClassification;
  /** Set when this call ran outside the sandbox: the sandbox decisions the human overrode. */
  escalation?: string[];
  timeoutMs: number;
  restartNote?: string;
  maxOutputChars: number;
}

/** Turns a command's outcome into the model's result (ToolResult conventions). */
function toToolResult(r: BashCommandResult, c: ResultContext): ToolResult {
  const clipped = clipOutput(r.output, c.maxOutputChars);
  const errors: string[] = [];
  const system: string[] = [];
  if (c.restartNote) system.push(c.restartNote);
  if (c.escalation) {
    system.push(`Ran outside the sandbox for this one call, as approved (${c.escalation.join('; ')}); changes to its directory or variables do not carry over to the shell.`);
  }
  if (r.freshShellNote) system.push(r.freshShellNote);
  if (r.note) errors.push(r.note);
  if (r.timedOut) {
    const secs = c.timeoutMs / 1000;
    errors.push(
      r.waitingForInput
        ? `the command was waiting for input on stdin and timed out after ${secs} s; it was interrupted. Interactive prompts cannot be answered: pass the input with a pipe or here-doc, or use a non-interactive flag (e.g. -y).`
        : `the command timed out after ${secs} s and was interrupted (output so far is shown). If it may be waiting for input, make it non-interactive; for long tasks, run it in the background with output to a file, or pass a larger timeout.`,
    );
  } else if (r.cancelled) {
    errors.push('the command was interrupted because the run was cancelled (output so far is shown).');
  }
  if (r.shellExited) {
    system.push(
      r.exitCode === null
        ? 'The shell was killed; the next command starts in a fresh shell.'
        : `The shell exited (exit code ${r.exitCode}); the next command starts in a fresh shell.`,
    );
  }
  if (!r.timedOut && !r.cancelled && r.exitCode !== null && r.exitCode !== 0) errors.push(`exit code ${r.exitCode}`);
  const out: ToolResult = {
    metadata: {
      classification: c.classification,
      exitCode: r.exitCode,
      ...(c.escalation ? { outsideSandbox: true, escalation: c.escalation } : {}),
      durationMs: r.durationMs,
      ...(r.timedOut ? { timedOut: true } : {}),
      ...(r.cancelled ? { cancelled: true } : {}),
      ...(r.shellExited ? { shellExited: true } : {}),
      ...(clipped.omittedChars ? { fullOutput: r.output, omittedChars: clipped.omittedChars } : {}),
      ...(r.droppedChars ? { droppedChars: r.droppedChars } : {}),
    },
  };
  if (clipped.text) out.output = clipped.text;
  if (errors.length) out.error = errors.join('\n');
  if (system.length) out.system = system.join('\n');
  return out;
}
