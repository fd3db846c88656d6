import { describe, expect, it } from 'vitest';
import type { TimeAxis, TimeSpan } from '../../../../src-shared/read-models/time-axis';
import { drawAxis, type AxisColors, type AxisContext } from './time-axis-draw';
import { packAxis } from './time-axis-pack';

const colors: AxisColors = { fg: 'fg', muted: 'muted', grid: 'grid', accent: 'accent', ok: 'ok', error: 'error', warn: 'warn', bg: 'bg' };

/** A 2D context that records the bars filled (x, y, width) and the colours they were filled in. */
function recorder() {
  const rects: { x: number; y: number; w: number; fill: string }[] = [];
  const strokes: { x: number; y: number }[] = [];
  const texts: { text: string; x: number; w: number }[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textBaseline: '',
    clearRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    stroke() {},
    // 6 px a character, as the ruler's 10 px font about is.
    measureText(text: string) {
      return { width: text.length * 6 };
    },
    fillText(text: string, x: number) {
      texts.push({ text, x, w: text.length * 6 });
    },
    fillRect(x: number, y: number, w: number) {
      rects.push({ x, y, w, fill: ctx.fillStyle });
    },
    strokeRect(x: number, y: number) {
      strokes.push({ x, y });
    },
  };
  return { ctx: ctx as unknown as AxisContext, rects, strokes, texts };
}

/** `n` calls of 10 ms, 100 ms apart, in the shell lane; one long one spanning the whole session. */
function axisOf(n: number): TimeAxis {
  const spans: TimeSpan[] = [{ lane: 'shell', row: 1, start: 0, end: n * 100, kind: 'call', label: 'long', status: 'error', callId: 'long', critical: false }];
  for (let i = 0; i < n; i++) spans.push({ lane: 'shell', row: 0, start: i * 100, end: i * 100 + 10, kind: 'call', label: 'bash', status: 'ok', callId: `c${i}`, critical: i === n - 1 });
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  return { lanes: [{ id: 'shell', label: 'Shell', rows: 2 }], spans, start: 0, end: n * 100 };
}

describe('drawAxis', () => {
  it('draws the bars in the window only, and the long bar that reaches into it from before', () => {
    const axis = axisOf(10_000);
    const { ctx, rects } = recorder();
    // 500 ms in the middle, 1000 px wide: five short bars and the long one.
    const drawn = drawAxis(ctx, packAxis(axis), { t0: 500_000, t1: 500_500, width: 1000, height: 60 }, colors, null, []);
    expect(drawn).toBe(6);
    const bars = rects.filter((r) => r.fill === 'ok');
    expect(bars.map((r) => Math.round(r.x))).toEqual([0, 200, 400, 600, 800]);
    expect(bars.every((r) => Math.round(r.w) === 20)).toBe(true);
    // The long bar (row 1, an error) covers the whole width.
    expect(rects.filter((r) => r.fill === 'error').map((r) => [r.x, r.w])).toEqual([[0, 1000]]);
  });

  it('merges bars that fall on pixels already drawn when zoomed out', () => {
    const axis = axisOf(10_000);
    const { ctx, rects } = recorder();
    const drawn = drawAxis(ctx, packAxis(axis), { t0: 0, t1: 1_000_000, width: 500, height: 60 }, colors, null, []);
    // 10,000 bars on 500 px: at most a bar per pixel of the row, plus the long one.
    expect(drawn).toBeLessThanOrEqual(501);
    expect(rects.filter((r) => r.fill === 'ok').length).toBeLessThanOrEqual(500);
  });

  it('underlines the critical path and outlines the selected bar even where it is merged into a neighbour', () => {
    const axis = axisOf(3);
    const p = packAxis(axis);
    const { ctx, rects, strokes } = recorder();
    const sel = axis.spans.findIndex((s) => s.callId === 'c1');
    drawAxis(ctx, p, { t0: 0, t1: 300, width: 300, height: 60 }, colors, 150, [sel]);
    expect(strokes).toHaveLength(1);
    expect(Math.round(strokes[0]!.x)).toBe(101);
    // The critical bar (c2, 200–210 ms) gets a 2 px line in the foreground colour below it.
    expect(rects.some((r) => r.fill === 'fg' && Math.round(r.x) === 200)).toBe(true);
    // The cursor line at 150 ms.
    expect(rects.some((r) => r.fill === 'error' && r.x === 149)).toBe(true);
  });

  it("keeps every tick label inside the axis: the last one goes left of its line when it would run past the end", () => {
    const axis = axisOf(10);
    // 0–1000 ms on 445 px: ticks every 200 ms, the one at 1000 ms 1 px from the end.
    for (const width of [445, 450, 455, 470, 500]) {
      const { ctx, texts } = recorder();
      drawAxis(ctx, packAxis(axis), { t0: 0, t1: 1000, width, height: 60 }, colors, null, []);
      expect(texts.length, `${width}`).toBeGreaterThan(2);
      for (const t of texts) {
        expect(t.x, `${t.text} at ${width}`).toBeGreaterThanOrEqual(0);
        expect(t.x + t.w, `${t.text} at ${width}`).toBeLessThanOrEqual(width);
      }
      // The others stay right of their lines.
      expect(texts[0]!.x).toBe(3.5);
    }
  });
});
