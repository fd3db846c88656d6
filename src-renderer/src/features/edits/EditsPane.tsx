import { useEffect } from 'react';
import { useApp } from '../../store/app-context';
import { editsSelectors } from '../../store/edits/selectors';
import { DiffView } from './DiffView';
import { describeEdit, shortPath } from '../../store/edits/edited-files';
import '../workbench.css';

/**
 * Every `str_replace_editor` change of the session as a diff; several edits to one file are
 * browsed in order; undo runs the editor's `undo_edit` through the tool path (so it is
 * recorded and appears here as an edit of its own). The selection is the store's, so it
 * survives switching tabs (the pane unmounts).
 */
export function EditsPane() {
  const files = useApp(editsSelectors.files);
  const { file, index: i, edit } = useApp(editsSelectors.shown);
  const message = useApp(editsSelectors.message);
  const busy = useApp(editsSelectors.busy);
  const watch = useApp((s) => s.watchEdits);
  const showFile = useApp((s) => s.showEditedFile);
  const setIndex = useApp((s) => s.showEdit);
  const undoLastEdit = useApp((s) => s.undoLastEdit);

  useEffect(() => watch(), [watch]);

  const undo = async (): Promise<void> => {
    if (file) await undoLastEdit(file.path);
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
            onClick={() => showFile(f.path)}
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
