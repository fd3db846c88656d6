/**
 * A count with its noun, singular or plural as English wants it: `plural(1, 'call')` is
 * "1 call", `plural(2, 'call')` "2 calls", `plural(0, 'entry', 'entries')` "0 entries". Numbers
 * are grouped (1,000). Every count the window shows goes through this.
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
