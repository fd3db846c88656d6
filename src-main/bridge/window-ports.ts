import type { SessionOptions } from '../core/session/glassbox-session';
import type { BridgeHost } from './bridge-host';
import type { DialogAnswerPort } from './session-bridge';

/**
 * The human-facing ports of a session shown in a window (Electron or web): approvals and
 * questions wait, by request id, until the UI answers through the bridge.
 * Wired to the core's QueuedHumanPorts (src-main/core/approvals/) once it lands; until then no
 * request can be answered and the core's own defaults apply.
 */
export function createWindowPorts(_bridge: BridgeHost): { sessionOptions: Partial<SessionOptions>; dialogs: DialogAnswerPort } {
  return {
    sessionOptions: {},
    dialogs: {
      answerApproval: () => false,
      answerQuestion: () => false,
      answerElicitation: () => false,
    },
  };
}
