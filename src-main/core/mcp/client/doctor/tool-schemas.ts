import type { Tool } from '@modelcontextprotocol/client';
import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';

const requireHere = createRequire(import.meta.url);

type Dialect = '2020' | '2019' | '07';

/** The Ajv of a JSON Schema dialect (MCP's default is 2020-12; many servers declare draft-07). */
function ajvFor(dialect: Dialect, cache: Map<Dialect, Ajv>): Ajv {
  let ajv = cache.get(dialect);
  if (!ajv) {
    const mod = dialect === '07' ? 'ajv' : dialect === '2019' ? 'ajv/dist/2019' : 'ajv/dist/2020';
    const Ctor = (requireHere(mod) as { default: new (o: object) => Ajv }).default;
    ajv = new Ctor({ strict: false, allErrors: false, validateFormats: false });
    cache.set(dialect, ajv);
  }
  return ajv;
}

function dialectOf(schema: Record<string, unknown>): Dialect {
  const s = typeof schema.$schema === 'string' ? schema.$schema : '';
  return /draft-0[4-7]/.test(s) ? '07' : /2019-09/.test(s) ? '2019' : '2020';
}

/** Tools whose input (or output) schema is not valid JSON Schema in the dialect it declares (default 2020-12), with the first problem. */
export function invalidToolSchemas(tools: Tool[]): Array<{ tool: string; problem: string }> {
  const cache = new Map<Dialect, Ajv>();
  const out: Array<{ tool: string; problem: string }> = [];
  for (const t of tools) {
    for (const [which, schema] of [['inputSchema', t.inputSchema], ['outputSchema', t.outputSchema]] as const) {
      if (schema === undefined) continue;
      const s = schema as Record<string, unknown>;
      const ajv = ajvFor(dialectOf(s), cache);
      // A draft-04/06 `$schema` is checked as draft-07 (Ajv ships that meta-schema); the URI itself is not the point.
      const checked = dialectOf(s) === '07' && !/draft-07/.test(String(s.$schema)) ? { ...s, $schema: 'http://json-schema.org/draft-07/schema#' } : s;
      if (!ajv.validateSchema(checked)) {
        const e = ajv.errors?.[0];
        out.push({ tool: t.name, problem: `${which}${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}` });
        continue;
      }
      try {
        ajv.compile(checked);
      } catch (err) {
        out.push({ tool: t.name, problem: `${which}: ${(err as Error).message}` });
      }
    }
  }
  return out;
}
