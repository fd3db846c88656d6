import { useApp } from '../../store/app-context';
import { chatSelectors } from '../../store/chat/selectors';

/**
 * The session's OpenTelemetry trace in the top bar: its id (the first 8 digits shown, all of it
 * in the tooltip), a link to the team's trace view when `telemetry.traceUrl` is set, and a
 * warning when export lost spans (the collector was slow or down; the agent never waited).
 */
export function TraceLink() {
  const trace = useApp(chatSelectors.trace);
  if (!trace) return null;
  const short = trace.traceId.slice(0, 8);
  const title = `OpenTelemetry trace ${trace.traceId}${trace.exporting ? '' : ' (export is off: `glassbox sessions export ID --otlp` sends this session)'}`;
  const lost = trace.dropped + trace.failed;
  return (
    <span className="trace-link" data-testid="trace-link" title={title}>
      trace{' '}
      {trace.url ? (
        // Named for what it opens: the id alone is no name for a screen reader's list of links.
        <a href={trace.url} target="_blank" rel="noreferrer noopener" data-testid="trace-url" aria-label={`Open trace ${short} in the trace view`}>
          {short}
        </a>
      ) : (
        short
      )}
      {lost > 0 && (
        <span className="trace-lost" data-testid="trace-lost" title={`${trace.dropped} span(s) dropped because the collector did not keep up, ${trace.failed} refused or not delivered`}>
          {lost} spans lost
        </span>
      )}
    </span>
  );
}
