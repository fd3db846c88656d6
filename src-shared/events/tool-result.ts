/** An image a tool produced, base64-encoded. */
export interface ToolImage {
  data: string;
  mimeType: string;
}

/**
 * What a tool returns. Every field is optional; a result with none set is "empty".
 * `output` is for the model, `error` is shown to the model as `Error: …`, `system` is a note
 * from Glassbox (e.g. "shell restarted"), `metadata` is for the UI and trace only.
 */
export interface ToolResult {
  output?: string;
  error?: string;
  images?: ToolImage[];
  system?: string;
  metadata?: Record<string, unknown>;
}

/** The wire form of a result in events and session files. */
export interface ToolResultRecord {
  output: string | null;
  error: string | null;
  images: ToolImage[];
  system: string | null;
  metadata?: Record<string, unknown>;
}

export function okResult(output: string, extra: Omit<ToolResult, 'output'> = {}): ToolResult {
  return { output, ...extra };
}

export function errorResult(error: string, extra: Omit<ToolResult, 'error'> = {}): ToolResult {
  return { error, ...extra };
}

/** True when no field carrying content is set. */
export function isEmptyResult(r: ToolResult): boolean {
  return !r.output && !r.error && !(r.images && r.images.length) && !r.system;
}

function joinText(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || a === '') return b === '' ? undefined : b;
  if (b === undefined || b === '') return a;
  return a + b;
}

/** Combines two results: text fields concatenated, image lists appended, metadata merged. */
export function combineResults(a: ToolResult, b: ToolResult): ToolResult {
  const out: ToolResult = {};
  const output = joinText(a.output, b.output);
  const error = joinText(a.error, b.error);
  const system = joinText(a.system, b.system);
  if (output !== undefined) out.output = output;
  if (error !== undefined) out.error = error;
  if (system !== undefined) out.system = system;
  const images = [...(a.images ?? []), ...(b.images ?? [])];
  if (images.length) out.images = images;
  if (a.metadata || b.metadata) out.metadata = { ...a.metadata, ...b.metadata };
  return out;
}

/**
 * The text the model sees. Output is never dropped when an error came with it (the seed
 * returned only stderr); the error is shown as `Error: …`.
 */
export function resultToModelText(r: ToolResult): string {
  const parts: string[] = [];
  if (r.output) parts.push(r.output);
  if (r.error) parts.push(`Error: ${r.error}`);
  if (r.system) parts.push(`[system] ${r.system}`);
  if (parts.length === 0) {
    return r.images && r.images.length ? `[${r.images.length} image(s)]` : 'Tool ran without output or errors';
  }
  return parts.join('\n');
}

/** True when the result reports a failure. */
export function isErrorResult(r: ToolResult): boolean {
  return typeof r.error === 'string' && r.error.length > 0;
}

/** Converts a result to its event/session form. */
export function toResultRecord(r: ToolResult): ToolResultRecord {
  const rec: ToolResultRecord = {
    output: r.output ?? null,
    error: r.error ?? null,
    images: r.images ?? [],
    system: r.system ?? null,
  };
  if (r.metadata && Object.keys(r.metadata).length) rec.metadata = r.metadata;
  return rec;
}

/** Converts an event/session record back to a result. */
export function fromResultRecord(rec: ToolResultRecord): ToolResult {
  const r: ToolResult = {};
  if (rec.output != null) r.output = rec.output;
  if (rec.error != null) r.error = rec.error;
  if (rec.images && rec.images.length) r.images = rec.images;
  if (rec.system != null) r.system = rec.system;
  if (rec.metadata) r.metadata = rec.metadata;
  return r;
}
