// The conversation's rows are built on the host too (sessions.view), so the reducer lives in
// the bridge beside the call index; the store keeps importing it from here.
export {
  applyChatEvent,
  rewoundRows,
  buildChat,
  chatFromItems,
  emptyChat,
  type ChatItem,
  type ChatState,
} from '../../../src-shared/read-models/chat-items';
