/**
 * Remembers the last result of a pure derivation of one or more inputs (by identity), so a
 * selector that builds a new array returns the same one until its inputs change: zustand
 * re-renders whenever a selector's result is a new object.
 */
export function memoLast<A extends unknown[], R>(derive: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | null = null;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i]))) return last.result;
    last = { args, result: derive(...args) };
    return last.result;
  };
}
