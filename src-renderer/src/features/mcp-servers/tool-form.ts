/** One field of the form a tool's JSON Schema becomes (its top-level properties). */
export interface ToolField {
  name: string;
  title: string;
  description?: string;
  /** `json`: arrays, objects and anything else, typed as JSON. */
  type: 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';
  required: boolean;
  options?: string[];
  /** The schema's default, as the field starts. */
  initial: string | boolean;
  /** What the JSON field expects (for its placeholder). */
  shape?: string;
}

type Prop = Record<string, unknown>;

function typeOf(p: Prop): string | undefined {
  if (typeof p.type === 'string') return p.type;
  // ["string", "null"] and friends: the first type that is not null.
  if (Array.isArray(p.type)) return (p.type as unknown[]).find((t) => t !== 'null') as string | undefined;
  return undefined;
}

/** Reads the fields of a tool's input schema. Pure. */
export function toolFields(schema: unknown): ToolField[] {
  const s = (schema ?? {}) as { properties?: Record<string, Prop>; required?: unknown };
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return Object.entries(s.properties ?? {}).map(([name, raw]) => {
    const p = (raw && typeof raw === 'object' ? raw : {}) as Prop;
    const t = typeOf(p);
    const values = Array.isArray(p.enum) && p.enum.every((v) => typeof v === 'string') ? (p.enum as string[]) : undefined;
    const type: ToolField['type'] = values ? 'enum' : t === 'string' || t === 'number' || t === 'integer' || t === 'boolean' ? t : 'json';
    const f: ToolField = { name, title: typeof p.title === 'string' ? p.title : name, type, required: required.has(name), initial: type === 'boolean' ? p.default === true : '' };
    if (typeof p.description === 'string') f.description = p.description;
    if (values) f.options = values;
    if (p.default !== undefined && type !== 'boolean') f.initial = type === 'json' ? JSON.stringify(p.default) : String(p.default);
    if (type === 'json') f.shape = t === 'array' ? '[ … ]' : t === 'object' ? '{ … }' : 'JSON';
    return f;
  });
}

/**
 * The arguments the form's values make, and what is wrong with them. An empty optional field
 * is left out (the server's default applies); an untouched optional checkbox is left out too
 * unless the schema gave it a default. Pure.
 */
export function toolArgs(fields: ToolField[], raw: Record<string, string | boolean>, touched: ReadonlySet<string> = new Set()): { args: Record<string, unknown>; errors: string[] } {
  const args: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const f of fields) {
    const v = raw[f.name];
    if (f.type === 'boolean') {
      if (f.required || touched.has(f.name) || v === true) args[f.name] = v === true;
      continue;
    }
    const s = typeof v === 'string' ? v : '';
    if (s.trim() === '') {
      if (f.required) errors.push(`${f.title} is required.`);
      continue;
    }
    if (f.type === 'number' || f.type === 'integer') {
      const n = Number(s);
      if (!Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n))) errors.push(`${f.title} must be ${f.type === 'integer' ? 'a whole number' : 'a number'}.`);
      else args[f.name] = n;
    } else if (f.type === 'json') {
      try {
        args[f.name] = JSON.parse(s);
      } catch (err) {
        errors.push(`${f.title} is not valid JSON: ${(err as Error).message}`);
      }
    } else args[f.name] = s;
  }
  return { args, errors };
}
