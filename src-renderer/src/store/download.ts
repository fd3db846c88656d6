import type { ExportedFile } from '../../../src-shared/contract/views';

/** Saves a file the host produced through the browser's download (works in Electron too). */
export function downloadFile(f: ExportedFile): void {
  const url = URL.createObjectURL(new Blob([f.text], { type: f.mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = f.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies text; falls back to a hidden textarea where the clipboard API is unavailable. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
}
