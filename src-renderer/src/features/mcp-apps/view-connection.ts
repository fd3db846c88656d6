import { AppBridge, PostMessageTransport, type McpUiDisplayMode, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { VIEW_HEIGHT, type AppViewRef, type AppViewResource, type ViewTrafficInput } from '../../../../src-shared/apps/view-types';
import type { AppToolCallView } from '../../../../src-shared/contract/app-view-methods';
import type { CallDetail } from '../../../../src-shared/contract/views';
import { TappedTransport } from './tapped-transport';
import { blocksText, viewToolResult } from './view-result';

/** What a view's host side asks of the window (the store's actions and the card's state). */
export interface ViewHostPort {
  callTool(viewOf: string, tool: string, args: Record<string, unknown>): Promise<AppToolCallView>;
  traffic(server: string, entries: ViewTrafficInput[]): void;
  setModelContext(viewOf: string, text: string): Promise<void>;
  queueMessage(callId: string, server: string, text: string): void;
  askLink(callId: string, server: string, url: string): Promise<boolean>;
  /** The view asked for this height (already bounded). */
  resize(height: number): void;
  setDisplayMode(mode: 'inline' | 'fullscreen'): void;
  /** The view asked to be closed. */
  close(): void;
  /** The view finished its handshake (`ui/notifications/initialized`): it is running. */
  started(): void;
}

/** What one view is started with. */
export interface ViewConnectionOptions {
  iframe: HTMLIFrameElement;
  ref: AppViewRef;
  resource: AppViewResource;
  call: CallDetail;
  host: ViewHostPort;
  context: { theme: 'light' | 'dark'; locale: string; timeZone: string; displayMode: 'inline' | 'fullscreen'; width: number; inlineOnly?: boolean };
  /**
   * A view shown from the recording (a reopened session): it gets the recorded input and result
   * and may call tools only after the user has interacted with it (`interacted`).
   */
  recorded: boolean;
  interacted: () => boolean;
}

/** How long traffic is gathered before one `apps.traffic` call (keeps a chatty view to a few calls a second). */
const TRAFFIC_FLUSH_MS = 250;

/** Clamps a view's requested height to the card's bounds. */
export function boundedHeight(h: unknown): number {
  const n = typeof h === 'number' && Number.isFinite(h) ? Math.ceil(h) : VIEW_HEIGHT.initial;
  return Math.min(VIEW_HEIGHT.max, Math.max(VIEW_HEIGHT.min, n));
}

/**
 * The window's side of one MCP App view, through the SDK's `AppBridge`: it hands the sandbox the
 * view's HTML, gives the view the call's input and result, routes what the view asks (tool
 * calls through the host's tool path, messages and links through the user, model context,
 * size, display mode) and logs every message both ways for the server's Traffic view.
 */
export class ViewConnection {
  private bridge: AppBridge | null = null;
  private pending: ViewTrafficInput[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly o: ViewConnectionOptions) {}

  /** Connects to the sandbox frame (call once its `src` is set). */
  async start(): Promise<void> {
    const { o } = this;
    const win = o.iframe.contentWindow;
    if (!win) throw new Error('the view frame has no window');
    const hostContext: McpUiHostContext = {
      theme: o.context.theme,
      locale: o.context.locale,
      timeZone: o.context.timeZone,
      displayMode: o.context.displayMode,
      availableDisplayModes: o.context.inlineOnly ? ['inline'] : ['inline', 'fullscreen'],
      platform: 'desktop',
      containerDimensions: { maxHeight: VIEW_HEIGHT.max, width: o.context.width },
      toolInfo: { ...(o.call.callId ? { id: o.call.callId } : {}), tool: { name: o.ref.tool, inputSchema: { type: 'object' } } },
    };
    const bridge = new AppBridge(
      null,
      { name: 'Glassbox', version: '0.1.0' },
      { openLinks: {}, serverTools: {}, logging: {}, updateModelContext: { text: {} }, message: { text: {} }, sandbox: { csp: o.resource.csp, permissions: o.resource.permissions } },
      { hostContext },
    );
    this.bridge = bridge;
    bridge.onsandboxready = () => {
      void bridge.sendSandboxResourceReady({ html: o.resource.html, csp: o.resource.csp, permissions: o.resource.permissions });
    };
    bridge.oninitialized = () => {
      o.host.started();
      void bridge.sendToolInput({ arguments: (o.call.args && typeof o.call.args === 'object' ? o.call.args : {}) as Record<string, unknown> });
      if (o.call.result) void bridge.sendToolResult(viewToolResult(o.call.result) as Parameters<AppBridge['sendToolResult']>[0]);
    };
    bridge.oncalltool = async (params) => {
      if (o.recorded && !o.interacted()) {
        return { content: [{ type: 'text', text: 'This view is shown from a recorded session: it can call tools once you interact with it.' }], isError: true };
      }
      const r = await o.host.callTool(o.call.callId, params.name, (params.arguments ?? {}) as Record<string, unknown>);
      return { content: r.content, ...(r.structuredContent ? { structuredContent: r.structuredContent } : {}), ...(r.isError ? { isError: true } : {}) } as Awaited<ReturnType<NonNullable<AppBridge['oncalltool']>>>;
    };
    bridge.onmessage = async (params) => {
      const text = blocksText(params.content);
      if (!text.trim()) return { isError: true };
      // Added to the conversation only when the user sends it (a bar above the composer).
      o.host.queueMessage(o.call.callId, o.ref.server, text);
      return {};
    };
    bridge.onopenlink = async ({ url }) => ((await o.host.askLink(o.call.callId, o.ref.server, url)) ? {} : { isError: true });
    bridge.onupdatemodelcontext = async (params) => {
      await o.host.setModelContext(o.call.callId, blocksText(params.content, params.structuredContent));
      return {};
    };
    bridge.onsizechange = ({ height }) => {
      if (height !== undefined) o.host.resize(boundedHeight(height));
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      const shown: McpUiDisplayMode = mode === 'fullscreen' && !o.context.inlineOnly ? 'fullscreen' : 'inline';
      o.host.setDisplayMode(shown);
      return { mode: shown };
    };
    bridge.onrequestteardown = () => o.host.close();
    const transport = new TappedTransport(new PostMessageTransport(win, win), (direction, message) => this.log(direction, message));
    await bridge.connect(transport);
  }

  /** The window's theme or display mode changed. */
  setContext(patch: Partial<Pick<McpUiHostContext, 'theme' | 'displayMode' | 'locale'>>): void {
    if (!this.bridge || this.closed) return;
    void Promise.resolve(this.bridge.sendHostContextChange(patch)).catch(() => undefined);
  }

  /** Tells the view it is going away, then closes the channel (the frame is removed by the card). */
  async teardown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const b = this.bridge;
    if (b) {
      await Promise.race([b.teardownResource({}).catch(() => undefined), new Promise((r) => setTimeout(r, 300))]);
      await b.close().catch(() => undefined);
    }
    this.flush();
  }

  private log(direction: 'in' | 'out', message: JSONRPCMessage): void {
    this.pending.push({ direction, callId: this.o.call.callId, message });
    if (this.pending.length >= 100) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), TRAFFIC_FLUSH_MS);
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.pending.splice(0);
    if (batch.length) this.o.host.traffic(this.o.ref.server, batch);
  }
}
