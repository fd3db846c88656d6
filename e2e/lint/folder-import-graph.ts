import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** One import that makes an arrow between two folders. */
export interface FolderImport {
  /** The importing file, relative to the root (with `/`). */
  file: string;
  /** The specifier as written (`../secrets/secret-store`). */
  specifier: string;
}

/** The import graph of a source tree at the level of its top folders. */
export interface FolderGraph {
  /** Every top folder holding a source file, sorted. */
  folders: string[];
  /** `from` → `to` → the imports that make that arrow. */
  arrows: Map<string, Map<string, FolderImport[]>>;
}

/** A circle of folders: each imports the next, the last the first. */
export interface ImportCircle {
  /** The folders of the circle (a strongly connected set), sorted. */
  folders: string[];
  /** One path round it and the import behind each arrow, for the failure message. */
  description: string;
}

const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const TEST = /\.test\.tsx?$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.isFile() && SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * Reads every production source file under `root` (tests left out) and records, for each
 * relative import, re-export or dynamic `import()` (type-only ones too: TypeScript's own
 * pre-processor finds them all), an arrow from the file's top folder to the target's.
 */
export function folderImportGraph(root: string): FolderGraph {
  const base = resolve(root);
  const topOf = (path: string): string | null => {
    const rel = relative(base, path);
    const parts = rel.split(sep);
    return parts.length > 1 && parts[0] !== '..' ? parts[0]! : null;
  };
  const arrows = new Map<string, Map<string, FolderImport[]>>();
  const folders = new Set<string>();
  for (const file of sourceFiles(base)) {
    const from = topOf(file);
    if (!from) continue;
    folders.add(from);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue; // packages and node: built-ins
      const to = topOf(resolve(dirname(file), fileName));
      if (!to || to === from) continue;
      const byTarget = arrows.get(from) ?? new Map<string, FolderImport[]>();
      arrows.set(from, byTarget);
      const list = byTarget.get(to) ?? [];
      byTarget.set(to, list);
      list.push({ file: relative(base, file).split(sep).join('/'), specifier: fileName });
    }
  }
  return { folders: [...folders].sort(), arrows };
}

/** The strongly connected sets of more than one folder (Tarjan), each sorted, in order of their first folder. */
function circlesOf(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of [...(graph.arrows.get(v)?.keys() ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) found.push(set.sort());
    }
  };
  for (const f of graph.folders) if (!index.has(f)) visit(f);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The shortest path from `start` back to itself inside `within` (breadth first). */
function shortestLoop(graph: FolderGraph, start: string, within: Set<string>): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of [...(graph.arrows.get(v)?.keys() ?? [])].sort()) {
      if (!within.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]!)!);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

/** Every import circle between the graph's folders, each named with one path round it and its imports. */
export function importCircles(graph: FolderGraph): ImportCircle[] {
  return circlesOf(graph).map((folders) => {
    const loop = shortestLoop(graph, folders[0]!, new Set(folders));
    const why = loop.slice(0, -1).map((from, i) => {
      const first = graph.arrows.get(from)!.get(loop[i + 1]!)![0]!;
      return `${first.file} imports ${first.specifier}`;
    });
    const rest = folders.filter((f) => !loop.includes(f));
    const more = rest.length ? `; also in this circle: ${rest.join(', ')}` : '';
    return { folders, description: `${loop.join(' → ')} (${why.join('; ')}${more})` };
  });
}
