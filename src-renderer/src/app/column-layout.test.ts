import { describe, expect, it } from 'vitest';
import { defaultLayout, fitLayout, gridColumns, MIN_CENTER } from './column-layout';

describe('column layout', () => {
  it('at 1000 px the conversation keeps at least its minimum width', () => {
    const l = fitLayout(defaultLayout(1000), 1000);
    expect(1000 - l.sidebar - l.right - 16).toBeGreaterThanOrEqual(MIN_CENTER);
  });

  it('a right column dragged too wide gives way to the conversation; collapsed sides take no room', () => {
    const l = fitLayout({ sidebar: 240, right: 900, sidebarCollapsed: false, rightCollapsed: false }, 1400);
    expect(1400 - l.sidebar - l.right - 16).toBeGreaterThanOrEqual(MIN_CENTER);
    expect(gridColumns({ ...l, sidebarCollapsed: true })).toMatch(/^0px 8px/);
  });
});
