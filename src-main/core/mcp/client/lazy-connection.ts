// The MCP client SDK (and zod under it) costs ~0.25 s of CPU to load: it is imported when the
// first server starts, so sessions and CLI starts with no MCP server enabled never pay for it.
let connectionModule: Promise<typeof import('./connection')> | undefined;
/** The connection module, loaded once on first use. */
export function loadConnectionModule(): Promise<typeof import('./connection')> {
  connectionModule ??= import('./connection');
  return connectionModule;
}
