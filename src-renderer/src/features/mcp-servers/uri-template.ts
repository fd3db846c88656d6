/**
 * Fills an RFC 6570 URI template's simple and reserved expressions (`{id}`, `{+path}`,
 * `{a,b}`) with the given values; other operators are joined like simple ones. Pure.
 */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([+#./;?&]?)([^}]+)\}/g, (_m, op: string, names: string) => {
    const parts = names
      .split(',')
      .map((n) => n.replace(/[:*].*$/, '').trim())
      .filter((n) => values[n] !== undefined && values[n] !== '')
      .map((n) => (op === '+' || op === '#' ? encodeURI(values[n]!) : encodeURIComponent(values[n]!)));
    if (!parts.length) return '';
    const prefix = op === '+' ? '' : op === '#' ? '#' : op === '.' ? '.' : op === '/' ? '/' : op === '?' ? '?' : op === '&' ? '&' : op === ';' ? ';' : '';
    return prefix + parts.join(op === '/' ? '/' : ',');
  });
}
