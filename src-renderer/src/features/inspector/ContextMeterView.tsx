import type { ContextMeter, ContextPart } from '../../../../src-shared/events/context-meter';
import { useApp } from '../../store/app-context';
import { shortTokens } from '../usage/format';

const PART_LABEL: Record<ContextPart['kind'], string> = {
  system: 'System prompt',
  'mcp-instructions': 'MCP instructions',
  'app-context': 'App view context',
  skills: 'Skills',
  tools: 'Tool schemas',
  conversation: 'Conversation',
  'tool-results': 'Tool results',
  images: 'Images',
};

/** The label of one part: its kind and, for instructions and schemas, whose. */
export function partLabel(p: ContextPart): string {
  const who = p.source ? ` (${p.source.startsWith('mcp:') ? `MCP ${p.source.slice(4)}` : p.source})` : '';
  return `${PART_LABEL[p.kind] ?? p.kind}${who}`;
}

/**
 * What one model request held, by part, as a bar against the model's window; the largest
 * items named, a tool result linked to its call (card and inspector).
 */
export function ContextMeterView({ meter, title }: { meter: ContextMeter; title: string }) {
  const revealCall = useApp((s) => s.revealCall);
  const scale = Math.max(meter.windowTokens ?? 0, meter.totalTokens, 1);
  const pct = meter.windowTokens ? Math.round((meter.totalTokens / meter.windowTokens) * 100) : null;
  return (
    <div className="context-meter" data-testid="context-meter">
      <div className="label">
        {title}
        <span className="muted" data-testid="context-total">
          ~{meter.totalTokens.toLocaleString('en-US')} tokens
          {meter.windowTokens ? ` of ${meter.windowTokens.toLocaleString('en-US')} (${pct}%)` : ' (window unknown)'}
        </span>
      </div>
      <div className="cm-bar" role="img" aria-label={`context: ${meter.totalTokens} tokens`}>
        {meter.parts.map((p, i) => (
          <span
            key={i}
            className={`cm-seg cm-${p.kind}`}
            style={{ width: `${(p.tokens / scale) * 100}%` }}
            title={`${partLabel(p)}: ~${p.tokens.toLocaleString('en-US')} tokens`}
          />
        ))}
      </div>
      <table className="cm-parts">
        <tbody>
          {meter.parts.map((p, i) => (
            <tr key={i} data-testid="context-part" data-kind={p.kind} data-tokens={p.tokens}>
              <td>
                <span className={`cm-dot cm-${p.kind}`} />
                {partLabel(p)}
              </td>
              <td className="num">{p.tokens.toLocaleString('en-US')}</td>
              <td className="muted num">{p.count}×</td>
            </tr>
          ))}
        </tbody>
      </table>
      {meter.deferred ? (
        <details className="cm-deferred" data-testid="context-deferred">
          <summary>
            {meter.deferred.count} tool schema{meter.deferred.count === 1 ? '' : 's'} deferred (~{meter.deferred.tokens.toLocaleString('en-US')} tokens not
            sent; the model loads them with tool_search)
          </summary>
          <ul className="cm-largest">
            {meter.deferred.tools.map((t) => (
              <li key={t.name} data-testid="context-deferred-tool" title={t.line}>
                <span className="num">{shortTokens(t.tokens)}</span>
                <span>
                  {t.name} <span className="muted">({t.source.startsWith('mcp:') ? `MCP ${t.source.slice(4)}` : t.source === 'builtin' ? 'built-in' : t.source})</span>
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {meter.largest.length ? (
        <>
          <div className="label">Largest items</div>
          <ul className="cm-largest">
            {meter.largest.map((it, i) => (
              <li key={i} data-testid="context-item">
                <span className="num">{shortTokens(it.tokens)}</span>
                {it.callId ? (
                  <button className="link-button" data-testid="context-item-link" title="Show this call" onClick={() => revealCall(it.callId!)}>
                    {it.label}
                  </button>
                ) : (
                  <span>{it.label}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
