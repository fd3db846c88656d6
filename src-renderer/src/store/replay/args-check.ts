/** The editor's arguments text as an object, or why it cannot be sent. Pure. */
export function parseArgsText(text: string): { ok: true; args: Record<string, unknown> } | { ok: false; reason: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `Not valid JSON: ${(err as Error).message}` };
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return { ok: false, reason: 'Arguments must be a JSON object.' };
  return { ok: true, args: v as Record<string, unknown> };
}

/** A marker as Monaco reports it (the subset the pane uses). */
export interface SchemaMarker {
  severity: number;
  message: string;
  startLineNumber: number;
}

/** Monaco's MarkerSeverity.Error. */
export const MARKER_ERROR = 8;

/** Schema problems Monaco's JSON service found, one line each (errors only). */
export function schemaProblems(markers: readonly SchemaMarker[]): string[] {
  return markers.filter((m) => m.severity >= MARKER_ERROR).map((m) => `line ${m.startLineNumber}: ${m.message}`);
}
