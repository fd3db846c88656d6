/**
 * Zod's issues in words for the people who read them: the window (a bridge call refused at the
 * edge, bridge/validate-call.ts) and the user (a config file, its `sandbox` section or an
 * imported MCP config refused at load: core/config/schema.ts). One wording for all of them. Values are named by
 * their kind, never quoted (they may be keys), except short keyword-like strings where a set of
 * allowed values was expected.
 */
import type { z } from 'zod';

/** `a.b[0].c` (or `["odd key"]`) for a path inside a value; '' for the value itself. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else {
      const key = String(p);
      out += /^[A-Za-z_$][\w$-]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** The value at `path` in `root` (for naming what was found). */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const p of path) v = v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, p) ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** What kind of JSON value something is, in words (never the value itself: it may be a secret). */
export function kindOf(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return Number.isFinite(v) ? 'a number' : String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return typeof v;
}

/** A found value shown where a keyword was expected: short strings quoted, anything else by kind. */
function shown(found: unknown): string {
  return typeof found === 'string' && found.length <= 40 && !/[\u0000-\u001f\u007f]/.test(found) ? JSON.stringify(found) : kindOf(found);
}

const EXPECTED: Record<string, string> = {
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  int: 'a whole number',
};

/**
 * One issue in words, without its path: `"yolo" is not one of "ask", "auto", "deny"`, `must be
 * a string, not a number`. `root` is the value that was parsed (to name what was found);
 * `knownKeys` lists the keys allowed where an unknown one was found, when the caller knows them.
 */
export function issueText(issue: z.core.$ZodIssue, root: unknown, knownKeys?: readonly string[]): string {
  const found = valueAt(root, issue.path);
  switch (issue.code) {
    case 'invalid_value':
      return `${shown(found)} is not one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type': {
      if (issue.expected === 'int' && typeof found === 'number') return 'must be a whole number';
      const want = EXPECTED[issue.expected as string] ?? `a ${issue.expected}`;
      return found === undefined ? `${want} is required` : `must be ${want}, not ${kindOf(found)}`;
    }
    case 'invalid_union': {
      const u = issue as { discriminator?: string; options?: unknown[] };
      if (u.discriminator !== undefined && u.options) return `${shown(found)} is not one of ${u.options.map((v) => JSON.stringify(v)).join(', ')}`;
      return `${kindOf(found)} is not allowed here`;
    }
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must have at least ${n} characters`;
      if (issue.origin === 'array') return `must have at least ${n} item${n === '1' ? '' : 's'}`;
      return `must be ${issue.inclusive ? `at least ${n}` : `more than ${n}`}`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return `must have at most ${n} characters`;
      if (issue.origin === 'array') return `must have at most ${n} item${n === '1' ? '' : 's'}`;
      return `must be ${issue.inclusive ? `at most ${n}` : `less than ${n}`}`;
    }
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${knownKeys?.length ? ` (known: ${knownKeys.join(', ')})` : ''}`;
    case 'invalid_key':
      return `the key ${issue.issues[0]?.message ?? 'is not allowed'}`;
    case 'invalid_format':
      // A schema's own message ("must be off, low, …") says more than zod's default ("Invalid string: …").
      return issue.message.startsWith('Invalid') ? `must be ${issue.format === 'regex' ? 'in the expected format' : `a valid ${issue.format}`}` : issue.message;
    default:
      return issue.message;
  }
}

/**
 * Each issue as `path: words` (`approvals.rules[0].decision: "alow" is not one of …`), its path
 * prefixed by `prefix` (where the parsed value sits, e.g. `['sandbox']`); `whole` names the
 * value itself when the path is empty. `knownKeys(path)` lists the keys allowed in the object at
 * `path`, for unknown-key issues.
 */
export function issueLines(
  issues: readonly z.core.$ZodIssue[],
  value: unknown,
  opts: { prefix?: readonly PropertyKey[]; whole?: string; knownKeys?: (path: readonly PropertyKey[]) => readonly string[] | undefined } = {},
): string[] {
  const prefix = opts.prefix ?? [];
  let root: unknown = value;
  for (const key of [...prefix].reverse()) root = { [key]: root };
  return issues.map((i) => {
    const path = [...prefix, ...i.path];
    const issue = { ...i, path } as z.core.$ZodIssue;
    return `${pathText(path) || (opts.whole ?? '(the value)')}: ${issueText(issue, root, opts.knownKeys?.(path))}`;
  });
}
