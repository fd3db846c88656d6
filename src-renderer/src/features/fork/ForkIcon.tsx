/**
 * The fork mark (a branch splitting in two), drawn as SVG: the "⑂" character is missing from
 * common Linux fonts (Debian's Chromium showed a box). Inherits the text colour and size.
 */
export function ForkIcon() {
  return (
    <svg className="fork-icon" width="0.9em" height="0.9em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <circle cx="4" cy="3" r="1.6" />
        <circle cx="12" cy="3" r="1.6" />
        <circle cx="8" cy="13" r="1.6" />
        <path d="M4 4.6v1.4c0 2 4 2 4 4v1.4M12 4.6v1.4c0 2-4 2-4 4" />
      </g>
    </svg>
  );
}
