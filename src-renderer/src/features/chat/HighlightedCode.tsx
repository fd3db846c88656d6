import { memo, useEffect, useState } from 'react';
import { colorize } from './code-colorizer';

/**
 * Code shown as code: plain at once, coloured by Monaco's colorizer once it has loaded (it is
 * already in the bundle for the Edits pane; loaded on first use). A Copy button copies the text.
 */
export const HighlightedCode = memo(function HighlightedCode({ code, language, testId, preTestId }: { code: string; language: string; testId?: string; preTestId?: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void colorize(code, language).then((h) => live && setHtml(h));
    return () => {
      live = false;
    };
  }, [code, language]);
  return (
    <div className="code-block" data-testid={testId}>
      <CopyButton text={code} />
      {html !== null ? (
        <pre className="code-pre" data-testid={preTestId} data-colored="true" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <pre className="code-pre" data-testid={preTestId}>{code}</pre>
      )}
    </div>
  );
});

/** Copies `text` to the clipboard; says "Copied" for a moment. */
export function CopyButton({ text }: { text: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      className="copy-button"
      data-testid="copy-code"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setDone(true);
          setTimeout(() => setDone(false), 1200);
        });
      }}
    >
      {done ? 'Copied' : 'Copy'}
    </button>
  );
}
