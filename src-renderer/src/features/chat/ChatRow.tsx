import { memo } from 'react';
import { ToolCallCard } from '../tool-calls/ToolCallCard';
import { TurnCheckpoint } from './TurnCheckpoint';
import type { ChatItem } from '../../../../src-shared/read-models/chat-items';
import { MarkdownText } from './MarkdownText';
import { ThinkingBlock } from './ThinkingBlock';
import { RunFailedActions } from './ModelFailure';
import { turnUsageLine } from '../usage/format';
import { ForkButton } from '../fork/ForkButton';
import { ForkBanner } from '../fork/ForkBanner';

const END_TEXT: Record<string, string> = {
  finished: 'Finished.',
  max_steps: 'Stopped: the step limit was reached.',
  cancelled: 'Cancelled: stopped by you.',
  error: 'The run failed.',
};

/** The small line under a model turn: tokens in/out, cost, time to first token and total. */
function TurnUsage({ item }: { item: Extract<ChatItem, { kind: 'assistant' }> }) {
  return (
    <div className="turn-usage" data-testid="turn-usage" title={item.model ? `model ${item.model}` : undefined}>
      {turnUsageLine(item.usage!)}
    </div>
  );
}

/** One row of the conversation in full: a message, a tool call's card, a run's end or a note. */
export const ChatRow = memo(function ChatRow({ item, target }: { item: ChatItem; target?: boolean }) {
  switch (item.kind) {
    case 'user': {
      const seq = Number(item.key.slice(1));
      return (
        <>
          {item.fork ? <ForkBanner fork={item.fork} /> : null}
          {item.fork?.continues ? null : (
            <>
              <div className="msg msg-user" data-testid="user-message">
                <div className="msg-text">{item.text}</div>
              </div>
              {/* Beside the message, not in it: its text stays the user's own (copy, tests, screen readers). */}
              <div className="msg-actions">
                <ForkButton target={() => ({ kind: 'user', at: seq, original: { message: item.text } })} />
              </div>
            </>
          )}
        </>
      );
    }
    case 'assistant': {
      const thinking = item.thinking ? <ThinkingBlock text={item.thinking} live={item.streaming && !item.text} /> : null;
      if (!item.text && !item.streaming) {
        if (!thinking) return item.usage ? <TurnUsage item={item} /> : <div className="msg-empty" />;
        return (
          <>
            {thinking}
            {item.usage ? <TurnUsage item={item} /> : null}
          </>
        );
      }
      return (
        <>
          {thinking}
          {item.text || !thinking ? (
            <div className={`msg msg-assistant${item.streaming ? ' streaming' : ''}`} data-testid="assistant-message">
              <MarkdownText text={item.text} streaming={item.streaming} />
            </div>
          ) : null}
          {(item.text || !thinking) && item.seq !== undefined && !item.streaming ? (
            <div className="msg-actions">
              <ForkButton target={() => ({ kind: 'model', at: item.seq! })} />
            </div>
          ) : null}
          {item.usage ? <TurnUsage item={item} /> : null}
        </>
      );
    }
    case 'call':
      return <ToolCallCard callId={item.callId} />;
    case 'end':
      return (
        <div className={`run-end run-end-${item.reason}`} data-testid="run-end" data-reason={item.reason}>
          {END_TEXT[item.reason]}
          {item.error ? <span className="run-end-error"> {item.error}</span> : null}
          {item.reason === 'error' ? <RunFailedActions /> : null}
          <TurnCheckpoint endKey={item.key} />
          {target ? (
            <div className="restored-marker" data-testid="restored-marker">
              ↺ Restored to here <span className="muted">— the turns below are rewound: the agent no longer sees them</span>
            </div>
          ) : null}
        </div>
      );
    case 'note':
      return <div className="run-note">{item.text}</div>;
    case 'restored':
      return (
        <div className="run-note restored-note" data-testid="conversation-restored" data-undo={item.undoOf !== undefined ? 'true' : undefined}>
          {item.undoOf !== undefined ? 'Conversation restore undone: the rewound turns are back.' : 'Conversation restored: the dimmed turns above are out of it.'}
        </div>
      );
  }
});

/**
 * A full row placed in the virtualized list: measured (`measure`, the virtualizer's ref) and moved
 * to `start`. Memoized, so a scroll frame that re-renders the list leaves rows that did not move
 * alone (not even their props compared in the DOM).
 */
export const PlacedChatRow = memo(function PlacedChatRow({ item, index, start, rewound, target, measure }: { item: ChatItem; index: number; start: number; rewound: boolean; target: boolean; measure: (el: Element | null) => void }) {
  return (
    <div
      data-index={index}
      ref={measure}
      className={`chat-row${rewound ? ' chat-rewound' : ''}`}
      data-rewound={rewound ? 'true' : undefined}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}
    >
      <ChatRow item={item} target={target} />
    </div>
  );
});
