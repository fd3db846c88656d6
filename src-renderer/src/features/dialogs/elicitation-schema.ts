/** One field of an MCP elicitation form (MCP restricts requestedSchema to flat primitives). */
export interface FormField {
  name: string;
  title: string;
  description?: string;
  /** `multi`: an array of enum values (checkboxes). */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi';
  required: boolean;
  options?: Array<{ value: string; label: string }>;
  default?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** `multi`: how many may or must be chosen. */
  minItems?: number;
  maxItems?: number;
}

/** What the form holds for each field while it is filled: text, a checkbox, or the chosen values. */
export type FormValue = string | boolean | string[];

/** The enum values (and their titles) of a multi-select's `items`: `enum` (+`enumNames`) or `anyOf` of `const`/`title`. */
function itemOptions(items: unknown): Array<{ value: string; label: string }> | undefined {
  const it = (items ?? {}) as { enum?: unknown; enumNames?: unknown; anyOf?: unknown; oneOf?: unknown };
  if (Array.isArray(it.enum)) return it.enum.map((v, i) => ({ value: String(v), label: Array.isArray(it.enumNames) && typeof it.enumNames[i] === 'string' ? (it.enumNames[i] as string) : String(v) }));
  const alts = Array.isArray(it.anyOf) ? it.anyOf : Array.isArray(it.oneOf) ? it.oneOf : undefined;
  if (alts) return (alts as Array<{ const?: unknown; title?: unknown }>).filter((a) => a && a.const !== undefined).map((a) => ({ value: String(a.const), label: typeof a.title === 'string' ? a.title : String(a.const) }));
  return undefined;
}

/** The value a field starts with: its default, else empty. Pure. */
export function initialValue(f: FormField): FormValue {
  if (f.type === 'boolean') return Boolean(f.default);
  if (f.type === 'multi') return Array.isArray(f.default) ? f.default.map(String) : [];
  return f.default === undefined ? '' : String(f.default);
}

/** Reads the fields of a requestedSchema; unknown shapes become plain text fields. Pure. */
export function formFields(schema: unknown): FormField[] {
  const s = (schema ?? {}) as { properties?: Record<string, Record<string, unknown>>; required?: unknown };
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return Object.entries(s.properties ?? {}).map(([name, p]) => {
    const values = (p.enum ?? (Array.isArray(p.oneOf) ? (p.oneOf as Array<{ const?: unknown }>).map((o) => o.const) : undefined)) as unknown[] | undefined;
    const names = (p.enumNames ?? (Array.isArray(p.oneOf) ? (p.oneOf as Array<{ title?: string }>).map((o) => o.title) : undefined)) as Array<string | undefined> | undefined;
    const t = p.type;
    const multi = t === 'array' ? itemOptions(p.items) : undefined;
    const type: FormField['type'] = multi ? 'multi' : values ? 'enum' : t === 'number' || t === 'integer' || t === 'boolean' ? t : 'string';
    const f: FormField = { name, title: typeof p.title === 'string' ? p.title : name, type, required: required.has(name) };
    if (multi) f.options = multi;
    if (typeof p.description === 'string') f.description = p.description;
    if (values) f.options = values.map((v, i) => ({ value: String(v), label: names?.[i] ?? String(v) }));
    if (p.default !== undefined) f.default = p.default;
    if (typeof p.format === 'string') f.format = p.format;
    for (const k of ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const) if (typeof p[k] === 'number') f[k] = p[k] as number;
    return f;
  });
}

/** Converts form input (strings/booleans) to typed content and lists problems. Pure. */
export function formContent(fields: FormField[], raw: Record<string, FormValue>): { content: Record<string, unknown>; errors: string[] } {
  const content: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const f of fields) {
    const v = raw[f.name];
    if (f.type === 'boolean') {
      content[f.name] = Boolean(v);
      continue;
    }
    if (f.type === 'multi') {
      const chosen = Array.isArray(v) ? v : [];
      if (!chosen.length && f.required) errors.push(`${f.title}: choose at least one.`);
      else if (f.minItems !== undefined && chosen.length < f.minItems) errors.push(`${f.title}: choose at least ${f.minItems}.`);
      else if (f.maxItems !== undefined && chosen.length > f.maxItems) errors.push(`${f.title}: choose at most ${f.maxItems}.`);
      else if (chosen.length || f.required) content[f.name] = chosen;
      continue;
    }
    const s = typeof v === 'string' ? v : '';
    if (s === '') {
      if (f.required) errors.push(`${f.title} is required.`);
      continue;
    }
    if (f.type === 'number' || f.type === 'integer') {
      const n = Number(s);
      if (!Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n))) errors.push(`${f.title} must be ${f.type === 'integer' ? 'a whole number' : 'a number'}.`);
      else if (f.minimum !== undefined && n < f.minimum) errors.push(`${f.title} must be at least ${f.minimum}.`);
      else if (f.maximum !== undefined && n > f.maximum) errors.push(`${f.title} must be at most ${f.maximum}.`);
      else content[f.name] = n;
      continue;
    }
    if (f.minLength !== undefined && s.length < f.minLength) errors.push(`${f.title} needs at least ${f.minLength} characters.`);
    if (f.maxLength !== undefined && s.length > f.maxLength) errors.push(`${f.title} allows at most ${f.maxLength} characters.`);
    content[f.name] = s;
  }
  return { content, errors };
}
