import { useMemo } from 'react';
import type { McpServerView } from '../../../../src-shared/contract/workbench-views';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors } from '../../store/mcp/inspector-selectors';
import type { McpInspectorTab } from '../../store/mcp/inspector-state';
import { PromptsTab } from './PromptsTab';
import { ResourcesTab } from './ResourcesTab';
import { ToolsTab } from './ToolsTab';
import { TrafficTab } from './TrafficTab';
import './inspector.css';

const TABS: Array<{ id: McpInspectorTab; label: string }> = [
  { id: 'tools', label: 'Tools' },
  { id: 'resources', label: 'Resources' },
  { id: 'prompts', label: 'Prompts' },
  { id: 'traffic', label: 'Traffic' },
];

/** The inspector of one server: Tools, Resources, Prompts and Traffic tabs. */
export function ServerInspector({ server }: { server: McpServerView }) {
  const tab = useApp(useMemo(() => mcpInspectorSelectors.tab(server.id), [server.id]));
  const setTab = useApp((s) => s.setMcpTab);
  const connected = server.status === 'connected';
  const counts: Partial<Record<McpInspectorTab, string>> = { tools: String(server.tools.length) };
  return (
    <div className="mi-tab" data-testid="mcp-inspector">
      <div className="mi-tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} role="tab" aria-selected={tab === t.id} className={tab === t.id ? 'active' : ''} onClick={() => setTab(server.id, t.id)} data-testid={`mcp-tab-${t.id}`}>
            {t.label}
            {counts[t.id] ? <span className="muted small"> {counts[t.id]}</span> : null}
          </button>
        ))}
      </div>
      {tab === 'tools' ? (
        <ToolsTab server={server} />
      ) : tab === 'traffic' ? (
        <TrafficTab server={server.id} />
      ) : !connected ? (
        <p className="small muted">Connect the server to browse its {tab}.</p>
      ) : tab === 'resources' ? (
        <ResourcesTab server={server.id} />
      ) : (
        <PromptsTab server={server.id} />
      )}
    </div>
  );
}
