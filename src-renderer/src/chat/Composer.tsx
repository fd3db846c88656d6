import { forwardRef, useState } from 'react';
import { useApp } from '../app/app-context';
import { chatSelectors } from '../store/chat/selectors';

/** The message box with Send and Stop. Enter sends, Shift+Enter is a new line, Esc stops. */
export const Composer = forwardRef<HTMLTextAreaElement>(function Composer(_props, ref) {
  const running = useApp(chatSelectors.running);
  const sendMessage = useApp((s) => s.sendMessage);
  const stopRun = useApp((s) => s.stopRun);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (): Promise<void> => {
    const t = text.trim();
    if (!t || running || busy) return;
    setBusy(true);
    try {
      if (await sendMessage(t)) setText('');
    } finally {
      setBusy(false);
    }
  };
  const stop = (): Promise<void> => stopRun();
  return (
    <div className="composer">
      <textarea
        ref={ref}
        data-testid="composer-input"
        aria-label="Message"
        placeholder={running ? 'The agent is working… (Esc to stop)' : 'Ask the agent to do something (Enter to send, Shift+Enter for a new line)'}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      {running ? (
        <button className="danger" data-testid="stop-button" onClick={() => void stop()} title="Stop (Esc)">
          Stop
        </button>
      ) : (
        <button className="primary" data-testid="send-button" onClick={() => void send()} disabled={!text.trim() || busy} title="Send (Enter)">
          Send
        </button>
      )}
    </div>
  );
});
