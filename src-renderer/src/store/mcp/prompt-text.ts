import type { McpPromptResultView } from '../../../../src-shared/contract/mcp-inspector-views';

/**
 * A prompt's messages as the text of one message the user can edit and send: the user messages'
 * text as is, blank-line separated; a message of another role (an assistant turn some prompts
 * carry) keeps its role in front, so nothing the prompt says is silently dropped. Content the
 * server sent as something other than text stays as the pane describes it (`[image image/png]`).
 */
export function promptAsText(result: McpPromptResultView): string {
  return result.messages
    .map((m) => (m.role === 'user' ? m.text : `${m.role}: ${m.text}`).trim())
    .filter((t) => t !== '')
    .join('\n\n');
}
