import type { Ctx } from '../context';
import { isSystemPath } from '../context';
import type { Finding } from '../findings';
import { hasOption, options, type Invocation } from '../invocation';
import { isStrictlyInside, pathBase, type Scope } from '../scope';

// Options of cp/mv/ln/install that name the destination directory.
const TARGET_DIR = /^(-[a-zA-Z]*t|--target-directory)/;

/**
 * Commands that create, change or delete files. Every target path is judged on its real path:
 * deletes of `/`, the home directory, the whole workspace or anything outside the workspace
 * and the writable roots are dangerous; other writes outside are recorded (the sandbox forbids
 * them, so the policy asks for an escalation naming them).
 */
export function fileRules(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  const opts = options(args);
  const unknownOperand = inv.args.some((a, i) => a === null || (inv.globs[i] && !opts.operands.includes(a)));
  switch (name) {
    case 'rm': {
      const recursive = hasOption(opts.flags, 'r', 'recursive') || hasOption(opts.flags, 'R', null);
      if (opts.flags.includes('--no-preserve-root')) f.dangerous.push('rm --no-preserve-root');
      for (const t of opts.operands) ctx.remove(f, t, scope, recursive);
      if (unknownOperand) f.unknown.push('rm with an option only known at run time');
      return;
    }
    case 'rmdir':
    case 'unlink':
      for (const t of opts.operands) ctx.remove(f, t, scope, false);
      return;
    case 'shred':
      for (const t of opts.operands) {
        if (hasOption(opts.flags, 'u', 'remove')) ctx.remove(f, t, scope, false);
        else ctx.write(f, t, scope, 'overwrites');
      }
      return;
    case 'mv':
      // A move deletes its sources and writes its destination.
      for (const t of sources(opts.operands, opts.flags)) ctx.remove(f, t, scope, false, 'moves away');
      for (const t of destinations(opts.operands, opts.flags)) ctx.write(f, t, scope, 'writes');
      return;
    case 'cp':
    case 'ln':
    case 'install':
    case 'rsync':
      for (const t of destinations(opts.operands, opts.flags)) ctx.write(f, t, scope, 'writes');
      if (name === 'rsync' && hasOption(opts.flags, null, 'delete', 8)) for (const t of destinations(opts.operands, opts.flags)) ctx.remove(f, t, scope, true, 'deletes files under');
      return;
    case 'touch':
    case 'mkdir':
    case 'truncate':
    case 'tee':
    case 'mkfifo':
    case 'mknod':
      for (const t of opts.operands) ctx.write(f, t, scope, name === 'mkdir' ? 'creates the directory' : 'writes');
      if (name === 'truncate' && hasOption(opts.flags, 'r', 'reference')) f.unknown.push('truncate --reference');
      return;
    case 'sed':
    case 'perl':
      if (opts.flags.some((fl) => /^-[a-zA-Z]*i/.test(fl) || fl.startsWith('--in-place'))) {
        for (const t of opts.operands.slice(name === 'sed' && !opts.flags.some((fl) => /^-[a-zA-Z]*[ef]/.test(fl)) ? 1 : 0)) ctx.write(f, t, scope, 'edits in place');
      }
      return;
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      const recursive = hasOption(opts.flags, 'R', 'recursive');
      const targets = opts.flags.some((fl) => fl.startsWith('--reference')) ? opts.operands : opts.operands.slice(1);
      for (const t of targets) {
        if (t === null) {
          f.unknown.push(`${name} of a path only known at run time`);
          continue;
        }
        const base = pathBase(t, scope.cwd, ctx.home);
        if (base === null) {
          f.unknown.push(`${name} ${t}, relative to a directory only known at run time`);
          continue;
        }
        const real = ctx.realPath(base.path);
        const where = real === '/' ? 'the root directory' : real === ctx.realPath(ctx.home) ? 'the home directory' : null;
        if (recursive && (where || (isSystemPath(real) && !isStrictlyInside(real, ctx.realPath(ctx.ws))))) {
          f.dangerous.push(`${name} -R ${t} (${where ?? 'a system directory'})`);
        } else ctx.write(f, t, scope, 'changes the permissions of');
      }
      return;
    }
    default:
  }
}

/** All operands but the last (or all of them with `-t DIR`). */
function sources<T>(operands: T[], flags: string[]): T[] {
  return flags.some((f) => TARGET_DIR.test(f)) ? operands : operands.slice(0, -1);
}

/** The last operand (or the `-t DIR` directory). */
function destinations(operands: Array<string | null>, flags: string[]): Array<string | null> {
  const t = flags.find((f) => TARGET_DIR.test(f));
  if (t) {
    const m = /^(?:-[a-zA-Z]*t|--target-directory=?)(.*)$/.exec(t);
    return [m && m[1] ? m[1] : null];
  }
  return operands.length ? [operands[operands.length - 1]!] : [];
}
