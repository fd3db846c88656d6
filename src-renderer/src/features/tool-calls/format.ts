import type { CallStatus } from '../../../../src-shared/contract/views';

/** JSON for display; strings as they are. */
export function prettyJson(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v, null, 2) ?? String(v);
  } catch {
    return String(v);
  }
}

/** `builtin` → built-in; `mcp:files` → MCP files; `extension:x` → extension x. */
export function sourceLabel(source: string): string {
  if (source === 'builtin') return 'built-in';
  if (source.startsWith('mcp:')) return `MCP ${source.slice(4)}`;
  if (source.startsWith('extension:')) return `extension ${source.slice(10)}`;
  return source;
}

export const STATUS_LABEL: Record<CallStatus, string> = {
  running: 'running',
  awaiting_approval: 'awaiting approval',
  ok: 'done',
  error: 'error',
  blocked: 'blocked',
  denied: 'denied',
};

/** 850 ms, 1.2 s, 2 m 3 s. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A one-line preview of arguments for the card header. */
export function argsPreview(tool: string, args: unknown): string {
  if (args && typeof args === 'object') {
    const a = args as Record<string, unknown>;
    if (tool === 'bash' && typeof a.command === 'string') return a.command;
    for (const k of ['command', 'path', 'url', 'query', 'code', 'question']) if (typeof a[k] === 'string') return `${k}: ${a[k] as string}`;
  }
  const s = prettyJson(args).replace(/\s+/g, ' ');
  return s.length > 160 ? `${s.slice(0, 160)}…` : s;
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** A data: URL for a tool image, or null for a type we do not show (e.g. SVG, which can carry script). */
export function imageDataUrl(img: { data: string; mimeType: string }): string | null {
  if (!IMAGE_TYPES.has(img.mimeType) || !/^[A-Za-z0-9+/=\s]*$/.test(img.data)) return null;
  return `data:${img.mimeType};base64,${img.data}`;
}
