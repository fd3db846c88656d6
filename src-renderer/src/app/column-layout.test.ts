import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  fitColumns,
  gridColumns,
  loadLayout,
  MIN_CENTER,
  MIN_CENTER_ALONE,
  MIN_RIGHT,
  MIN_SIDEBAR,
  resizeSide,
  saveLayout,
  SPLITTER,
  toggleSide,
  type ColumnLayout,
} from './column-layout';

const center = (w: number, f: { sidebar: number; right: number }): number => w - f.sidebar - f.right - 2 * SPLITTER;

describe('column layout', () => {
  it('at 1400 and 1000 px both sides show and the conversation keeps its minimum', () => {
    for (const w of [1400, 1000]) {
      const f = fitColumns(defaultLayout(w), w);
      expect(f.sidebar).toBeGreaterThanOrEqual(MIN_SIDEBAR);
      expect(f.right).toBeGreaterThanOrEqual(MIN_RIGHT);
      expect(center(w, f)).toBeGreaterThanOrEqual(MIN_CENTER);
    }
  });

  it('at 800 px only one side fits: the sessions fold first, nothing is wider than the window', () => {
    const f = fitColumns(defaultLayout(800), 800);
    expect(f).toMatchObject({ sidebar: 0, sidebarFolded: true, rightFolded: false });
    expect(f.right).toBeGreaterThanOrEqual(MIN_RIGHT);
    expect(center(800, f)).toBeGreaterThanOrEqual(MIN_CENTER_ALONE);
  });

  it('a side left wide on a big screen gives the conversation its room on an 800 px one', () => {
    const f = fitColumns({ ...defaultLayout(1400), right: 900 }, 800);
    expect(f.sidebar).toBe(0);
    expect(center(800, f)).toBe(MIN_CENTER);
    expect(f.right).toBeGreaterThanOrEqual(MIN_RIGHT);
  });

  it('showing the folded sessions at 800 px keeps them and folds the panes; at 1400 px both come back', () => {
    const l = toggleSide(defaultLayout(800), 'sidebar', 800);
    expect(l).toMatchObject({ sidebarCollapsed: false, rightCollapsed: false, prefer: 'sidebar' });
    expect(fitColumns(l, 800)).toMatchObject({ right: 0, rightFolded: true });
    expect(fitColumns(l, 800).sidebar).toBeGreaterThan(0);
    const wide = fitColumns(l, 1400);
    expect(wide.sidebar && wide.right).toBeGreaterThan(0);
  });

  it('hiding the only side shown never brings out the folded one', () => {
    const l = toggleSide(defaultLayout(800), 'right', 800);
    expect(l).toMatchObject({ rightCollapsed: true, sidebarCollapsed: true });
    expect(fitColumns(l, 800)).toMatchObject({ sidebar: 0, right: 0 });
    // and showing it again gives it back at its width
    expect(fitColumns(toggleSide(l, 'right', 800), 800).right).toBe(fitColumns(defaultLayout(800), 800).right);
  });

  it('a narrow window shrinks the sides without changing the choice: widening gives the widths back', () => {
    const l: ColumnLayout = { ...defaultLayout(1400), sidebar: 300, right: 700 };
    const narrow = fitColumns(l, 1000);
    expect(center(1000, narrow)).toBeGreaterThanOrEqual(MIN_CENTER);
    expect(narrow.right).toBeLessThan(700);
    expect(fitColumns(l, 1600)).toMatchObject({ sidebar: 300, right: 700 });
  });

  it('dragging a side past the conversation minimum stops there; limits hold both ways', () => {
    const l = defaultLayout(1400);
    const wide = resizeSide(l, 'right', 5000, 1400);
    expect(center(1400, fitColumns(wide, 1400))).toBe(MIN_CENTER);
    expect(resizeSide(l, 'right', 10, 1400).right).toBe(MIN_RIGHT);
    expect(resizeSide(l, 'sidebar', 10, 1400).sidebar).toBe(MIN_SIDEBAR);
  });

  it('hidden sides take no room in the grid', () => {
    const l = { ...defaultLayout(1400), sidebarCollapsed: true };
    expect(gridColumns(fitColumns(l, 1400))).toMatch(/^0px 8px minmax\(0, 1fr\) 8px \d+px$/);
  });

  it('no window from 800 to 2560 px gets columns wider than itself', () => {
    const choices: ColumnLayout[] = [
      defaultLayout(1400),
      { sidebar: 480, right: 4000, sidebarCollapsed: false, rightCollapsed: false, prefer: 'sidebar' },
      { sidebar: 160, right: 300, sidebarCollapsed: true, rightCollapsed: false, prefer: 'right' },
    ];
    for (const l of choices) for (let w = 800; w <= 2560; w += 37) expect(center(w, fitColumns(l, w))).toBeGreaterThanOrEqual(MIN_CENTER_ALONE);
  });

  it('what is kept in storage comes back; garbage or missing storage gives the default', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const l: ColumnLayout = { sidebar: 222, right: 555, sidebarCollapsed: true, rightCollapsed: false, prefer: 'sidebar' };
    saveLayout(l, storage);
    expect(loadLayout(1400, storage)).toEqual(l);
    store.set('glassbox.columns', '{"sidebar":"wide"}');
    expect(loadLayout(1400, storage)).toEqual(defaultLayout(1400));
    store.set('glassbox.columns', 'not json');
    expect(loadLayout(1400, storage)).toEqual(defaultLayout(1400));
    expect(loadLayout(1000, undefined)).toEqual(defaultLayout(1000));
    // out-of-range numbers are brought within the limits
    store.set('glassbox.columns', JSON.stringify({ ...l, sidebar: -50, right: 1e9 }));
    expect(loadLayout(1400, storage)).toMatchObject({ sidebar: MIN_SIDEBAR, right: 4000 });
  });
});
