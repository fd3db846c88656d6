import { randomUUID } from 'node:crypto';
import type { HumanAnswer, HumanInputPort, HumanQuestion, McpHumanRequest } from '../tools/tool';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from './types';
import type { ChangePreview } from '../../../src-shared/events/change-preview';

/** A request waiting for the human, in the shape a UI shows it (matches the bridge's PendingDialog). */
export type PendingHumanRequest =
  | { kind: 'approval'; requestId: string; callId: string; tool: string; args: unknown; reasons: string[]; escalation?: { reasons: string[] }; dangerous?: true; preview?: ChangePreview; ts: number }
  | { kind: 'question'; requestId: string; question: string; ts: number }
  | { kind: 'elicitation'; requestId: string; server: string; message: string; schema: unknown; mcp?: McpHumanRequest; ts: number };

interface Waiter {
  pending: PendingHumanRequest;
  settle(answer: ApprovalAnswer | HumanAnswer): void;
}

/**
 * Human ports for a UI (window, web page): every approval request and question is kept in a
 * list until the UI resolves it by requestId, so a reloaded page can list and re-show them.
 * Aborting the request's signal (cancel, timeout) removes it.
 */
export class QueuedHumanPorts implements HumanInputPort, ApprovalPort {
  private readonly waiting = new Map<string, Waiter>();
  private readonly listeners = new Set<(pending: PendingHumanRequest[]) => void>();

  /** Everything waiting, oldest first. */
  pending(): PendingHumanRequest[] {
    return [...this.waiting.values()].map((w) => w.pending);
  }

  /** Called with the new list whenever a request arrives or goes; returns the unsubscribe. */
  onChange(fn: (pending: PendingHumanRequest[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    const list = this.pending();
    for (const l of [...this.listeners]) {
      try {
        l(list);
      } catch {
        // A failing UI listener must not break the agent.
      }
    }
  }

  private enqueue<T extends ApprovalAnswer | HumanAnswer>(pending: PendingHumanRequest, signal: AbortSignal | undefined, onAbort: T): Promise<T> {
    return new Promise<T>((resolve) => {
      const done = (answer: T): void => {
        if (!this.waiting.delete(pending.requestId)) return;
        signal?.removeEventListener('abort', abort);
        this.changed();
        resolve(answer);
      };
      const abort = (): void => done(onAbort);
      this.waiting.set(pending.requestId, { pending, settle: (a) => done(a as T) });
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      this.changed();
    });
  }

  /** ApprovalPort: waits for {@link resolveApproval}. An abort answers deny. */
  request(req: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
    return this.enqueue<ApprovalAnswer>(
      {
        kind: 'approval',
        requestId: req.requestId,
        callId: req.callId,
        tool: req.tool,
        args: req.args,
        reasons: req.reasons,
        ...(req.escalation ? { escalation: req.escalation } : {}),
        ...(req.dangerous ? { dangerous: true as const } : {}),
        ...(req.preview ? { preview: req.preview } : {}),
        ts: Date.now(),
      },
      signal,
      { decision: 'deny', by: 'cancelled' },
    );
  }

  /** HumanInputPort: waits for {@link answerQuestion}. An abort answers cancel. */
  ask(q: HumanQuestion, signal?: AbortSignal): Promise<HumanAnswer> {
    const requestId = q.requestId ?? `ask_${randomUUID()}`;
    const pending: PendingHumanRequest = q.server
      ? { kind: 'elicitation', requestId, server: q.server, message: q.question, schema: q.schema ?? {}, ...(q.mcp ? { mcp: q.mcp } : {}), ts: Date.now() }
      : { kind: 'question', requestId, question: q.question, ts: Date.now() };
    return this.enqueue<HumanAnswer>(pending, signal, { action: 'cancel' });
  }

  /** Answers an approval request; false when no such request is waiting. */
  resolveApproval(requestId: string, decision: 'allow' | 'deny', always = false, by = 'human'): boolean {
    const w = this.waiting.get(requestId);
    if (!w || w.pending.kind !== 'approval') return false;
    w.settle({ decision, by, ...(always ? { always: true } : {}) });
    return true;
  }

  /** Answers a question or elicitation; false when no such request is waiting. */
  answerQuestion(requestId: string, answer: HumanAnswer): boolean {
    const w = this.waiting.get(requestId);
    if (!w || w.pending.kind === 'approval') return false;
    w.settle(answer);
    return true;
  }

  /** Denies / cancels everything waiting (session closing). */
  cancelAll(): void {
    for (const w of [...this.waiting.values()]) {
      w.settle(w.pending.kind === 'approval' ? { decision: 'deny', by: 'cancelled' } : { action: 'cancel' });
    }
  }
}
