import { useApp } from '../../store/app-context';

/** "Traffic" on an MCP tool call (card, inspector, hand call): that call's exchange in its server's Traffic tab. */
export function TrafficLinkButton({ server, callId }: { server: string; callId: string }) {
  const show = useApp((s) => s.showMcpTraffic);
  return (
    <button
      type="button"
      className="link-button"
      data-testid="show-mcp-traffic"
      title={`This call's JSON-RPC messages in the Traffic tab of ${server}`}
      onClick={(ev) => {
        ev.stopPropagation();
        show(server, callId);
      }}
    >
      Traffic
    </button>
  );
}
