import { memo, useEffect, useMemo, useRef } from 'react';
import { renderMarkdown } from './markdown';
import { enhanceCodeBlocks } from './code-blocks';
import '../tool-calls/tool-calls.css';

/** The assistant's Markdown, sanitized (see markdown.ts); code blocks get colours and a Copy button. Tool output never goes through here. */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) return enhanceCodeBlocks(ref.current);
  }, [html]);
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});
