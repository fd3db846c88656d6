import { CREDENTIAL_PATHS } from '../../../workspace/credential-paths';
import type { Finding, Findings } from './findings';
import { isInside, pathBase, resolvePath, type Scope } from './scope';
import type { Word } from './words';

// Top-level directories that hold the system; recursive permission changes there break it.
const SYSTEM_ROOTS = ['/etc', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/var', '/boot', '/opt', '/root', '/home', '/sys', '/proc', '/dev', '/srv', '/System', '/Library', '/Applications'];
// Files under these are system configuration/binaries: writing onto them is destructive.
const SYSTEM_WRITE_ROOTS = ['/etc', '/boot', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64'];
const HARMLESS_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/stdout', '/dev/stderr', '/dev/tty', '/dev/random', '/dev/urandom']);

/** True for `/` and the system's top-level directories and what lies under them. */
export function isSystemPath(p: string): boolean {
  return p === '/' || SYSTEM_ROOTS.some((root) => isInside(p, root));
}

/** True for a device node other than the harmless ones (`/dev/null`, ttys, fds). */
export function isBlockDevice(p: string): boolean {
  return p.startsWith('/dev/') && !HARMLESS_DEVICES.has(p) && !p.startsWith('/dev/fd/') && !p.startsWith('/dev/pts/');
}


/** The environment of one classification: where the workspace is and how to judge paths. */
export class Ctx {
  constructor(
    readonly ws: string,
    readonly home: string,
    /** Writable besides the workspace (real paths). */
    readonly roots: readonly string[],
    private readonly real: (p: string) => string,
    readonly findings: Findings,
    /** Analyzes a nested script (`sh -c '…'`, a here-doc into a shell) in the given scope. */
    readonly analyzeScript: (source: string, scope: Scope, depth: number) => void,
    readonly depth: number,
    /** Read-only paths inside the roots (real paths): see ClassifyOptions.readOnlyRoots. */
    readonly readOnly: readonly string[] = [],
  ) {}

  /** The credentials folder or file `p` lies in, or null. */
  credentialsOf(p: string): string | null {
    const real = this.real(p);
    const home = this.real(this.home);
    // Reading credentials is not harmless reading.
    return CREDENTIAL_PATHS.map((c) => `${home}/${c}`).find((c) => isInside(real, c)) ?? null;
  }

  /** The real path (symlinks resolved) of an absolute path. */
  realPath(p: string): string {
    return this.real(p);
  }

  /**
   * True when the real path of `p` is inside the workspace or a writable root, and not inside a
   * read-only path that lies within that root.
   */
  writable(p: string): boolean {
    const r = this.real(p);
    if (isInside(r, this.real(this.ws))) return true;
    return this.roots.some((root) => isInside(r, root) && !this.readOnly.some((ro) => ro !== root && isInside(ro, root) && isInside(r, ro)));
  }

  resolve(arg: string, scope: Scope): string | null {
    return resolvePath(arg, scope.cwd, this.home);
  }

  /**
   * Records that the command writes `target` (a path word; null when only known at run time).
   * Writes onto devices or system files are dangerous; writes outside the workspace and the
   * writable roots are recorded (the sandbox forbids them: the policy asks for an escalation).
   */
  write(f: Finding, target: Word, scope: Scope, what: string): void {
    if (target === null) {
      f.unknown.push(`${what} a file only known at run time`);
      return;
    }
    const base = pathBase(target, scope.cwd, this.home);
    if (base === null) {
      f.unknown.push(`${what} ${target}, relative to a directory only known at run time`);
      return;
    }
    const p = base.path;
    if (p === '/dev/null' || p === '/dev/stdout' || p === '/dev/stderr') return;
    if (/^\/dev\/(tcp|udp)\//.test(p)) {
      this.findings.network.add(p);
      f.unknown.push(`opens a network connection (${p})`);
      return;
    }
    const real = this.real(p);
    if (isBlockDevice(real)) f.dangerous.push(`writes directly onto the device ${real}`);
    else if (SYSTEM_WRITE_ROOTS.some((r) => isInside(real, r))) f.dangerous.push(`${what === 'writes to a file' ? 'overwrites' : what} the system file ${real}`);
    if (!this.writable(p)) {
      this.findings.writesOutside.add(real);
      f.unknown.push(`${what.replace(/ (of|in)$/, '')} outside the workspace: ${real}`);
    } else f.unknown.push(`${what} ${target}`);
  }

  /**
   * Records a delete of `target`. Deleting `/`, the home directory, the whole workspace or
   * anything outside the workspace and the writable roots is dangerous.
   */
  remove(f: Finding, target: Word, scope: Scope, recursive: boolean, verb = 'deletes'): void {
    if (target === null) {
      f.unknown.push(`${recursive ? 'recursively ' : ''}${verb} a path only known at run time`);
      return;
    }
    const base = pathBase(target, scope.cwd, this.home);
    if (base === null) {
      f.unknown.push(`${verb} ${target}, relative to a directory only known at run time`);
      return;
    }
    const p = base.path;
    const real = this.real(p);
    const ws = this.real(this.ws);
    const what = recursive ? `recursively ${verb}` : verb;
    const via = real !== p ? ` (${target} resolves there)` : '';
    if (real === '/' || p === '/') f.dangerous.push(`${what} ${target} (the root directory)`);
    else if (real === this.real(this.home) || p === this.home) f.dangerous.push(`${what} ${target} (the home directory)`);
    else if (real === ws && !base.glob) f.dangerous.push(`${what} ${target} (the whole workspace)`);
    else if (!this.writable(p)) {
      this.findings.writesOutside.add(real);
      f.dangerous.push(`${verb} outside the workspace: ${real}${via}`);
    } else if (!base.glob && this.roots.includes(real)) f.dangerous.push(`${what} ${target} (a whole writable root)`);
    else f.unknown.push(`${what} ${target}`);
  }
}
