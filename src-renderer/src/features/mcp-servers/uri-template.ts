const OPS: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

/**
 * Fills an RFC 6570 URI template (level 3: every operator, several variables per expression;
 * prefixes and explode are read as plain variables) with the values given; an empty or
 * missing variable is left out. Values are percent-encoded (`+` and `#` keep reserved
 * characters). Pure.
 */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([+#./;?&]?)([^}]+)\}/g, (_m, op: string, names: string) => {
    const o = OPS[op]!;
    const parts = names
      .split(',')
      .map((n) => n.replace(/[:*].*$/, '').trim())
      .filter((n) => values[n] !== undefined && values[n] !== '')
      .map((n) => {
        const v = o.reserved ? encodeURI(values[n]!) : encodeURIComponent(values[n]!);
        return o.named ? `${n}=${v}` : v;
      });
    return parts.length ? o.first + parts.join(o.sep) : '';
  });
}
