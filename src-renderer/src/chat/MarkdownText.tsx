import { memo, useMemo } from 'react';
import { renderMarkdown } from './markdown';

/** The assistant's Markdown, sanitized (see markdown.ts). Tool output never goes through here. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});
