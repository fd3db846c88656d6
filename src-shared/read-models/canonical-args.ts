/**
 * Tool arguments as canonical JSON: object keys sorted at every depth, so `{"a":1,"b":2}` and
 * `{"b":2,"a":1}` compare equal (a recorded fork matches calls by tool and arguments).
 */
export function canonicalArgs(args: unknown): string {
  return JSON.stringify(sortKeys(args)) ?? 'null';
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v as Record<string, unknown>).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}
