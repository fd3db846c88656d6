import type { Page } from 'playwright-core';

/**
 * Text on screen whose contrast with what is behind it is under WCAG AA (4.5:1, or 3:1 for large
 * or bold-and-14px text), within `root` (a CSS selector): "text — 2.9:1 (color on background)".
 * The background is the nearest opaque one up the tree (translucent layers mixed over it).
 */
export function lowContrast(page: Page, root: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const parse = (c: string): [number, number, number, number] => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
    };
    const lum = ([r, g, b]: number[]): number => {
      const f = (v: number): number => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const background = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let out = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) out = [r! * a! + out[0]! * (1 - a!), g! * a! + out[1]! * (1 - a!), b! * a! + out[2]! * (1 - a!)];
      return out;
    };
    const out: string[] = [];
    for (const r of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        const el = n.parentElement;
        if (!text || !el || el.closest('[aria-hidden="true"], .monaco-editor, canvas, iframe, option, select')) continue;
        const box = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        if (box.width === 0 || cs.visibility === 'hidden' || Number(cs.opacity) === 0 || el.closest('.visually-hidden')) continue;
        const fg = parse(cs.color);
        const bg = background(el);
        const mixed = [fg[0] * fg[3] + bg[0]! * (1 - fg[3]), fg[1] * fg[3] + bg[1]! * (1 - fg[3]), fg[2] * fg[3] + bg[2]! * (1 - fg[3])];
        const [a, b] = [lum(mixed), lum(bg)];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        const size = parseFloat(cs.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
        // Disabled controls are exempt (WCAG 1.4.3).
        if ((el.closest('button, input, textarea') as HTMLButtonElement | null)?.disabled) continue;
        if (ratio < (large ? 3 : 4.5)) out.push(`${text.slice(0, 40)} — ${ratio.toFixed(2)}:1 (${cs.color} on rgb(${bg.map(Math.round).join(', ')}))`);
      }
    }
    return [...new Set(out)];
  }, root);
}
