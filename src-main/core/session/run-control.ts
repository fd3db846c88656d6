import type { ToolCallAgent } from '../agent/tool-call-agent';
import type { AgentRunOptions, AgentRunResult } from '../agent/run-options';
import type { SteerQueue } from '../agent/steer-queue';
import type { SessionCheckpoints } from '../checkpoints/session-checkpoints';

/** What a session's runs need around its agent. */
export interface RunControlDeps {
  agent: ToolCallAgent;
  /** Before each run: resolve the model (a ConfigError surfaces before anything starts), rescan skills. */
  prepare: () => void;
  /** The workspace's checkpoints around each turn, if on. */
  checkpoints: () => SessionCheckpoints | null;
  steering: SteerQueue;
  /** The trace a run in a traced job continues (`TRACEPARENT`), recorded on `agent_start`. */
  trace: () => AgentRunOptions['trace'];
}

/** A session's runs, one at a time: start one, cancel it, say whether one is going. */
export class RunControl {
  private current: { ctrl: AbortController; done: Promise<AgentRunResult> } | null = null;

  constructor(private readonly deps: RunControlDeps) {}

  /** True while a run is in progress. */
  get running(): boolean {
    return this.current !== null;
  }

  /** Runs the agent on `text` to its end. Throws when a run is already going or the model is not configured. */
  async start(text: string, opts: AgentRunOptions): Promise<AgentRunResult> {
    if (this.current) throw new Error('A run is already in progress: wait for it or cancel it first.');
    this.deps.prepare();
    const agent = this.deps.agent;
    const ctrl = new AbortController();
    const cps = this.deps.checkpoints();
    this.deps.steering.runStarted();
    // A run in a traced job says so in the file: the session's trace is known later.
    const trace = this.deps.trace();
    if (trace && !opts.trace) opts = { ...opts, trace };
    // The files as they are before the turn are saved before the agent can touch them.
    const done = cps ? cps.beforeTurn(text).then(() => agent.run(text, ctrl.signal, opts)) : agent.run(text, ctrl.signal, opts);
    this.current = { ctrl, done };
    try {
      return await done;
    } finally {
      this.current = null;
      // What was queued and never went in stays in the composer's queue for the next message.
      this.deps.steering.runEnded();
    }
  }

  /** The last user message of the conversation, if any (what {@link retry} sends again). */
  lastTask(): string | null {
    const messages = this.deps.agent.messages;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.role === 'user') return m.content;
    }
    return null;
  }

  /** Runs the conversation again as it is (no user message added; a failed turn's empty assistant message dropped). */
  async retry(opts: { maxSteps?: number } = {}): Promise<AgentRunResult> {
    const msgs = this.deps.agent.messages;
    while (msgs.length && msgs.at(-1)!.role === 'assistant' && !(msgs.at(-1) as { content: string }).content.trim() && !(msgs.at(-1) as { toolCalls?: unknown[] }).toolCalls?.length) msgs.pop();
    const task = this.lastTask();
    if (task === null) throw new Error('Nothing to retry: this session has no message yet.');
    return this.start(task, { ...opts, continues: true, retry: true });
  }

  /** Cancels the running run (model stream and running tool) and waits until it has ended. */
  async cancel(): Promise<void> {
    const c = this.current;
    if (!c) return;
    c.ctrl.abort(new Error('cancelled'));
    await c.done.catch(() => undefined);
  }
}
