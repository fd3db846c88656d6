import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ColumnSplitter } from '../../app/ColumnSplitter';
import { useApp } from '../../store/app-context';
import { viewRefOf } from '../mcp-apps/view-ref';
import { ViewSource } from '../mcp-apps/ViewSource';
import { TrafficLinkButton } from '../mcp-servers/TrafficLinkButton';
import { copyText } from '../../store/download';
import { callsSelectors } from '../../store/calls/selectors';
import { inspectorSelectors } from '../../store/inspector/selectors';
import { ReplayButton } from '../replay/ReplayButton';
import { formatDuration, sourceLabel, STATUS_LABEL } from '../tool-calls/format';
import { ResultView } from '../tool-calls/ResultView';
import { BreakableName } from '../tool-calls/BreakableName';
import { CallList } from './CallList';
import { JsonBlock, ModelTurns } from './ModelTurns';
import { useInspectorSplit } from './use-inspector-split';

function CallDetailView() {
  const id = useApp(callsSelectors.selectedCallId);
  const call = useApp(callsSelectors.selectedCall);
  const exportCall = useApp((s) => s.exportCall);
  const loadSandbox = useApp((s) => s.loadAppSandbox);
  const [tab, setTab] = useState<'call' | 'view'>('call');
  const viewRef = viewRefOf(call);
  useEffect(() => {
    if (viewRef) void loadSandbox();
  }, [viewRef?.resourceUri, loadSandbox]);
  if (!id || !call) return <div className="muted pad">Select a tool call (click a card, or Alt+↓ / Alt+↑) to see everything about it.</div>;
  return (
    <div className="call-detail" data-testid="inspector-detail">
      <div className="detail-head">
        <strong className="detail-tool" data-testid="inspector-tool">
          <BreakableName name={call.tool} />
        </strong>
        <span className="muted">{sourceLabel(call.source)}</span>
        <span className={`badge-${call.status}`}>{STATUS_LABEL[call.status]}</span>
        <span className="muted" data-testid="inspector-duration" title="The tool's own run time">
          {call.durationMs !== undefined ? `ran ${formatDuration(call.durationMs)}` : ''}
        </span>
        {call.waitMs !== undefined ? (
          <span className="muted" data-testid="inspector-wait" title="From the approval request to your answer">
            waited {formatDuration(call.waitMs)} for approval
          </span>
        ) : null}
        <span className="muted">id {call.callId}</span>
        {call.replayOf ? <span className="muted" data-testid="inspector-replay-of">replay of {call.replayOf}</span> : null}
      </div>
      <div className="detail-actions">
        <button onClick={() => void copyText(JSON.stringify(call, null, 2))} data-testid="copy-call">Copy JSON</button>
        <button
          data-testid="export-call"
          onClick={() => void exportCall(call.callId)}
        >
          Export JSON
        </button>
        {call.status !== 'running' ? <ReplayButton callId={call.callId} className="" /> : null}
      </div>
      {viewRef ? (
        <div className="subtabs" role="tablist">
          <button role="tab" className={tab === 'call' ? 'active' : ''} aria-selected={tab === 'call'} onClick={() => setTab('call')} data-testid="inspector-tab-call">Call</button>
          <button role="tab" className={tab === 'view' ? 'active' : ''} aria-selected={tab === 'view'} onClick={() => setTab('view')} data-testid="inspector-tab-view">View</button>
        </div>
      ) : null}
      {viewRef && tab === 'view' ? <ViewSource viewRef={viewRef} /> : <CallFacts call={call} />}
    </div>
  );
}

/** Arguments, approval, result, notifications and the MCP exchange of one call. */
function CallFacts({ call }: { call: NonNullable<ReturnType<typeof callsSelectors.selectedCall>> }) {
  return (
    <>
      <JsonBlock title="Arguments" value={call.args} testId="inspector-args" />
      {call.approval ? <JsonBlock title="Approval" value={call.approval} /> : null}
      {call.result ? (
        <div className="json-block">
          <div className="label">Result</div>
          <ResultView result={call.result} />
          {call.result.metadata ? <JsonBlock title="Result metadata" value={call.result.metadata} /> : null}
        </div>
      ) : (
        <div className="muted">No result yet.</div>
      )}
      {call.updates.length ? <JsonBlock title="Progress and log notifications" value={call.updates} /> : null}
      {call.mcpTraffic ? (
        <>
          <div className="label">
            MCP exchange <TrafficLinkButton server={call.mcpTraffic.server} callId={call.callId} />
          </div>
          <JsonBlock title={`MCP JSON-RPC request (server ${call.mcpTraffic.server})`} value={call.mcpTraffic.request} testId="mcp-request" />
          <JsonBlock title="MCP JSON-RPC response" value={call.mcpTraffic.response} testId="mcp-response" />
        </>
      ) : call.source.startsWith('mcp:') ? (
        <div className="muted">No raw MCP traffic recorded for this call.</div>
      ) : null}
    </>
  );
}

/** The call list above the selected call's details, with a splitter between them. */
function CallsAndDetails() {
  const box = useRef<HTMLDivElement>(null);
  const split = useInspectorSplit(box);
  return (
    <div className="inspector-calls" ref={box} style={{ '--list-height': `${split.list}px` } as CSSProperties} data-testid="inspector-calls">
      <div className="inspector-list" id="inspector-list">
        <CallList />
      </div>
      <ColumnSplitter
        side="top"
        label="call list"
        controls="inspector-list"
        testName="inspector"
        width={split.list}
        min={split.min}
        max={split.max}
        onResize={split.resize}
        onReset={split.reset}
      />
      <CallDetailView />
    </div>
  );
}

/** The inspector: every call (filterable), the selected call in full, and the model turns. */
export function Inspector() {
  const tab = useApp(inspectorSelectors.tab);
  const setTab = useApp((s) => s.setInspectorTab);
  const exportFiltered = useApp((s) => s.exportFilteredCalls);
  return (
    <div className="inspector" data-testid="inspector">
      <div className="subtabs">
        <button className={tab === 'calls' ? 'active' : ''} onClick={() => setTab('calls')}>Tool calls</button>
        <button className={tab === 'turns' ? 'active' : ''} onClick={() => setTab('turns')} data-testid="tab-model-turns">Model turns</button>
        <button
          className="link-button"
          title="Export the filtered calls as JSON"
          onClick={() => void exportFiltered()}
        >
          Export filtered
        </button>
      </div>
      {tab === 'calls' ? (
        <CallsAndDetails />
      ) : (
        <ModelTurns />
      )}
    </div>
  );
}
