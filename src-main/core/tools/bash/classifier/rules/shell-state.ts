import type { Ctx } from '../context';
import type { Finding } from '../findings';
import { options, type Invocation } from '../invocation';
import type { Scope } from '../scope';

const SAFE_SET_OPTIONS = /^[-+][euxvECTBHPfnhkmbo]+$|^(pipefail|errexit|nounset|xtrace|verbose|noclobber|noglob|posix|errtrace|functrace|vi|emacs|notify|ignoreeof)$/;

/**
 * Builtins that change the shell itself: the directory (`cd`, `pushd`, `popd` — followed so
 * later relative paths resolve), names (`alias`: a later command by that name is unknown),
 * and what is run later or how (`trap`, `hash -p`, `enable`, `shopt`, `set`).
 */
export function shellStateRules(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  const opts = options(args);
  switch (name) {
    case 'cd':
    case 'pushd': {
      const target = opts.operands[0];
      let next: string | null;
      if (opts.operands.length === 0) next = name === 'cd' ? ctx.home : null;
      else if (target === null || target === undefined || target === '-' || /^[+-]\d+$/.test(target)) next = null;
      else next = ctx.resolve(target, scope);
      if (name === 'pushd') scope.dirStack.push(scope.cwd);
      scope.cwd = next;
      f.readOnly = true;
      return;
    }
    case 'popd':
      scope.cwd = opts.operands.length ? null : (scope.dirStack.pop() ?? null);
      f.readOnly = true;
      return;
    case 'alias': {
      const defs = args.filter((a) => a === null || a.includes('='));
      for (const d of defs) if (d !== null) scope.names.add(d.slice(0, d.indexOf('=')));
      if (defs.length) f.unknown.push(`defines an alias (${defs.map((d) => (d === null ? '?' : d.slice(0, d.indexOf('=')))).join(', ')}): a later command by that name runs something else`);
      else f.readOnly = true;
      return;
    }
    case 'unalias':
      f.readOnly = true;
      return;
    case 'set':
      if (args.length && args.every((a) => a !== null && SAFE_SET_OPTIONS.test(a))) f.readOnly = true;
      else f.unknown.push('set changes the positional parameters or shell options');
      return;
    case 'trap':
      if (args.length === 0 || (args.length === 1 && (args[0] === '-p' || args[0] === '-l'))) f.readOnly = true;
      else f.unknown.push('trap runs a command later (when the signal comes)');
      return;
    case 'hash':
    case 'enable':
    case 'shopt':
    case 'bind':
    case 'complete':
      if (args.length === 0 || (name === 'shopt' && args.every((a) => a !== null && !a.startsWith('-')))) f.readOnly = true;
      else f.unknown.push(`${name} changes how this shell runs later commands`);
      return;
    default:
  }
}
