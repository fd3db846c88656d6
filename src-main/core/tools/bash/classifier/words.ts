import type { BashNode } from '../parser';

/** A word's static text, or null when it depends on something only known at run time. */
export type Word = string | null;

/** What a word may refer to: variables assigned earlier in the line, `$HOME`, `$PWD`. */
export interface WordEnv {
  home: string;
  /** The shell's directory as far as known (null: unknown). */
  cwd: string | null;
  /** Variables with a literal value assigned earlier in the same line; null = unknown value. */
  vars: ReadonlyMap<string, string | null>;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

/**
 * Decodes the body of `$'…'` the way bash does. Null for escapes it does not model (`\c`),
 * so an unusual spelling can never hide an option such as `-delete`.
 */
export function decodeAnsiC(body: string): Word {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return null;
    if (next in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[next];
      i++;
      continue;
    }
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(body.slice(i + 1));
    const oct = /^([0-7]{1,3})/.exec(body.slice(i + 1));
    const uni = /^(u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8})/.exec(body.slice(i + 1));
    if (hex) {
      out += String.fromCharCode(parseInt(hex[1]!, 16));
      i += hex[0].length;
    } else if (oct) {
      out += String.fromCharCode(parseInt(oct[1]!, 8) & 0xff);
      i += oct[0].length;
    } else if (uni) {
      const cp = parseInt(uni[1]!.slice(1), 16);
      if (cp > 0x10ffff) return null;
      out += String.fromCodePoint(cp);
      i += uni[0].length;
    } else {
      return null; // \cX and anything else: not modelled, so not trusted
    }
  }
  return out;
}

// Unquoted `{a,b}` / `{1..3}` expand into several words: never one known literal.
const BRACE_EXPANSION = /\{[^{}]*(,|\.\.)[^{}]*\}/;

/** True when an unquoted word would be subject to pathname expansion (globbing). */
export function hasGlob(node: BashNode): boolean {
  if (node.type === 'word') return /(^|[^\\])[*?[]/.test(node.text);
  if (node.type === 'concatenation') return node.namedChildren.some((c) => !!c && hasGlob(c));
  return false;
}

/**
 * The static text of a word-like node. Known: plain words (backslashes removed), '…', "…"
 * with known parts, $'…', concatenations, `$HOME`, `$PWD` and variables assigned literally
 * earlier in the line. Everything else — substitutions, other expansions, `$"…"` (translated
 * at run time), brace expansion, node types it does not know — is null: unknown, never safe.
 */
export function wordText(node: BashNode, env: WordEnv, quoted = false): Word {
  switch (node.type) {
    case 'word':
    case 'number': {
      if (!quoted && BRACE_EXPANSION.test(node.text)) return null;
      // A backslash-newline joins lines (it is removed); any other backslash quotes the next char.
      return quoted ? node.text : node.text.replace(/\\\n/g, '').replace(/\\([\s\S])/g, '$1');
    }
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return decodeAnsiC(node.text.slice(2, -1));
    case 'string': {
      let out = '';
      for (const c of node.namedChildren) {
        if (!c) continue;
        // Inside "…", only \$ \` \" \\ and \newline lose their backslash.
        if (c.type === 'string_content') out += c.text.replace(/\\([$`"\\\n])/g, (_m, ch: string) => (ch === '\n' ? '' : ch));
        else {
          const w = wordText(c, env, true);
          if (w === null) return null;
          out += w;
        }
      }
      return out;
    }
    case 'simple_expansion':
    case 'expansion': {
      const named = node.namedChildren.filter((c): c is BashNode => !!c);
      // Only the plain forms `$x` / `${x}`: operators (`${x:-…}`, `${#x}`, `${x[…]}`) are unknown.
      const plain = named.length === 1 && named[0]!.type === 'variable_name' && (node.type === 'simple_expansion' || node.text === `\${${named[0]!.text}}`);
      if (!plain) return null;
      const value = variable(named[0]!.text, env);
      // Unquoted, the value is split on blanks and globbed: only a plain value stays one word.
      if (value === null || (!quoted && /[\s*?[\]{}]/.test(value))) return null;
      return value;
    }
    case 'concatenation': {
      if (!quoted && BRACE_EXPANSION.test(node.text)) return null; // {a,b}, {1..3}
      let out = '';
      for (const c of node.namedChildren) {
        if (!c) continue;
        const w = wordText(c, env, quoted);
        if (w === null) return null;
        out += w;
      }
      return out;
    }
    default:
      return null;
  }
}

function variable(name: string, env: WordEnv): string | null {
  if (env.vars.has(name)) return env.vars.get(name) ?? null;
  if (name === 'HOME') return env.home;
  if (name === 'PWD') return env.cwd;
  return null;
}
