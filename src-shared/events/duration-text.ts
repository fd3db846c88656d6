/**
 * A duration in the units a person reads: `850 ms`, `8.3 s`, `42 s`, `1 min 12 s`, `2 h 5 min`.
 * Never a raw count of milliseconds above one second. Not a number (a crafted or damaged
 * record) reads as an empty string.
 */
export function durationText(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  // 9.96 s rounds to "10.0 s" at one decimal: compare the rounded value.
  if (Math.round(s * 10) < 100) return `${(Math.round(s * 10) / 10).toFixed(1)} s`;
  const whole = Math.round(s);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) {
    const min = Math.floor(whole / 60);
    const sec = whole % 60;
    return sec ? `${min} min ${sec} s` : `${min} min`;
  }
  const h = Math.floor(whole / 3600);
  const min = Math.round((whole % 3600) / 60);
  return min ? `${h} h ${min} min` : `${h} h`;
}
