import { lstatSync, readdirSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { FileBoundary } from '../workspace/file-boundary';
import { isPathInside } from '../workspace/real-path';
import { parseSkillFile } from './file';
import type { LoadedSkill, SkillEntry, SkillProblem, SkillProvider, SkillSource } from './types';

/** Largest SKILL.md or skill file read (a skill is instructions, not a data set). */
export const MAX_SKILL_FILE_BYTES = 512 * 1024;
/** At most this many files of a skill are listed. */
const MAX_LISTED_FILES = 200;
const MAX_DEPTH = 6;

/** One folder of skill folders and what its skills are called as a source. */
export interface SkillRoot {
  dir: string;
  source: SkillSource;
}

/**
 * The folders skills are found in, in order: the user's own (`$GLASSBOX_HOME/skills`), then the
 * workspace's `.glassbox/skills`, `.agents/skills` and `.claude/skills`. A name found twice is
 * the first one's.
 */
export function skillRoots(home: string, workspace: string): SkillRoot[] {
  return [
    { dir: join(home, 'skills'), source: 'home' },
    { dir: join(workspace, '.glassbox', 'skills'), source: 'workspace' },
    { dir: join(workspace, '.agents', 'skills'), source: 'workspace:.agents' },
    { dir: join(workspace, '.claude', 'skills'), source: 'workspace:.claude' },
  ];
}

function lstat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Reads a regular file of the skill folder whose real path is `realDir`, no bigger than
 * MAX_SKILL_FILE_BYTES. A workspace from elsewhere could hold
 * `.claude/skills/x/SKILL.md -> ~/.ssh/id_rsa`, and an agent could swap a folder for a link
 * while the file is read: the read goes through the file boundary (descriptor-relative walk,
 * the real path judged before anything is opened), so nothing outside the skill's folder
 * reaches the model through a skill.
 */
function readPlainFile(path: string, realDir: string): string {
  const boundary = new FileBoundary(
    {
      mayRead: (real) => (isPathInside(real, realDir) ? null : `${real} is outside the skill's folder`),
      mayWrite: () => 'skill folders are read-only',
    },
    { maxReadBytes: MAX_SKILL_FILE_BYTES, what: 'load_skill' },
  );
  return boundary.readFileSync(path).toString('utf8');
}

/** Files of a skill folder, relative, sorted; symlinks and special files are left out. */
export function listSkillFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_LISTED_FILES) return;
    let names: string[];
    try {
      names = readdirSync(at).sort();
    } catch {
      return;
    }
    for (const n of names) {
      if (out.length >= MAX_LISTED_FILES) return;
      const p = join(at, n);
      const st = lstat(p);
      if (!st || st.isSymbolicLink()) continue;
      if (st.isDirectory()) walk(p, depth + 1);
      else if (st.isFile() && !(at === dir && n === 'SKILL.md')) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir, 0);
  return out;
}

/** A path inside a skill folder, or an error: no absolute paths, no `..`, no symlink on the way. */
export function resolveInside(dir: string, path: string): { ok: true; path: string } | { ok: false; reason: string } {
  if (!path || isAbsolute(path) || path.includes('\0')) return { ok: false, reason: `'${path}' is not a path relative to the skill's folder` };
  const parts = path.split(/[\\/]+/).filter((p) => p && p !== '.');
  if (parts.some((p) => p === '..')) return { ok: false, reason: `'${path}' leaves the skill's folder` };
  let at = dir;
  for (const p of parts.slice(0, -1)) {
    at = join(at, p);
    const st = lstat(at);
    if (!st?.isDirectory() || st.isSymbolicLink()) return { ok: false, reason: `'${path}' is not a file of the skill` };
  }
  return { ok: true, path: join(dir, ...parts) };
}

/** The skills of the home and workspace folders: read once per scan, bodies on demand. */
export class FolderSkills implements SkillProvider {
  private found: { entry: Omit<SkillEntry, 'enabled'>; dir: string; realDir: string }[] = [];
  /** SKILL.md files that could not be used. */
  problems: SkillProblem[] = [];

  constructor(private readonly roots: SkillRoot[]) {
    this.scan();
  }

  /** Reads every root again (new, changed and removed skills). */
  scan(): void {
    const found: typeof this.found = [];
    const problems: SkillProblem[] = [];
    const names = new Map<string, string>();
    for (const root of this.roots) {
      const rootStat = lstat(root.dir);
      if (!rootStat?.isDirectory()) continue;
      let entries: string[];
      try {
        entries = readdirSync(root.dir).sort();
      } catch {
        continue;
      }
      for (const folder of entries) {
        const dir = join(root.dir, folder);
        const st = lstat(dir);
        if (!st?.isDirectory() || st.isSymbolicLink()) continue;
        const file = join(dir, 'SKILL.md');
        if (!lstat(file)) continue;
        let text: string;
        let realDir: string;
        try {
          realDir = realpathSync(dir);
          text = readPlainFile(file, realDir);
        } catch (err) {
          problems.push({ file, line: 1, message: (err as Error).message });
          continue;
        }
        const parsed = parseSkillFile(text);
        if (!parsed.ok) {
          problems.push({ file, ...parsed.problem });
          continue;
        }
        const { name, description } = parsed.skill.frontMatter;
        if (name !== folder) {
          // The Agent Skills format (and the MCP Skills extension) require it: one name, one folder.
          problems.push({ file, line: 2, message: `"name" is "${name}" but the folder is "${folder}": they must be the same` });
          continue;
        }
        const first = names.get(name);
        if (first) {
          problems.push({ file, line: 2, message: `a skill named "${name}" was already found in ${first}; this one is not used` });
          continue;
        }
        names.set(name, file);
        found.push({ entry: { name, description: oneLine(description), source: root.source, location: file }, dir, realDir });
      }
    }
    this.found = found;
    this.problems = problems;
  }

  skills(): Omit<SkillEntry, 'enabled'>[] {
    return this.found.map((f) => f.entry);
  }

  private folder(name: string): { dir: string; realDir: string } {
    const f = this.found.find((x) => x.entry.name === name);
    if (!f) throw new Error(`no skill named '${name}'`);
    return f;
  }

  async load(name: string): Promise<Omit<LoadedSkill, 'entry'>> {
    const { dir, realDir } = this.folder(name);
    const parsed = parseSkillFile(readPlainFile(join(dir, 'SKILL.md'), realDir));
    if (!parsed.ok) throw new Error(`${join(dir, 'SKILL.md')}:${parsed.problem.line}: ${parsed.problem.message}`);
    return { body: parsed.skill.body, dir, files: listSkillFiles(dir) };
  }

  async readFile(name: string, path: string): Promise<string> {
    const { dir, realDir } = this.folder(name);
    const inside = resolveInside(dir, path);
    if (!inside.ok) throw new Error(inside.reason);
    return readPlainFile(inside.path, realDir);
  }
}

/** Descriptions go into the prompt one per line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
