import { forwardRef, useEffect, useRef, useState } from 'react';
import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';
import { dialogsSelectors } from '../../store/dialogs/selectors';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import { QueuedMessages } from './QueuedMessages';
import { ComposerAttachments, isPromptCommand, PromptPopup, type PromptPopupHandle } from '../mcp-servers/ComposerMcp';

/**
 * The message box with Send and Stop. Enter sends, Shift+Enter is a new line, Esc stops. While
 * the agent works, Enter queues the message for its next model request (QueuedMessages lists
 * them) and *Stop after this step* ends the run once the running step is done.
 * `/server:prompt` opens the MCP prompt popup; attached resources and prompts show as chips.
 */
export const Composer = forwardRef<HTMLTextAreaElement>(function Composer(_props, ref) {
  const running = useApp(chatSelectors.running);
  const approvals = useApp(dialogsSelectors.approvals).length;
  const sendMessage = useApp((s) => s.sendMessage);
  const stopRun = useApp((s) => s.stopRun);
  const queueMessage = useApp((s) => s.queueMessage);
  const stopAfterStep = useApp((s) => s.stopAfterStep);
  const stopping = useApp(chatSelectors.stopAfterStep);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const attached = useApp(mcpInspectorSelectors.attachments).length > 0;
  const popup = useRef<PromptPopupHandle>(null);
  const box = useRef<HTMLTextAreaElement | null>(null);
  // A prompt's text from the MCP pane (*Use in message*): after what is typed, ready to edit and send.
  const insert = useApp(mcpInspectorSelectors.composerInsert);
  const takeInsert = useApp((s) => s.takeMcpComposerInsert);
  useEffect(() => {
    if (!insert) return;
    setText((cur) => (cur.trim() ? `${cur.replace(/\s+$/, '')}\n\n${insert.text}` : insert.text));
    takeInsert(insert.seq);
    box.current?.focus();
  }, [insert, takeInsert]);
  const send = async (): Promise<void> => {
    const t = text.trim();
    if ((!t && !attached) || busy) return;
    if (running && !t) return;
    setBusy(true);
    try {
      // Typed on meanwhile (the answer takes a moment): keep what is there now.
      if (await (running ? queueMessage(t) : sendMessage(t))) setText((cur) => (cur.trim() === t ? '' : cur));
    } finally {
      setBusy(false);
    }
  };
  const stop = (): Promise<void> => stopRun();
  return (
    <div className="composer" style={{ position: 'relative' }}>
      {isPromptCommand(text) ? <PromptPopup ref={popup} text={text} setText={setText} done={() => box.current?.focus()} /> : null}
      {/* The whole width: beside the run buttons, a narrow column would break its text per letter. */}
      <QueuedMessages />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <ComposerAttachments />
      <textarea
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        data-testid="composer-input"
        aria-label="Message"
        // Short enough for three lines of the narrowest message box (a 400 px conversation).
        placeholder={approvals ? `${approvals === 1 ? 'A call waits' : `${approvals} calls wait`} for you above (Alt+Shift+A allow, Alt+Shift+D deny)` : running ? 'Working… type to steer it (Enter queues it; Esc stops)' : 'Ask the agent to do something (Enter sends, Shift+Enter: new line)'}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (popup.current?.onKey(e)) {
            e.preventDefault();
            return;
          }
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      </div>
      {running ? (
        <div className="composer-run-buttons">
          {text.trim() ? (
            <button className="primary" data-testid="queue-button" onClick={() => void send()} disabled={busy} title="Queue for the agent's next step (Enter)">
              Queue
            </button>
          ) : null}
          <button data-testid="stop-after-step" onClick={() => void stopAfterStep()} disabled={stopping} title="Let the running step finish, then stop before the next model request">
            {stopping ? 'Stopping after this step…' : 'Stop after this step'}
          </button>
          <button className="danger" data-testid="stop-button" onClick={() => void stop()} title="Stop now (Esc)">
            Stop
          </button>
        </div>
      ) : (
        <button className="primary" data-testid="send-button" onClick={() => void send()} disabled={(!text.trim() && !attached) || busy} title="Send (Enter)">
          Send
        </button>
      )}
    </div>
  );
});
