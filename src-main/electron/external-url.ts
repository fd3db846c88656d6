/**
 * Whether a link the page tries to open may go to the OS browser: only absolute http(s) URLs
 * without credentials. Pure (no electron import) so it is table-tested under Node.
 */
export function checkExternalUrl(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, reason: `scheme ${u.protocol} is not allowed` };
  if (u.username || u.password) return { ok: false, reason: 'URLs with credentials are not opened' };
  if (!u.hostname) return { ok: false, reason: 'no host' };
  return { ok: true, url: u.toString() };
}

/**
 * Whether an IPC message comes from our own page: the window's top frame, showing the app's
 * own URL (file:// renderer or the dev server). Pure; the caller passes what Electron reports.
 */
export function checkIpcSender(
  sender: { frameUrl: string | null; isMainFrame: boolean; webContentsId: number },
  expected: { webContentsId: number; appOrigin: string },
): { ok: true } | { ok: false; reason: string } {
  if (sender.webContentsId !== expected.webContentsId) return { ok: false, reason: 'message from another window' };
  if (!sender.isMainFrame) return { ok: false, reason: 'message from a subframe' };
  if (!sender.frameUrl) return { ok: false, reason: 'sender frame is gone' };
  let origin: string;
  try {
    const u = new URL(sender.frameUrl);
    origin = u.protocol === 'file:' ? 'file://' : u.origin;
  } catch {
    return { ok: false, reason: 'sender URL unreadable' };
  }
  return origin === expected.appOrigin ? { ok: true } : { ok: false, reason: `sender origin ${origin} is not the app` };
}

/** The Content-Security-Policy of the desktop window (sent as a header on every response). */
export const ELECTRON_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
