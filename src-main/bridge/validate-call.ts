import { METHOD_SPECS, type ArgSpec, type MethodName } from '../../src-shared/contract/methods';
import { type BridgeErrorInfo, type CallMessage } from '../../src-shared/contract/wire';
import { modelNameProblem } from '../../src-shared/contract/model-name';

/** A checked call, or why it was refused. */
export type CallCheck =
  | { ok: true; call: CallMessage & { method: MethodName } }
  | { ok: false; id: number | null; error: BridgeErrorInfo };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isOptional(spec: ArgSpec): boolean {
  return typeof spec === 'object' ? spec.optional === true : spec.endsWith('?');
}

/** Whether one argument matches its spec; returns what was expected when not. */
export function checkArg(spec: ArgSpec, value: unknown): { ok: true } | { ok: false; expected: string } {
  if (typeof spec === 'object') {
    if (value === undefined && spec.optional) return { ok: true };
    return typeof value === 'string' && spec.oneOf.includes(value)
      ? { ok: true }
      : { ok: false, expected: `one of ${spec.oneOf.map((s) => JSON.stringify(s)).join(', ')}` };
  }
  const optional = spec.endsWith('?');
  const base = optional ? spec.slice(0, -1) : spec;
  if (value === undefined && (optional || base === 'unknown')) return { ok: true };
  let ok: boolean;
  switch (base) {
    case 'string':
      ok = typeof value === 'string';
      break;
    case 'number':
      ok = typeof value === 'number' && Number.isFinite(value);
      break;
    case 'boolean':
      ok = typeof value === 'boolean';
      break;
    case 'object':
      ok = isPlainObject(value);
      break;
    case 'array':
      ok = Array.isArray(value);
      break;
    default:
      ok = true;
  }
  return ok ? { ok: true } : { ok: false, expected: base === 'object' ? 'an object' : `a ${base}` };
}

/** Checks beyond the types, for methods whose arguments have rules of their own: why refused, or null. */
const ARG_RULES: { readonly [M in MethodName]?: (args: unknown[]) => string | null } = {
  'sessions.setModel': (args) => modelNameProblem(args[0]),
};

/**
 * Validates an untrusted incoming message: its shape, that the method is in the contract, and
 * every argument against METHOD_SPECS (no extra arguments). Pure; table-tested.
 */
export function validateCall(message: unknown): CallCheck {
  if (!isPlainObject(message) || message.kind !== 'call') {
    return { ok: false, id: null, error: { code: 'BAD_MESSAGE', message: 'Expected a call message.' } };
  }
  const id = message.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
    return { ok: false, id: null, error: { code: 'BAD_MESSAGE', message: 'A call needs a numeric id.' } };
  }
  const method = message.method;
  if (typeof method !== 'string' || !Object.prototype.hasOwnProperty.call(METHOD_SPECS, method)) {
    return { ok: false, id, error: { code: 'UNKNOWN_METHOD', message: `Unknown method: ${String(method).slice(0, 100)}` } };
  }
  const args = message.args ?? [];
  if (!Array.isArray(args)) {
    return { ok: false, id, error: { code: 'BAD_ARGS', message: `${method}: args must be an array.` } };
  }
  const specs = METHOD_SPECS[method as MethodName];
  if (args.length > specs.length) {
    return { ok: false, id, error: { code: 'BAD_ARGS', message: `${method}: takes at most ${specs.length} argument(s), got ${args.length}.` } };
  }
  for (let i = 0; i < specs.length; i++) {
    // JSON has no `undefined`: an omitted optional argument arrives over WebSocket as null.
    if (args[i] === null && isOptional(specs[i]!)) args[i] = undefined;
    const r = checkArg(specs[i]!, args[i]);
    if (!r.ok) {
      return { ok: false, id, error: { code: 'BAD_ARGS', message: `${method}: argument ${i + 1} must be ${r.expected}.` } };
    }
  }
  const problem = ARG_RULES[method as MethodName]?.(args);
  if (problem) return { ok: false, id, error: { code: 'BAD_ARGS', message: `${method}: ${problem}` } };
  return { ok: true, call: { kind: 'call', id, method: method as MethodName, args } };
}
