import type { ToolResultRecord } from '../../../../src-shared/events/tool-result';
import { imageDataUrl } from './format';

/** A tool's result: always as text (never HTML), plus its images. */
export function ResultView({ result, clip }: { result: ToolResultRecord; clip?: number }) {
  const cut = (s: string): string => (clip && s.length > clip ? `${s.slice(0, clip)}\n… (${s.length - clip} more characters: open the inspector)` : s);
  return (
    <div className="result">
      {result.output ? <pre className="result-output" data-testid="result-output">{cut(result.output)}</pre> : null}
      {result.error ? <pre className="result-error" data-testid="result-error">Error: {cut(result.error)}</pre> : null}
      {result.system ? <pre className="result-system">[system] {cut(result.system)}</pre> : null}
      {result.images.map((img, i) => {
        const src = imageDataUrl(img);
        return src ? <img key={i} className="result-image" src={src} alt={`tool image ${i + 1}`} /> : <div key={i} className="muted">[image of type {img.mimeType} not shown]</div>;
      })}
      {!result.output && !result.error && !result.system && result.images.length === 0 ? <div className="muted">(no output)</div> : null}
    </div>
  );
}
