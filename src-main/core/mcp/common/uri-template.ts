/**
 * The URI templates resources use (RFC 6570 level 2: `{var}`, `{+var}`, `{#var}`), parsed into
 * a matcher. Kept here rather than taken from the MCP SDK so a session that never serves MCP
 * does not load the SDK just to hold an extension's templates.
 */
export class UriTemplateMatcher {
  private readonly re: RegExp;
  readonly variables: string[] = [];
  private readonly reserved: boolean[] = [];

  constructor(readonly template: string) {
    let src = '^';
    let last = 0;
    const expr = /\{([+#]?)([A-Za-z0-9_]+)\}/g;
    for (let m = expr.exec(template); m; m = expr.exec(template)) {
      src += escape(template.slice(last, m.index));
      const op = m[1];
      if (op === '#') src += '#';
      // Simple expansion percent-encodes '/', so a value never spans path segments.
      src += op ? '(.*)' : '([^/?#]*)';
      this.variables.push(m[2]);
      this.reserved.push(op !== '');
      last = m.index + m[0].length;
    }
    const rest = template.slice(last);
    if (/[{}]/.test(rest) || /[{}]/.test(template.replace(expr, ''))) throw new Error(`unsupported URI template '${template}': use {name}, {+name} or {#name}`);
    src += escape(rest) + '$';
    this.re = new RegExp(src);
  }

  /** The variables of `uri`, or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined {
    const m = this.re.exec(uri);
    if (!m) return undefined;
    const out: Record<string, string> = {};
    for (let i = 0; i < this.variables.length; i++) {
      const raw = m[i + 1];
      try {
        out[this.variables[i]] = this.reserved[i] ? raw : decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
    return out;
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
