import { z } from 'zod';

/**
 * The shapes carried reasoning may take when it goes back to a provider. Carried reasoning is
 * read back from session files, so it is checked here, at the edge: only the provider's own
 * reasoning blocks, with exactly their fields, ever reach a request — a crafted file cannot slip
 * a tool result, a message or a cache breakpoint into the conversation through it.
 */

/** Anthropic: a thinking block (text and signature) or a redacted one (opaque data). */
export const AnthropicThinkingItem = z.union([
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }).strip(),
  z.object({ type: z.literal('redacted_thinking'), data: z.string() }).strip(),
]);

/** OpenAI Responses: a reasoning item (summary, raw reasoning text where sent, encrypted content). */
export const ResponsesReasoningItem = z
  .object({
    type: z.literal('reasoning'),
    id: z.string(),
    summary: z.array(z.object({ type: z.literal('summary_text'), text: z.string() }).strip()),
    content: z.array(z.object({ type: z.literal('reasoning_text'), text: z.string() }).strip()).optional(),
    encrypted_content: z.string().nullable().optional(),
  })
  .strip();

/** The items of `items` that parse as `schema`, as parsed (unknown fields dropped); the rest left out. */
export function carriedOf<T>(schema: z.ZodType<T>, items: readonly unknown[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    const r = schema.safeParse(item);
    if (r.success) out.push(r.data);
  }
  return out;
}
