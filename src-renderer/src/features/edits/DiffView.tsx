import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { languageForPath } from '../../store/edits/edited-files';

type MonacoApi = typeof Monaco;

let loading: Promise<typeof import('./monaco')> | null = null;

/** Loads Monaco (and its JSON service) once, on first use: it is large, and nothing else waits for it. */
export function loadMonacoModule(): Promise<typeof import('./monaco')> {
  loading ??= import('./monaco');
  return loading;
}

/** Monaco's API, loaded on first use. */
export function loadMonaco(): Promise<MonacoApi> {
  return loadMonacoModule().then((m) => m.monaco);
}

/** Monaco's theme following the OS, like the rest of the window. */
export function monacoTheme(): string {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs';
}

export interface DiffViewProps {
  original: string;
  modified: string;
  /** A file path (language from its name) or a label. */
  path: string;
  /** Language id; default from `path`. */
  language?: string;
  testId?: string;
}

/**
 * A read-only Monaco diff editor of two texts. Side by side when there is room, inline when
 * the pane is narrow (Monaco decides).
 */
export function DiffView({ original, modified, path, language, testId }: DiffViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const [monaco, setMonaco] = useState<MonacoApi | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [lang, setLang] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    loadMonaco().then(
      (m) => alive && setMonaco(m),
      (err: unknown) => alive && setFailed(String((err as Error)?.message ?? err)),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!monaco || !host.current) return;
    const d = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      renderOverviewRuler: false,
      theme: monacoTheme(),
      fontSize: 12,
    });
    editor.current = d;
    return () => {
      const model = d.getModel();
      d.dispose();
      model?.original.dispose();
      model?.modified.dispose();
      editor.current = null;
    };
  }, [monaco]);

  useEffect(() => {
    const d = editor.current;
    if (!monaco || !d) return;
    const id = language ?? languageForPath(path, monaco.languages.getLanguages());
    const old = d.getModel();
    const next = { original: monaco.editor.createModel(original, id), modified: monaco.editor.createModel(modified, id) };
    d.setModel(next);
    setLang(next.modified.getLanguageId());
    old?.original.dispose();
    old?.modified.dispose();
  }, [monaco, original, modified, path, language]);

  if (failed) return <div className="wb-error">The diff editor failed to load: {failed}</div>;
  return (
    <div className="wb-diff" ref={host} data-testid={testId ?? 'diff-view'} data-ready={monaco ? 'true' : 'false'} data-language={lang ?? ''}>
      {monaco ? null : <div className="muted pad">Loading editor…</div>}
    </div>
  );
}
