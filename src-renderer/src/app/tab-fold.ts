/**
 * Which of the right column's tabs stay in its one-line strip and which fold into its *More*
 * menu (⋯), for the room the strip has: tabs keep their order and their names whole; from the
 * first that does not fit (with room kept for ⋯) the rest fold, except the active tab, which
 * always stays in the line (it takes the place of the last one that would have fit).
 *
 * `widths`: each tab's width in px (with its gap); `room`: the strip's content width; `more`: the
 * width of the ⋯ button. Returns the indexes of the tabs shown in the line, in order (all of them
 * when everything fits).
 */
export function tabsInLine(widths: readonly number[], room: number, active: number, more: number): number[] {
  const all = widths.map((_, i) => i);
  if (widths.reduce((a, b) => a + b, 0) <= room) return all;
  const shown: number[] = [];
  let used = more + (active >= 0 && active < widths.length ? widths[active]! : 0);
  for (const i of all) {
    if (i === active) continue;
    if (used + widths[i]! > room) break;
    shown.push(i);
    used += widths[i]!;
  }
  if (active >= 0 && active < widths.length) shown.push(active);
  return shown.sort((a, b) => a - b);
}
