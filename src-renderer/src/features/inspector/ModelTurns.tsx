import { useApp } from '../../store/app-context';
import { copyText } from '../../store/download';
import { chatSelectors } from '../../store/chat/selectors';
import type { ModelTurn } from '../../store/event-reducer';
import { inspectorSelectors } from '../../store/inspector/selectors';
import { formatDuration, prettyJson } from '../tool-calls/format';
import { formatCost, turnUsageLine } from '../usage/format';
import { ContextMeterView } from './ContextMeterView';
import { ThinkingBlock } from '../chat/ThinkingBlock';
import { fullWireRequest } from './wire-request';
import { plural } from '../../../../src-shared/text/plural';

/** A JSON value with a copy button; collapsible when `collapsed` is given. */
export function JsonBlock({ title, value, testId, collapsed }: { title: string; value: unknown; testId?: string; collapsed?: boolean }) {
  const text = prettyJson(value);
  const head = (
    <>
      {title}
      <button className="link-button" onClick={(e) => (e.preventDefault(), void copyText(text))}>Copy</button>
    </>
  );
  if (collapsed === undefined) {
    return (
      <div className="json-block">
        <div className="label">{head}</div>
        <pre data-testid={testId}>{text}</pre>
      </div>
    );
  }
  return (
    <details className="json-block" open={!collapsed} data-testid={testId ? `${testId}-block` : undefined}>
      <summary className="label">{head}</summary>
      <pre data-testid={testId}>{text}</pre>
    </details>
  );
}

function UsageTable({ t }: { t: ModelTurn }) {
  const u = t.usage ?? {};
  const est = u.estimated ? ' (estimated: the server reported no counts)' : '';
  const tok = (x: number | undefined): string => `${(x ?? 0).toLocaleString('en-US')} tokens`;
  const rows: Array<[string, string]> = [
    ['Model', t.model ?? ((t.request as { model?: string } | undefined)?.model ?? 'unknown')],
    ['Input tokens', `${tok(u.inputTokens)}${est}`],
    ['Cached input', `${tok(u.cachedInputTokens)}${u.cachedInputTokens && u.inputTokens ? ` (${Math.round((100 * u.cachedInputTokens) / u.inputTokens)}% of input)` : ''}`],
    ['Cache writes', tok(u.cacheWriteTokens)],
    ['Output tokens', `${tok(u.outputTokens)}${est}`],
    ['Reasoning tokens', tok(u.reasoningTokens)],
    ['Cost', 'costUsd' in u ? formatCost(u.costUsd) : 'not recorded'],
    ['Time to first token', typeof u.ttftMs === 'number' ? formatDuration(u.ttftMs) : 'not recorded'],
    ['Total time', typeof u.durationMs === 'number' ? formatDuration(u.durationMs) : 'not recorded'],
  ];
  return (
    <table className="usage-table" data-testid="turn-usage-table">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td data-field={k}>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TurnDetail({ turns, index, running }: { turns: readonly ModelTurn[]; index: number; running: boolean }) {
  const t = turns[index]!;
  const full = fullWireRequest(turns, index);
  const pendingText = running && index === turns.length - 1 ? 'No response yet: the model is still answering.' : 'No response recorded: the turn failed or was stopped before the model answered.';
  return (
    <div className="turn-detail" data-testid="turn-detail">
      <UsageTable t={t} />
      {t.context ? <ContextMeterView meter={t.context} title="What this request held" /> : null}
      <JsonBlock title="Request (summary)" value={t.request} testId="turn-request" collapsed={false} />
      {t.error ? (
        <div className="turn-error" data-testid="turn-error">
          Failed{t.error.status !== undefined ? ` with HTTP ${t.error.status}` : ''} from {t.error.endpoint}
          {t.error.attempts > 1 ? ` after ${t.error.attempts} attempts` : ''}: {t.error.message}
        </div>
      ) : null}
      {typeof (t.response as { thinking?: unknown } | undefined)?.thinking === 'string' ? (
        <ThinkingBlock text={(t.response as { thinking: string }).thinking} live={false} />
      ) : null}
      {t.response !== undefined ? (
        <JsonBlock title="Response (summary)" value={t.response} testId="turn-response" collapsed={false} />
      ) : (
        <div className="muted pad" data-testid="turn-no-response">{pendingText}</div>
      )}
      {full ? (
        <>
          <JsonBlock
            title={`Wire request: the exact body sent${full.complete ? '' : ' (earlier turns not loaded: messages partial)'}`}
            value={full.body}
            testId="wire-request"
            collapsed
          />
          {t.error ? (
            <JsonBlock title="Response body (as the server sent it with the error)" value={t.wire!.response[0] ?? null} testId="wire-response" collapsed={false} />
          ) : (
            <JsonBlock title={`Wire response: ${plural(t.wire!.response.length, 'streamed chunk')}${t.wire!.truncated ? ', truncated' : ''}`} value={t.wire!.response} testId="wire-response" collapsed />
          )}
        </>
      ) : t.response !== undefined ? (
        <div className="muted small">No wire exchange recorded for this turn (an older session).</div>
      ) : null}
    </div>
  );
}

/** Every model turn of the session: usage at a glance; opened, all fields, the context meter and the wire exchange. */
export function ModelTurns() {
  const turns = useApp(chatSelectors.turns);
  const open = useApp(inspectorSelectors.openTurnKey);
  const toggle = useApp((s) => s.toggleTurn);
  const running = useApp(chatSelectors.running);
  if (!turns.length) return <div className="muted pad">No model turns yet. Each turn's request and response appear here.</div>;
  const last = turns.at(-1)!;
  return (
    <div className="turns" data-testid="model-turns">
      {last.context && open !== last.key ? <ContextMeterView meter={last.context} title={`Context of the last request (step ${last.step})`} /> : null}
      {turns.map((t, i) => (
        <div key={t.key} className={`turn${open === t.key ? ' open' : ''}`} data-testid="model-turn" data-turn-key={t.key}>
          <div className="turn-head" onClick={() => toggle(t.key)}>
            <span>
              Step {t.step} · {new Date(t.ts).toLocaleTimeString()}
            </span>
            <span className="muted small" data-testid="model-turn-usage">{t.usage ? turnUsageLine(t.usage) : t.error ? `failed${t.error.status !== undefined ? `: HTTP ${t.error.status}` : ''}` : t.response === undefined ? 'no response' : ''}</span>
            <button className="link-button" onClick={(e) => (e.stopPropagation(), void copyText(JSON.stringify(t, null, 2)))}>Copy</button>
          </div>
          {open === t.key ? <TurnDetail turns={turns} index={i} running={running} /> : null}
        </div>
      ))}
    </div>
  );
}
