/**
 * Which MCP server cards are folded. A server with many tools (the browser server's 25) is folded
 * by default, so it does not push every other server and its output below the fold; the user's
 * own choice per server id wins and is kept in this origin's storage across reloads.
 */

/** From this many tools on, a server's card starts folded. */
export const MANY_TOOLS = 20;
const KEY = 'glassbox.mcpCards';

/** Whether a card is open: the user's choice, else open unless the server has MANY_TOOLS or more. */
export function cardExpanded(choice: boolean | undefined, toolCount: number): boolean {
  return choice ?? toolCount < MANY_TOOLS;
}

/** The choices the user made (server id → open), or none when storage is off or garbled. */
export function loadCardChoices(): Record<string, boolean> {
  try {
    if (typeof localStorage === 'undefined') return {};
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

/** Keeps the choices for the next page load (storage off: they last this page only). */
export function saveCardChoices(choices: Record<string, boolean>): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(KEY, JSON.stringify(choices));
  } catch {
    // storage off
  }
}

/**
 * The server to bring into view after the snapshot changed from `before` to `after`: the first one
 * that is new in the same session (added here, by another tab, from the registry). Null at the
 * first snapshot, on a switch to another session, or when no server is new.
 */
export function newServerOf(before: { session?: string; servers: Array<{ id: string }> } | null, after: { session?: string; servers: Array<{ id: string }> }): string | null {
  if (!before || before.session !== after.session) return null;
  const had = new Set(before.servers.map((s) => s.id));
  return after.servers.find((s) => !had.has(s.id))?.id ?? null;
}
