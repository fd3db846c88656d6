import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { ToolSource } from '../../../src-shared/events/event-types';
import type { FunctionToolParam, Tool, ToolContext } from './tool';
import { errorResult, type ToolResult } from '../../../src-shared/events/tool-result';

// ajv (+ ajv-formats) costs ~0.1 s of CPU to load and only argument validation needs it, so
// it is required when the first call is validated (`tools list` and most starts never do).
const requireHere = createRequire(import.meta.url);
function newAjv(): Ajv {
  const { Ajv: AjvClass } = requireHere('ajv') as typeof import('ajv');
  // ajv-formats is CJS with a `default` property; take whichever is the function.
  const formats = requireHere('ajv-formats') as { default?: unknown };
  const addFormats = (formats.default ?? formats) as (a: Ajv) => Ajv;
  const ajv = new AjvClass({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  return ajv;
}

/** A tool that lost a name clash: the first registered keeps the name. */
export interface ToolConflict {
  name: string;
  kept: ToolSource;
  rejected: ToolSource;
}

/** Formats ajv errors as one readable line per violation. */
export function formatSchemaErrors(errors: ErrorObject[] | null | undefined): string {
  if (!errors?.length) return 'invalid arguments';
  return errors
    .map((e) => {
      const path = e.instancePath.slice(1).replace(/\//g, '.');
      const where = path ? `'${path}'` : 'arguments';
      // Nested objects name the full path (`options.depth`), not just the last key.
      const inside = path ? `${path}.` : '';
      if (e.keyword === 'required') return `missing required argument '${inside}${(e.params as { missingProperty: string }).missingProperty}'`;
      if (e.keyword === 'additionalProperties')
        return `unknown argument '${inside}${(e.params as { additionalProperty: string }).additionalProperty}'`;
      if (e.keyword === 'enum')
        return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      return `${where} ${e.message ?? 'is invalid'}`;
    })
    .join('\n');
}

/**
 * The name table of tools the agent sees. First registration wins; later ones with the same
 * name are recorded as conflicts and reported (never silently dropped). `execute` never throws.
 */
export class ToolCollection {
  private readonly tools = new Map<string, Tool>();
  private readonly validators = new Map<string, ValidateFunction>();
  private ajv: Ajv | undefined;
  readonly conflicts: ToolConflict[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(tools: Tool[] = []) {
    for (const t of tools) this.add(t);
  }

  /** Adds a tool; returns false (and records a conflict) when the name is taken. */
  add(tool: Tool): boolean {
    const source = tool.source ?? 'builtin';
    const existing = this.tools.get(tool.name);
    if (existing) {
      this.conflicts.push({ name: tool.name, kept: existing.source ?? 'builtin', rejected: source });
      return false;
    }
    if (!tool.source) tool.source = source;
    this.tools.set(tool.name, tool);
    this.validators.delete(tool.name);
    this.changed();
    return true;
  }

  /** Removes a tool by name (only if it is the given instance, when one is passed). */
  remove(name: string, instance?: Tool): boolean {
    const t = this.tools.get(name);
    if (!t || (instance && t !== instance)) return false;
    this.tools.delete(name);
    this.validators.delete(name);
    this.changed();
    return true;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  list(): Tool[] {
    return [...this.tools.values()];
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** Calls `fn` whenever tools are added or removed; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  /** Tools in OpenAI function-calling format (the model's: an MCP App's own tools are left out). */
  toParams(): FunctionToolParam[] {
    return this.list().filter((t) => !t.appOnly).map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    }));
  }

  /** Validates args against the tool's schema; returns a readable message or null. */
  validate(tool: Tool, args: unknown): string | null {
    let v = this.validators.get(tool.name);
    if (!v) {
      this.ajv ??= newAjv();
      try {
        v = this.ajv.compile(tool.validationSchema ?? tool.inputSchema);
      } catch (err) {
        return `the tool's input schema is invalid: ${(err as Error).message}`;
      }
      this.validators.set(tool.name, v);
    }
    return v(args) ? null : formatSchemaErrors(v.errors);
  }

  /** Looks up a tool and validates args; returns the tool or the error result to give back. */
  check(name: string, args: unknown): { tool: Tool; args: Record<string, unknown> } | { error: ToolResult } {
    const tool = this.tools.get(name);
    if (!tool) {
      const names = this.names();
      return {
        error: errorResult(`Unknown tool '${name}'. Available tools: ${names.length ? names.join(', ') : '(none)'}`),
      };
    }
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      return { error: errorResult(`Invalid arguments for ${name}: arguments must be a JSON object`) };
    }
    const invalid = this.validate(tool, args);
    if (invalid) return { error: errorResult(`Invalid arguments for ${name}:\n${invalid}`) };
    const refused = tool.checkArgs?.(args as Record<string, unknown>);
    if (refused) return { error: errorResult(`Invalid arguments for ${name}: ${refused}`) };
    return { tool, args: args as Record<string, unknown> };
  }

  /**
   * Runs a checked tool; an exception (thrown or rejected) becomes an error result with its
   * message. Not `async`: the tool's own promise is passed on with one catch handler instead of
   * being awaited and re-wrapped (every MCP call goes through here).
   */
  invoke(tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const failed = (err: unknown): ToolResult => errorResult(`Tool '${tool.name}' failed: ${err instanceof Error ? err.message : String(err)}`);
    try {
      return Promise.resolve(tool.execute(args, ctx)).catch(failed);
    } catch (err) {
      return Promise.resolve(failed(err));
    }
  }

  /** Looks up, validates and runs a tool. Never throws: every failure is an error result. */
  execute(name: string, args: unknown, ctx: ToolContext): Promise<ToolResult> {
    const checked = this.check(name, args);
    if ('error' in checked) return Promise.resolve(checked.error);
    return this.invoke(checked.tool, checked.args, ctx);
  }

  /** Disposes every tool (closes shells, processes). */
  async dispose(): Promise<void> {
    await Promise.allSettled(this.list().map((t) => t.dispose?.()));
  }
}
