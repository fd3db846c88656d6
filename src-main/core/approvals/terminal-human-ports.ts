import { createInterface } from 'node:readline';
import type { HumanAnswer, HumanInputPort, HumanQuestion } from '../tools/tool';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from './approval-types';

/**
 * Human ports for a terminal: approval prompts and questions on stderr, answers read from stdin.
 * Only for a TTY; questions are asked one at a time.
 */
export class TerminalHumanPorts implements HumanInputPort, ApprovalPort {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: NodeJS.WritableStream,
  ) {}

  private prompt(text: string, signal?: AbortSignal): Promise<string | null> {
    const run = (): Promise<string | null> =>
      new Promise((resolve) => {
        if (signal?.aborted) return resolve(null);
        const rl = createInterface({ input: this.input, output: this.output, terminal: false });
        let done = false;
        const finish = (v: string | null): void => {
          if (done) return;
          done = true;
          signal?.removeEventListener('abort', onAbort);
          rl.close();
          resolve(v);
        };
        const onAbort = (): void => {
          this.output.write('\n(cancelled)\n');
          finish(null);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        rl.on('close', () => finish(null));
        rl.question(text, (answer) => finish(answer));
      });
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    const what = typeof req.args.command === 'string' && req.tool === 'bash' ? req.args.command : JSON.stringify(req.args);
    const text = `\nApprove ${req.tool}: ${what}\n  why asked: ${req.reasons.join('; ')}\n  [y]es / [n]o / [a]lways > `;
    const answer = await this.prompt(text, signal);
    if (answer === null) return { decision: 'deny', by: 'cancelled' };
    const a = answer.trim().toLowerCase();
    if (a === 'a' || a === 'always') return { decision: 'allow', always: true, by: 'human' };
    return { decision: a === 'y' || a === 'yes' ? 'allow' : 'deny', by: 'human' };
  }

  async ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    const answer = await this.prompt(`\n${q.server ? `[${q.server}] ` : ''}${q.question}\n> `, signal);
    return answer === null ? { action: 'cancel' } : { action: 'accept', text: answer };
  }
}
