import { z } from 'zod';

/**
 * A tool's MCP Apps metadata (`_meta.ui`): the view it names and who may call it. Servers of the
 * first drafts wrote the URI as `_meta["ui/resourceUri"]`; it is read as a fallback.
 */
const ToolUiMeta = z.object({
  resourceUri: z.string().optional(),
  visibility: z.array(z.string()).optional(),
});

/** What Glassbox takes from a tool's `_meta.ui`. */
export interface ToolUi {
  /** The `ui://` resource of its view, when it has one. */
  resourceUri?: string;
  /** Only its own view may call it (`visibility: ["app"]`): never offered to the model. */
  appOnly: boolean;
}

/** The longest `ui://` URI taken (longer ones are ignored: no view). */
const MAX_URI = 2048;

/** Reads `_meta.ui` of a tool definition; anything malformed counts as "no view, the model's tool". */
export function toolUi(meta: unknown): ToolUi {
  const m = (meta && typeof meta === 'object' ? meta : {}) as Record<string, unknown>;
  const parsed = ToolUiMeta.safeParse(m.ui);
  const ui = parsed.success ? parsed.data : {};
  const legacy = typeof m['ui/resourceUri'] === 'string' ? (m['ui/resourceUri'] as string) : undefined;
  const uri = ui.resourceUri ?? legacy;
  const resourceUri = uri && uri.startsWith('ui://') && uri.length <= MAX_URI ? uri : undefined;
  const vis = ui.visibility;
  // Visibility lists who may call it; without "model" in a non-empty list the model never sees it.
  const appOnly = Array.isArray(vis) && vis.length > 0 && !vis.includes('model') && vis.includes('app');
  return { ...(resourceUri ? { resourceUri } : {}), appOnly };
}
