import { writeFile } from 'node:fs/promises';
import { dialog, Notification, type BrowserWindow } from 'electron';
import type { ExportedFile } from '../../src-shared/contract/views';
import type { DesktopIntegration } from '../bridge/insights/bridge';

/**
 * The desktop app's save dialog and OS notifications, for the bridge's HTML export and
 * `app.notify`. `window()` is the app's window (the dialog's parent; focused when a
 * notification is clicked).
 */
export function electronDesktopIntegration(window: () => BrowserWindow | null): DesktopIntegration {
  return {
    async saveFile(file: ExportedFile): Promise<string | null> {
      const win = window();
      const options = { defaultPath: file.fileName, filters: [{ name: 'HTML', extensions: ['html'] }] };
      const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      if (r.canceled || !r.filePath) return null;
      // The export may hold tool output: readable by the user only, like the session files.
      await writeFile(r.filePath, file.text, { mode: 0o600 });
      return r.filePath;
    },
    notify(title: string, body: string): boolean {
      if (!Notification.isSupported()) return false;
      const n = new Notification({ title, body, silent: false });
      n.on('click', () => {
        const win = window();
        if (!win) return;
        if (win.isMinimized()) win.restore();
        win.show();
        win.focus();
      });
      n.show();
      return true;
    },
  };
}
