/** Where JSON text first goes wrong and why, in words for the person editing the file. */
export interface JsonSyntaxProblem {
  /** Character offset (UTF-16 units, like JS strings) of the first bad character. */
  offset: number;
  reason: string;
}

class Stop extends Error {
  constructor(readonly problem: JsonSyntaxProblem) {
    super(problem.reason);
  }
}

/**
 * Finds the first syntax error in JSON text (RFC 8259), or null when it parses. Node 20's
 * `JSON.parse` messages do not always carry a position (e.g. `Unexpected token '}', "…" is not
 * valid JSON`) and quote the text itself, which may hold secrets; this scanner gives a position
 * for every error and a reason that quotes at most one character.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  let i = 0;
  const fail = (reason: string, at = i): never => {
    throw new Stop({ offset: at, reason });
  };
  const describe = (at: number): string => {
    if (at >= text.length) return 'end of file';
    const c = text[at]!;
    return c === '\n' ? 'line break' : `'${c}'`;
  };
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const literal = (word: string): void => {
    for (let k = 0; k < word.length; k++) {
      if (text[i + k] !== word[k]) fail(`unexpected ${describe(i + k)} (expected ${word})`, i + k);
    }
    i += word.length;
  };
  const digits = (): number => {
    const start = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    return i - start;
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (digits() === 0) fail(`unexpected ${describe(i)} in a number`);
    if (text[i] === '.') {
      i++;
      if (digits() === 0) fail(`unexpected ${describe(i)} after a decimal point`);
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (digits() === 0) fail(`unexpected ${describe(i)} in an exponent`);
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) fail('line break or control character inside a string');
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape in a string');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`bad escape \\${e ?? ''} in a string`);
      } else i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else fail(`unexpected ${describe(i)} (expected a value)`);
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail(`unexpected ${describe(i)} (expected a "quoted" property name)`);
      string();
      ws();
      if (text[i] !== ':') fail(`unexpected ${describe(i)} (expected ':')`);
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(`unexpected ${describe(i)} (expected ',' or '}')`);
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(`unexpected ${describe(i)} (expected ',' or ']')`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${describe(i)} after the end of the JSON value`);
    return null;
  } catch (err) {
    if (err instanceof Stop) return err.problem;
    throw err;
  }
}
