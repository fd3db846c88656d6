import { QueuedHumanPorts } from '../core/approvals/queued-human-ports';
import type { SessionOptions } from '../core/session/options';
import type { DialogAnswerPort } from './session-port';

/**
 * The human-facing ports of a session shown in a window (Electron or web): the core's
 * QueuedHumanPorts keep every approval and question, by request id, until the UI answers
 * through the bridge — so a reloaded page lists them again.
 */
export function createWindowPorts(): { sessionOptions: Partial<SessionOptions>; dialogs: DialogAnswerPort } {
  const ports = new QueuedHumanPorts();
  return {
    // A window always has someone to answer, so approvals default to `ask` (the documented default of `approvals.mode`).
    sessionOptions: { humanInput: ports, approvalPort: ports, defaultApproveMode: 'ask', watchExtensions: true, checkpoints: true, askAtSpendLimit: true },
    dialogs: {
      answerApproval: (requestId, decision, always) => ports.resolveApproval(requestId, decision, always, 'human'),
      answerQuestion: (requestId, answer) => ports.answerQuestion(requestId, { action: 'accept', text: answer }),
      answerElicitation: (requestId, action, content) =>
        ports.answerQuestion(requestId, { action, ...(action === 'accept' && content ? { content } : {}) }),
      pending: () => ports.pending(),
      onChange: (listener) => ports.onChange(listener),
      cancelAll: () => ports.cancelAll(),
    },
  };
}
