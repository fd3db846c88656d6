import { useEffect, useRef, useState } from 'react';

/**
 * A text field that asks the server for completions as you type (MCP `completion/complete`)
 * and offers them in a small list: ↑/↓ to move, Enter or Tab to take one, Esc to close.
 */
export function CompletingInput({
  value,
  onChange,
  complete,
  testId,
  label,
  autoFocus,
}: {
  value: string;
  onChange(v: string): void;
  /** Suggestions for what is typed (the action; [] when there are none). */
  complete(typed: string): Promise<string[]>;
  testId?: string;
  label: string;
  autoFocus?: boolean;
}) {
  // The suggestions belong to this field only, while it is focused: component state.
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const asked = useRef(0);
  // The latest `complete` without re-asking on every render (callers pass a fresh closure).
  const completeRef = useRef(complete);
  completeRef.current = complete;
  useEffect(() => {
    if (!open) return;
    const n = ++asked.current;
    const t = setTimeout(() => {
      void completeRef.current(value).then((v) => {
        if (n === asked.current) {
          setSuggestions(v.filter((s) => s !== value).slice(0, 50));
          setActive(0);
        }
      });
    }, 120);
    return () => clearTimeout(t);
  }, [value, open]);
  const take = (s: string): void => {
    onChange(s);
    setSuggestions([]);
  };
  return (
    <div className="mi-complete">
      <input
        type="text"
        aria-label={label}
        data-testid={testId}
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (!open || !suggestions.length) return;
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
          } else if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            e.stopPropagation();
            take(suggestions[active]!);
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setSuggestions([]);
          }
        }}
      />
      {open && suggestions.length ? (
        <ul className="mi-suggest" role="listbox" data-testid={testId ? `${testId}-suggestions` : undefined}>
          {suggestions.map((s, i) => (
            <li
              key={s}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              data-testid="completion-option"
              onMouseDown={(e) => {
                e.preventDefault();
                take(s);
              }}
            >
              {s}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
