import { forwardRef, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { useApp } from '../../store/app-context';
import { mcpInspectorSelectors, type ComposerPrompt } from '../../store/mcp/inspector-selectors';
import { PromptArgsForm } from './PromptArgsForm';
import './inspector.css';

/** The resources and prompts attached to the next message, as chips (× takes one off). */
export function ComposerAttachments() {
  const attachments = useApp(mcpInspectorSelectors.attachments);
  const remove = useApp((s) => s.removeMcpAttachment);
  if (!attachments.length) return null;
  return (
    <div className="composer-mcp" data-testid="composer-attachments">
      {attachments.map((a, i) => {
        const label = a.kind === 'resource' ? `${a.server}: ${a.uri}` : `/${a.server}:${a.name}${Object.keys(a.args).length ? ` ${Object.entries(a.args).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`;
        return (
          <span key={i} className="composer-chip" data-testid="composer-attachment" title={a.kind === 'resource' ? 'This resource goes in front of your message' : "This prompt's messages go in front of your message"}>
            <span data-testid="composer-attachment-label">{label}</span>
            <button aria-label={`Remove ${label}`} onClick={() => remove(i)}>×</button>
          </span>
        );
      })}
    </div>
  );
}

/** What the composer asks of the popup for its keys. */
export interface PromptPopupHandle {
  /** Handles a key of the message box; true when the popup used it. */
  onKey(e: React.KeyboardEvent): boolean;
}

const SLASH = /^\/(\S*)$/;

/** Whether the message box's text opens the `/server:prompt` popup. */
export function isPromptCommand(text: string): boolean {
  return SLASH.test(text);
}

/**
 * The `/server:prompt` popup over the message box: the prompts of every connected server
 * matching what is typed (↑/↓, Enter or Tab to take one), then its arguments with completion;
 * the prompt is attached to the next message (a chip) and the box is cleared for your text.
 */
export const PromptPopup = forwardRef<PromptPopupHandle, { text: string; setText(t: string): void; done(): void }>(function PromptPopup({ text, setText, done }, ref) {
  const prompts = useApp(mcpInspectorSelectors.composerPrompts);
  const loadAll = useApp((s) => s.loadAllMcpPrompts);
  const attach = useApp((s) => s.addMcpAttachment);
  // The popup's own: which row is highlighted and which prompt is being filled in.
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<ComposerPrompt | null>(null);
  const typed = SLASH.exec(text)?.[1] ?? null;
  useEffect(() => {
    if (typed !== null) void loadAll();
    // Once per opening of the popup, not per key.
  }, [typed !== null]);
  useEffect(() => {
    if (chosen && text !== `/${chosen.server}:${chosen.prompt.name}`) setChosen(null);
  }, [text, chosen]);
  const matches = useMemo(() => {
    if (typed === null) return [];
    const q = typed.toLowerCase();
    const name = (p: ComposerPrompt): string => `${p.server}:${p.prompt.name}`.toLowerCase();
    return [...prompts.filter((p) => name(p).startsWith(q)), ...prompts.filter((p) => !name(p).startsWith(q) && name(p).includes(q))].slice(0, 30);
  }, [prompts, typed]);
  const finish = (p: ComposerPrompt, args: Record<string, string>): void => {
    attach({ kind: 'prompt', server: p.server, name: p.prompt.name, args });
    setChosen(null);
    setText('');
    done();
  };
  const pick = (p: ComposerPrompt): void => {
    if (!p.prompt.arguments.length) return finish(p, {});
    setText(`/${p.server}:${p.prompt.name}`);
    setChosen(p);
  };
  useImperativeHandle(ref, () => ({
    onKey: (e) => {
      if (chosen || typed === null || !matches.length) return false;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
        return true;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        const exact = matches.find((m) => `${m.server}:${m.prompt.name}` === typed);
        pick(exact ?? matches[Math.min(active, matches.length - 1)]!);
        return true;
      }
      return false;
    },
  }));
  if (chosen) {
    return (
      <div className="prompt-popup" data-testid="prompt-popup" onKeyDown={(e) => e.key === 'Escape' && (setChosen(null), done())}>
        <div className="small">
          <strong>/{chosen.server}:{chosen.prompt.name}</strong> {chosen.prompt.description ? <span className="muted">{chosen.prompt.description}</span> : null}
        </div>
        <PromptArgsForm server={chosen.server} prompt={chosen.prompt} submitLabel="Attach to message" autoFocus testId="prompt-popup-form" onSubmit={(args) => finish(chosen, args)} />
      </div>
    );
  }
  if (typed === null) return null;
  return (
    <div className="prompt-popup" data-testid="prompt-popup">
      {matches.length ? (
        <ul role="listbox">
          {matches.map((p, i) => (
            <li
              key={`${p.server}:${p.prompt.name}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              data-testid="prompt-option"
              data-prompt={`${p.server}:${p.prompt.name}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              <code>
                /{p.server}:{p.prompt.name}
              </code>
              <span className="small muted">{p.prompt.arguments.map((a) => a.name + (a.required ? '*' : '')).join(' ')}</span>
              <span className="small muted mi-grow">{p.prompt.description ?? ''}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="small muted">{prompts.length ? 'No prompt matches.' : 'No MCP server offers prompts.'}</span>
      )}
    </div>
  );
});
