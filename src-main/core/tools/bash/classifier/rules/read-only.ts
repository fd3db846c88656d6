import type { Ctx } from '../context';
import type { Finding } from '../findings';
import { hasOption, hasUnknownArg, options, type Invocation } from '../invocation';
import type { Scope } from '../scope';
import { testBuiltinReadOnly } from './evaluated-words';
import { awkProgramRisk, sedScriptRisk } from './text-programs';

// Read-only whatever their arguments: no option of theirs writes or runs a program.
const ANY_ARGS = new Set([
  'ls', 'cat', 'head', 'tail', 'wc', 'pwd', 'echo', 'grep', 'egrep', 'fgrep', 'stat', 'which', 'type', 'whoami', 'id',
  'uname', 'printenv', 'du', 'df', 'cmp', 'basename', 'dirname', 'realpath', 'readlink', 'true', 'false', ':', 'nl',
  'cut', 'tr', 'column', 'jq', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'uptime', 'ps', 'seq', 'sleep',
  'od', 'hexdump', 'comm', 'paste', 'fold', 'rev', 'tac', 'strings', 'nproc', 'free', 'groups', 'locale', 'expand',
  'unexpand', 'join', 'fmt', 'lsb_release', 'arch', 'tty', 'dirs',
]);
// Read-only with the checks below (their options can write or run programs).
const CHECKED = new Set(['sort', 'uniq', 'tree', 'date', 'rg', 'file', 'diff', 'printf', 'test', '[', 'awk', 'gawk', 'mawk', 'nawk', 'sed', 'hostname', 'command', 'xxd']);
const VERSION_ONLY = /^(--version|-V|-v|version|--help|-h)$/;
const OPTION_MATTERS = 'an argument only known at run time (it could be an option that writes or runs a program)';

/**
 * Marks the command read-only when it is on the allowlist and none of its words can make it
 * write or run a program. A sole `--version`/`--help` of a program from PATH reads too.
 */
export function readOnlyCheck(inv: Invocation, f: Finding, ctx: Ctx, scope: Scope): void {
  const { name, args } = inv;
  for (const a of args) {
    const p = a === null || a.startsWith('-') ? null : ctx.resolve(a.replace(/^[^=]*=(?=[~/])/, ''), scope);
    const cred = p === null ? null : ctx.credentialsOf(p);
    if (cred) {
      f.unknown.push(`reads credentials (${cred})`);
      return;
    }
  }
  if (ANY_ARGS.has(name)) {
    f.readOnly = true;
    return;
  }
  if (args.length === 1 && VERSION_ONLY.test(args[0] ?? '') && !inv.written.includes('/') && !['sudo', 'su', 'doas'].includes(name)) {
    // What else was found (e.g. `LD_PRELOAD=x node --version`) still counts.
    f.readOnly = true;
    return;
  }
  if (!CHECKED.has(name)) return;
  if (name !== 'test' && name !== '[' && hasUnknownArg(inv)) {
    f.unknown.push(`${name} with ${OPTION_MATTERS}`);
    return;
  }
  const why = checked(inv, ctx, scope, f);
  if (why) f.unknown.push(why);
  else f.readOnly = true;
}

/** Why a checked command is not read-only here, or null. */
function checked(inv: Invocation, ctx: Ctx, scope: Scope, f: Finding): string | null {
  const { name, args } = inv;
  const { flags, operands } = options(args);
  switch (name) {
    case 'sort': {
      // getopt takes any unambiguous prefix: `--co` is --compress-program, `--o` --output.
      if (hasOption(flags, null, 'compress-program', 2)) return 'runs a program via sort --compress-program';
      const out = outputOf(args, 'o', 'output', 'ktTS');
      if (out !== undefined) {
        ctx.write(f, out, scope, 'sort -o writes');
        return 'sort -o writes its output to a file';
      }
      if (hasOption(flags, 'T', 'temporary-directory', 1)) return 'sort -T writes temporary files in another directory';
      return null;
    }
    case 'uniq':
      if (operands.length > 1) {
        ctx.write(f, operands[1] ?? null, scope, 'uniq writes');
        return 'uniq writes its output to a file (second operand)';
      }
      return null;
    case 'tree':
      if (flags.some((fl) => /^-[a-zA-Z]*[oR]/.test(fl) && !fl.startsWith('--')) || hasOption(flags, null, 'output', 3)) return 'tree -o/-R writes files';
      return null;
    case 'date':
      return hasOption(flags, 's', 'set', 1) ? 'date -s sets the system clock' : null;
    case 'rg':
      return flags.some((fl) => fl === '--pre' || fl.startsWith('--pre=')) ? 'runs a program via rg --pre' : null;
    case 'file':
      return hasOption(flags, 'C', 'compile', 2) ? 'file -C writes a compiled magic file' : null;
    case 'diff':
      return null;
    case 'xxd':
      return hasOption(flags, 'r', 'revert') || operands.length > 1 ? 'xxd writes a file' : null;
    case 'printf':
      return flags.some((fl) => fl.startsWith('-v')) ? 'printf -v assigns a shell variable (a subscript in its name is evaluated at run time)' : null;
    case 'test':
    case '[':
      return testBuiltinReadOnly(inv, f) ? null : (f.unknown.pop() ?? 'test with operands evaluated at run time');
    case 'hostname':
      return operands.length === 0 && flags.every((fl) => !/^-[a-zA-Z]*[bF]|^--(boot|file)/.test(fl)) ? null : 'hostname sets the host name';
    case 'command':
      return args.some((a) => a === '-v' || a === '-V') ? null : 'command runs a program';
    case 'sed': {
      if (flags.some((fl) => /^-[a-zA-Z]*i/.test(fl) || fl.startsWith('--in-place'))) return 'sed -i edits files in place';
      if (flags.some((fl) => /^-[a-zA-Z]*f/.test(fl) || fl.startsWith('--file'))) return 'sed -f runs a script file the classifier does not read';
      const scripts = scriptsOf(args, 'e', 'expression') ?? (operands[0] != null ? [operands[0]] : []);
      for (const s of scripts) {
        const risk = sedScriptRisk(s);
        if (risk) return risk;
      }
      return null;
    }
    default: {
      // awk and its variants
      // Only -F and -v are known; -f/-i/-l/-E/-e/-W and the rest load or add program text.
      if (flags.some((fl) => !/^-[Fv]/.test(fl) && !/^--(posix|sandbox|traditional)$/.test(fl))) return `${name} ${flags.find((fl) => !/^-[Fv]/.test(fl))} loads or adds program text the classifier does not read`;
      const program = awkProgram(args);
      if (program == null) return `${name} without a program`;
      return awkProgramRisk(program);
    }
  }
}

/** The value of an output option given in any spelling (`-o F`, `-oF`, `-uo F`, `--output=F`, `--out F`). */
function outputOf(args: Array<string | null>, letter: string, long: string, valueLetters: string): string | null | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === '--') return undefined;
    if (a.startsWith('--')) {
      const [n, v] = a.slice(2).split(/=(.*)/s);
      if (n && long.startsWith(n)) return v !== undefined ? v : (args[i + 1] ?? null);
      continue;
    }
    if (!a.startsWith('-') || a === '-') continue;
    for (let k = 1; k < a.length; k++) {
      const ch = a[k]!;
      if (ch === letter) return k + 1 < a.length ? a.slice(k + 1) : (args[i + 1] ?? null);
      if (valueLetters.includes(ch)) break; // the rest of the word is that option's value
    }
  }
  return undefined;
}

/** The values of `-e SCRIPT` / `--expression=SCRIPT`, or null when there are none. */
function scriptsOf(args: Array<string | null>, letter: string, long: string): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === `-${letter}`) out.push(args[++i] ?? '');
    else if (a.startsWith(`-${letter}`) && !a.startsWith('--')) out.push(a.slice(2));
    else if (a.startsWith(`--${long}=`)) out.push(a.slice(long.length + 3));
    else if (a === `--${long}`) out.push(args[++i] ?? '');
  }
  return out.length ? out : null;
}

/** awk's program: the first operand after its options (`-F SEP` and `-v x=1` take values). */
function awkProgram(args: Array<string | null>): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null) return null;
    if (a === '--') return args[i + 1] ?? null;
    if (a === '-F' || a === '-v') i++;
    else if (!a.startsWith('-') || a === '-') return a;
  }
  return null;
}
