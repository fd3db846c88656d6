import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** Where JSON text first goes wrong and why, in words for the person editing the file. */
export interface JsonSyntaxProblem {
  /** Character offset (UTF-16 units, like JS strings) of the token where it goes wrong. */
  offset: number;
  reason: string;
}

/** jsonc-parser's error codes in words; none quotes the text (a config file may hold API keys). */
const REASONS: Record<string, string> = {
  InvalidSymbol: 'not a JSON value here (strings and names need double quotes; no NaN, no single quotes)',
  InvalidNumberFormat: 'not a valid number',
  PropertyNameExpected: 'expected a "quoted" property name',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected ',' or '}'",
  CloseBracketExpected: "expected ',' or ']'",
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string (or a line break inside one)',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'bad \\u escape in a string',
  InvalidEscapeCharacter: 'bad escape in a string',
  InvalidCharacter: 'control character inside a string',
};

/**
 * Finds the first syntax error in JSON text (strict JSON: no comments, no trailing commas) with
 * jsonc-parser, or null when it finds none. Node 20's `JSON.parse` messages do not always carry a
 * position and quote the text itself, which may hold secrets; these reasons never quote it.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | null {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return problemOf(errors);
}

/**
 * Reads JSON with comments and trailing commas (VS Code's `mcp.json` and settings) with
 * jsonc-parser: the value, or the first syntax problem (never quoting the text).
 */
export function parseJsonWithComments(text: string): { value: unknown } | { problem: JsonSyntaxProblem } {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false });
  const problem = problemOf(errors);
  return problem ? { problem } : { value };
}

function problemOf(errors: ParseError[]): JsonSyntaxProblem | null {
  const first = errors[0];
  if (!first) return null;
  const code = printParseErrorCode(first.error);
  return { offset: first.offset, reason: REASONS[code] ?? 'not valid JSON' };
}
