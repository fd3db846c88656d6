import { Fragment } from 'react';
import { nameParts } from './name-parts';

/**
 * A tool name that wraps at its own word breaks (after `_`, `-`, `.`, `/`, `:`) instead of being
 * cut: `mcp_everything_<wbr>get-<wbr>structured-<wbr>content`. Its text is the name exactly.
 */
export function BreakableName({ name }: { name: string }) {
  const parts = nameParts(name);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
