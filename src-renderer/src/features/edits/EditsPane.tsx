import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EditRecord } from '../../../../src-shared/contract/workbench-views';
import { useGlassboxApi } from '../../app/app-context';
import { DiffView } from './DiffView';
import { describeEdit, groupEditsByFile, shortPath } from './edit-files';
import '../workbench.css';

// The selection survives switching tabs (the pane unmounts).
let remembered: { path: string | null; index: number | null } = { path: null, index: null };

/**
 * Every `str_replace_editor` change of the session as a diff; several edits to one file are
 * browsed in order; undo runs the editor's `undo_edit` through the tool path (so it is
 * recorded and appears here as an edit of its own).
 */
export function EditsPane() {
  const api = useGlassboxApi();
  const [edits, setEdits] = useState<EditRecord[]>([]);
  const [path, setPath] = useState<string | null>(remembered.path);
  // null = follow the latest edit of the file.
  const [index, setIndex] = useState<number | null>(remembered.index);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    api.edits.list().then(setEdits, (err: unknown) => setMessage({ ok: false, text: String((err as Error).message ?? err) }));
  }, [api]);

  useEffect(() => {
    reload();
    const offs = [
      api.agent.onEvent((e) => {
        if (e.type === 'tool_execution_end' && e.tool === 'str_replace_editor') reload();
      }),
      api.sessions.onSwitched(() => {
        remembered = { path: null, index: null };
        setPath(null);
        setIndex(null);
        reload();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [api, reload]);

  useEffect(() => {
    remembered = { path, index };
  }, [path, index]);

  const files = useMemo(() => groupEditsByFile(edits), [edits]);
  const file = files.find((f) => f.path === path) ?? files[0];
  const i = file ? Math.min(index ?? file.edits.length - 1, file.edits.length - 1) : 0;
  const edit = file?.edits[i];

  const undo = async (): Promise<void> => {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const r = await api.edits.undo(file.path);
      setMessage(r);
      setIndex(null);
      reload();
    } catch (err) {
      setMessage({ ok: false, text: String((err as Error).message ?? err) });
    } finally {
      setBusy(false);
    }
  };

  if (!files.length) {
    return (
      <div className="wb-pane" data-testid="edits-pane">
        <p className="muted pad">No edits yet. Every change the agent makes with the file editor shows here as a diff you can undo.</p>
      </div>
    );
  }
  return (
    <div className="wb-pane" data-testid="edits-pane">
      <div className="wb-files" role="listbox" aria-label="Edited files">
        {files.map((f) => (
          <button
            key={f.path}
            role="option"
            aria-selected={f === file}
            className={f === file ? 'active' : ''}
            title={f.path}
            data-testid="edited-file"
            data-path={f.path}
            onClick={() => {
              setPath(f.path);
              setIndex(null);
            }}
          >
            {shortPath(f.path)} <span className="wb-count">{f.edits.length}</span>
          </button>
        ))}
      </div>
      {file && edit ? (
        <>
          <div className="wb-toolbar">
            <button onClick={() => setIndex(Math.max(0, i - 1))} disabled={i === 0} data-testid="edit-prev" title="Previous edit of this file">
              ◀
            </button>
            <span data-testid="edit-position">
              Edit {i + 1} of {file.edits.length}
            </span>
            <button onClick={() => setIndex(i + 1 >= file.edits.length - 1 ? null : i + 1)} disabled={i >= file.edits.length - 1} data-testid="edit-next" title="Next edit of this file">
              ▶
            </button>
            <span className="muted" data-testid="edit-kind">
              {describeEdit(edit)} · {new Date(edit.ts).toLocaleTimeString()}
            </span>
            <span className="wb-spacer" />
            <button onClick={() => void undo()} disabled={busy} data-testid="edit-undo" title="Runs str_replace_editor undo_edit on this file: reverts its last edit">
              Undo last edit
            </button>
          </div>
          <div className="wb-path" title={file.path}>{file.path}</div>
          {message ? (
            <pre className={message.ok ? 'wb-ok' : 'wb-error'} data-testid="edit-undo-result">
              {message.text}
            </pre>
          ) : null}
          {edit.tooLarge ? (
            <p className="muted pad">This file is too large to show as a diff.</p>
          ) : (
            <DiffView original={edit.before} modified={edit.after} path={edit.path} testId="edit-diff" />
          )}
        </>
      ) : null}
    </div>
  );
}
