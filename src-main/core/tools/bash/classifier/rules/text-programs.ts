/**
 * The little languages of `awk` and `sed`: read-only unless the program runs commands or
 * writes files. Checked on the program text with strings and regexes taken out; anything
 * unusual counts as not read-only.
 */

/** Why an awk program is not read-only, or null when it only reads and prints. */
export function awkProgramRisk(program: string): string | null {
  // Drop string literals ("…") and regex literals (/…/) so their contents do not count.
  const code = program.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/(^|[\s(,~!&|{;])\/(?:[^/\\\n]|\\.)+\//g, '$1//');
  if (/\bsystem\s*\(/.test(code)) return 'awk system() runs a command';
  if (code.includes('@')) return 'awk @load/@include or an indirect call (@f()) can run anything';
  if (/\|&?/.test(code.replace(/\|\|/g, ''))) return 'awk pipes to or from a command';
  // `print … > file` / `printf … >> file`: a `>` after print in the same statement.
  for (const stmt of code.split(/[;\n{}]/)) {
    const m = /\bprintf?\b([\s\S]*)/.exec(stmt);
    if (m && />/.test(m[1]!)) return 'awk print > FILE writes a file';
  }
  return null;
}

/** Why a sed script is not read-only (`w`, `W`, `e`, `s///w`, `s///e`), or null. */
export function sedScriptRisk(script: string): string | null {
  let i = 0;
  const s = script;
  const skipAddress = (): void => {
    for (;;) {
      while (i < s.length && /[\s;!]/.test(s[i]!)) i++;
      if (/[\d$]/.test(s[i] ?? '')) {
        while (i < s.length && /[\d$~+]/.test(s[i]!)) i++;
      } else if (s[i] === '/' || s[i] === '\\') {
        const delim = s[i] === '\\' ? s[++i]! : '/';
        i++;
        while (i < s.length && s[i] !== delim) i += s[i] === '\\' ? 2 : 1;
        i++;
        while (/[IM]/.test(s[i] ?? '')) i++;
      } else return;
      while (i < s.length && /\s/.test(s[i]!)) i++;
      if (s[i] === ',') {
        i++;
        continue;
      }
      return;
    }
  };
  while (i < s.length) {
    skipAddress();
    const cmd = s[i];
    if (cmd === undefined) break;
    i++;
    if (cmd === '{' || cmd === '}' || cmd === ';' || cmd === '\n') continue;
    if (cmd === 'w' || cmd === 'W') return `sed ${cmd} writes a file`;
    if (cmd === 'e') return 'sed e runs a command';
    if (cmd === 'r' || cmd === 'R') return null !== skipLine() ? null : null;
    if (cmd === 's' || cmd === 'y') {
      const delim = s[i];
      if (delim === undefined || delim === '\n' || delim === '\\') return `sed ${cmd} with an unusual delimiter`;
      i++;
      for (let part = 0; part < 2; part++) {
        while (i < s.length && s[i] !== delim) i += s[i] === '\\' ? 2 : 1;
        i++;
      }
      if (cmd === 's') {
        const flags = /^[^;\n}]*/.exec(s.slice(i))![0];
        if (/w/.test(flags)) return 'sed s///w writes a file';
        if (/e/.test(flags)) return 'sed s///e runs a command';
        i += flags.length;
      }
      continue;
    }
    if ('aic'.includes(cmd)) {
      skipLine();
      continue;
    }
    if (':btTvlqQ'.includes(cmd)) {
      skipLine(/[;\n}]/);
      continue;
    }
    if (!'pPdDnNgGhHxz=lF#'.includes(cmd)) return `sed command ${cmd} is not known`;
    if (cmd === '#') skipLine();
  }
  return null;

  function skipLine(end: RegExp = /\n/): number {
    while (i < s.length && !end.test(s[i]!)) i++;
    return i;
  }
}
