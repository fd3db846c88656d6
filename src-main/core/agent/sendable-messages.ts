import type { ChatMessage } from '../llm/llm-types';

/**
 * The conversation as it goes to the model: an assistant message with no text and no tool calls
 * (a failed or cancelled turn, an empty answer) is left out. Providers reject or mis-read empty
 * assistant turns, and it says nothing the model needs.
 */
export function sendableMessages(messages: ChatMessage[]): ChatMessage[] {
  const empty = (m: ChatMessage): boolean => m.role === 'assistant' && !m.content.trim() && !m.toolCalls?.length;
  return messages.some(empty) ? messages.filter((m) => !empty(m)) : messages;
}
