import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { loadMonacoModule, monacoTheme } from '../edits/DiffView';
import { schemaProblems } from '../../store/replay/args-check';

let nextModel = 1;

export interface JsonArgsEditorProps {
  /** Initial text; the editor owns the text afterwards (remount with a new `key` to reset). */
  initial: string;
  /** The tool's input schema; Monaco's JSON service validates against it as the user types. */
  schema: Record<string, unknown> | null;
  onChange(text: string): void;
  /** Schema problems (errors), [] when valid. */
  onProblems(problems: string[]): void;
}

/** A Monaco JSON editor validated against a tool's input schema. */
export function JsonArgsEditor({ initial, schema, onChange, onProblems }: JsonArgsEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const callbacks = useRef({ onChange, onProblems });
  callbacks.current = { onChange, onProblems };

  useEffect(() => {
    let disposed = false;
    let cleanup: (() => void) | null = null;
    loadMonacoModule().then(
      ({ monaco, jsonDefaults }) => {
        if (disposed || !host.current) return;
        const uri = monaco.Uri.parse(`glassbox://replay/args-${nextModel++}.json`);
        const schemas = (jsonDefaults.diagnosticsOptions.schemas ?? []).filter((s) => !s.uri.startsWith('glassbox://replay/'));
        if (schema) schemas.push({ uri: `${uri.toString()}#schema`, fileMatch: [uri.toString()], schema });
        // Schema violations as errors (the JSON service's default is a warning), so they block Run.
        jsonDefaults.setDiagnosticsOptions({ validate: true, allowComments: false, enableSchemaRequest: false, schemaValidation: 'error', schemaRequest: 'ignore', schemas });
        const model = monaco.editor.createModel(initial, 'json', uri);
        const editor = monaco.editor.create(host.current, {
          model,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 12,
          theme: monacoTheme(),
          tabSize: 2,
        });
        const report = (): void => callbacks.current.onProblems(schemaProblems(monaco.editor.getModelMarkers({ resource: uri }) as Monaco.editor.IMarker[]));
        const subs = [
          model.onDidChangeContent(() => callbacks.current.onChange(model.getValue())),
          monaco.editor.onDidChangeMarkers((uris) => {
            if (uris.some((u) => u.toString() === uri.toString())) report();
          }),
        ];
        cleanup = () => {
          subs.forEach((s) => s.dispose());
          editor.dispose();
          model.dispose();
        };
      },
      (err: unknown) => setFailed(String((err as Error)?.message ?? err)),
    );
    return () => {
      disposed = true;
      cleanup?.();
    };
    // The editor is created once per mount; `initial` and `schema` apply at creation.
  }, []);

  if (failed) return <div className="wb-error">The JSON editor failed to load: {failed}</div>;
  return <div className="wb-editor" ref={host} data-testid="replay-args-editor" />;
}
