import type { BashNode } from '../../parser';
import { visit, wordEnv } from '../analyzer';
import type { Ctx } from '../context';
import { Finding } from '../findings';
import type { Invocation } from '../invocation';
import type { Scope } from '../scope';
import { wordText } from '../words';

// Bash evaluates these operands as arithmetic; arithmetic expands array subscripts, and a
// subscript can hold `$(…)`: `[[ x -eq 'a[$(rm -rf ~)]' ]]` runs the rm.
const ARITHMETIC_OPERATORS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INTEGER = /^[+-]?\d+$/;
// Operand-free parts of `[[ … ]]` and `(( … ))`.
const TEST_CONTAINERS = new Set(['unary_expression', 'binary_expression', 'parenthesized_expression', 'ternary_expression', 'postfix_expression', 'negated_expression']);

/**
 * `[[ … ]]`, `[ … ]` and `(( … ))`: read-only unless an operand is evaluated as arithmetic or
 * as an array reference (`-v`) and is not a plain literal — then what it expands to could run
 * a command, so it is unknown.
 */
export function checkTestCommand(node: BashNode, scope: Scope, ctx: Ctx): void {
  const f = ctx.findings.add(new Finding('test', null));
  f.readOnly = true;
  if (node.children[0]?.text === '((') {
    arithmetic(node, scope, ctx, f);
    return;
  }
  walk(node, scope, ctx, f);
}

function walk(node: BashNode, scope: Scope, ctx: Ctx, f: Finding): void {
  for (const c of node.namedChildren) {
    if (!c) continue;
    if (c.type === 'unary_expression') {
      const op = c.namedChildren.find((x) => x?.type === 'test_operator')?.text;
      const operand = c.namedChildren.find((x) => x && x.type !== 'test_operator');
      if (op === '-v' && operand && !IDENTIFIER.test(wordText(operand, wordEnv(ctx, scope)) ?? '[')) {
        f.unknown.push(`[[ -v ${operand.text} ]] evaluates an array subscript at run time (it can run commands)`);
      }
      walk(c, scope, ctx, f);
    } else if (c.type === 'binary_expression') {
      const op = c.namedChildren.find((x) => x?.type === 'test_operator')?.text;
      if (op && ARITHMETIC_OPERATORS.has(op)) {
        for (const side of c.namedChildren) {
          if (side && side.type !== 'test_operator' && !integerOperand(side, scope, ctx)) {
            f.unknown.push(`[[ … ${op} … ]] evaluates ${side.text} as arithmetic at run time (it can run commands)`);
          }
        }
      }
      walk(c, scope, ctx, f);
    } else if (TEST_CONTAINERS.has(c.type)) walk(c, scope, ctx, f);
    else visit(c, scope, ctx);
  }
}

function integerOperand(node: BashNode, scope: Scope, ctx: Ctx): boolean {
  if (node.type === 'simple_expansion' && node.namedChildren[0]?.type === 'special_variable_name') return /^[#?$!]$/.test(node.namedChildren[0].text);
  const w = wordText(node, wordEnv(ctx, scope));
  return w !== null && INTEGER.test(w.trim());
}

/** `$(( … ))`, `(( … ))`, `for (( … ))`: variables in arithmetic are evaluated recursively. */
export function checkArithmetic(node: BashNode, scope: Scope, ctx: Ctx): void {
  const f = ctx.findings.add(new Finding('arithmetic', null));
  f.readOnly = true;
  arithmetic(node, scope, ctx, f);
}

function arithmetic(node: BashNode, scope: Scope, ctx: Ctx, f: Finding): void {
  for (const c of node.namedChildren) {
    if (!c) continue;
    switch (c.type) {
      case 'number':
        break;
      case 'word':
      case 'variable_name':
        for (const id of c.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) knownInteger(id, scope, f);
        if (/[^A-Za-z0-9_+\-*/%<>=!&|^~?:()\s]/.test(c.text)) f.unknown.push(`arithmetic on ${c.text} (not a plain expression)`);
        break;
      case 'simple_expansion':
      case 'expansion': {
        const name = c.namedChildren.find((x) => x?.type === 'variable_name')?.text;
        if (c.namedChildren.some((x) => x?.type === 'special_variable_name')) break;
        if (!name || c.namedChildren.length !== 1) f.unknown.push(`arithmetic on ${c.text} (evaluated at run time)`);
        else knownInteger(name, scope, f);
        break;
      }
      case 'variable_assignment': {
        const name = c.childForFieldName('name')?.text;
        const value = c.childForFieldName('value');
        if (value) arithmetic({ namedChildren: [value] } as unknown as BashNode, scope, ctx, f);
        if (name) scope.vars.set(name, value && INTEGER.test(value.text) ? value.text : '0');
        break;
      }
      case 'subscript':
        f.unknown.push(`arithmetic on the array element ${c.text} (its subscript is evaluated at run time)`);
        break;
      case 'command_substitution':
      case 'process_substitution':
      case 'arithmetic_expansion':
        visit(c, scope, ctx);
        break;
      case 'do_group':
      case 'compound_statement':
        visit(c, scope, ctx);
        break;
      default:
        if (TEST_CONTAINERS.has(c.type) || c.type === 'binary_expression' || c.type === 'unary_expression') arithmetic(c, scope, ctx, f);
        else f.unknown.push(`arithmetic the classifier does not know (${c.type})`);
    }
  }
}

function knownInteger(name: string, scope: Scope, f: Finding): void {
  const v = scope.vars.get(name);
  if (v === undefined || v === null || !INTEGER.test(v)) f.unknown.push(`arithmetic on $${name}, whose value is evaluated as an expression at run time (it can run commands)`);
}

/** The `test` / `[` builtins: `-v` operands that are not plain names, non-integer arithmetic operands. */
export function testBuiltinReadOnly(inv: Invocation, f: Finding): boolean {
  const args = inv.name === '[' ? inv.args.slice(0, -1) : inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null) {
      f.unknown.push(`${inv.name} with an operand only known at run time`);
      return false;
    }
    if (a === '-v' && !IDENTIFIER.test(args[i + 1] ?? '[')) {
      f.unknown.push(`${inv.name} -v ${args[i + 1] ?? ''} evaluates an array subscript at run time (it can run commands)`);
      return false;
    }
    if (ARITHMETIC_OPERATORS.has(a) && i > 0 && (!INTEGER.test(args[i - 1] ?? '') || !INTEGER.test(args[i + 1] ?? ''))) {
      f.unknown.push(`${inv.name} … ${a} … with operands that are not plain integers`);
      return false;
    }
  }
  return true;
}
