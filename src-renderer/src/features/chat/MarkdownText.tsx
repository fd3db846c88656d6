import { memo, useEffect, useMemo, useRef } from 'react';
import { isPlainLine, renderMarkdown } from './markdown';
import { splitBlocks } from './markdown-blocks';
import { enhanceCodeBlocks } from './code-blocks';
import '../tool-calls/tool-calls.css';
import './markdown-stream.css';

/** Sanitized HTML in a div whose code blocks get colours and a Copy button. */
const Html = memo(function Html({ html, className }: { html: string; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current) return enhanceCodeBlocks(ref.current);
  }, [html]);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
});

/**
 * A streaming answer, block by block: finished blocks keep their rendered HTML and their DOM
 * (memoized by text), only the last, growing block is parsed and sanitized again per update.
 * Each block is sanitized on its own and set into its own element.
 */
function StreamingMarkdown({ text }: { text: string }) {
  const blocks = splitBlocks(text);
  return (
    <div className="markdown markdown-streaming">
      {blocks.map((b, i) => {
        const last = i === blocks.length - 1;
        const src = b.replace(/\n+$/, '');
        return <Html key={i} className="md-block" html={renderMarkdown(src, { cache: !last })} />;
      })}
    </div>
  );
}

/**
 * The assistant's Markdown, sanitized (see markdown.ts); code blocks get colours and a Copy
 * button. While it streams it is rendered block by block (a whole answer re-parsed per word cost
 * a frame's budget); once complete, as one document. Tool output never goes through here.
 * A plain line (most messages between tool calls) is built as the elements its HTML would parse
 * to: setting HTML starts the browser's HTML parser, ~0.5 ms for each row scrolling into view.
 */
export const MarkdownText = memo(function MarkdownText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const plain = !streaming && isPlainLine(text);
  const html = useMemo(() => (streaming || plain ? '' : renderMarkdown(text)), [text, streaming, plain]);
  if (streaming) return <StreamingMarkdown text={text} />;
  if (plain) {
    return (
      <div className="markdown">
        <p>{text}</p>
      </div>
    );
  }
  return <Html className="markdown" html={html} />;
});
