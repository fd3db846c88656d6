import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { CREDENTIAL_PATHS } from '../core/workspace/credential-paths';
import { realPathOf } from '../core/workspace/real-path';
import { BoundaryError, FileBoundary } from '../core/workspace/file-boundary';
import type { CatalogResourceTemplate, ResourceContent, ResourceEntry } from '../core/mcp/common/catalog';

/** The boundary's reason for a real path outside the workspace. */
const OUTSIDE = 'outside the workspace';
/** Files per `resources/list` page. */
const PAGE = 100;
/** Largest file served as a resource. */
export const MAX_RESOURCE_BYTES = 8 * 1024 * 1024;
/** Most files a listing walks (a huge tree is listed only so far). */
const MAX_LISTED = 20_000;
/** Folders a listing does not enter (still readable by URI). */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.cache', '.venv', '__pycache__']);

const MIME: Record<string, string> = {
  '.txt': 'text/plain', '.md': 'text/markdown', '.json': 'application/json', '.jsonl': 'application/jsonl',
  '.js': 'text/javascript', '.mjs': 'text/javascript', '.cjs': 'text/javascript', '.ts': 'text/x-typescript',
  '.tsx': 'text/x-typescript', '.jsx': 'text/javascript', '.html': 'text/html', '.css': 'text/css',
  '.py': 'text/x-python', '.sh': 'text/x-shellscript', '.yml': 'application/yaml', '.yaml': 'application/yaml',
  '.xml': 'application/xml', '.csv': 'text/csv', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.pdf': 'application/pdf', '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.zip': 'application/zip',
};

/** The MIME type a file's name suggests; text/plain or application/octet-stream by content otherwise. */
export function mimeTypeOf(path: string, isText: boolean): string {
  return MIME[extname(path).toLowerCase()] ?? (isText ? 'text/plain' : 'application/octet-stream');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes a file as text when it is UTF-8 without NUL bytes; undefined for binary content. */
export function asText(buf: Buffer): string | undefined {
  if (buf.subarray(0, 8192).includes(0)) return undefined;
  try {
    return utf8.decode(buf);
  } catch {
    return undefined;
  }
}

function inside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);
}

/**
 * The workspace's files as read-only MCP resources: `file:///…` URIs of files whose REAL path
 * is inside the workspace's real path (a symlink that leads outside is refused, as is `..`),
 * text as text and anything else as base64, listed a page at a time, with completion of paths.
 */
export class WorkspaceResources {
  private readonly root: string;

  /**
   * `hidden`: the user's home (whose credential folders, `~/.ssh` …, are never served) and
   * private folders such as $GLASSBOX_HOME — what the sandbox hides from the shell stays hidden
   * here too when the workspace holds it.
   */
  constructor(workspace: string, hidden: { home?: string; privatePaths?: readonly string[] } = {}) {
    this.root = realpathSync.native(workspace);
    // Real paths, resolved once: a listing checks every file against them.
    const home = realPathOf(hidden.home ?? homedir());
    this.hidden = [...CREDENTIAL_PATHS.map((c) => realPathOf(join(home, c))), ...(hidden.privatePaths ?? []).map((p) => realPathOf(p))];
    // Only real paths inside the workspace and outside the hidden folders are ever read.
    const rules = {
      mayRead: (real: string) => (!inside(this.root, real) ? OUTSIDE : this.isPrivate(real) ? 'private' : null),
      mayWrite: () => 'resources are read-only',
    };
    this.boundary = new FileBoundary(rules, { maxReadBytes: MAX_RESOURCE_BYTES, what: 'the MCP server' });
  }

  private readonly hidden: string[];
  private readonly boundary: FileBoundary;

  /** True when `real` (a real path) is in a credentials folder or a private one. */
  private isPrivate(real: string): boolean {
    return this.hidden.some((h) => inside(h, real));
  }

  /** The file URI of a path inside the workspace. */
  uriOf(path: string): string {
    return pathToFileURL(path).href;
  }

  /**
   * The real path behind a `file://` URI when it is a file inside the workspace; undefined when
   * nothing is there. Throws the spec's invalid-params error for anything outside it.
   */
  resolve(uri: string): string | undefined {
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Not a local file URI: ${uri}`);
    }
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch {
      // Nothing there: "not found" only when the nearest existing folder is really inside (a
      // missing name under a symlink that leads out is refused like the link itself).
      let parent = dirname(path);
      for (;;) {
        try {
          if (!inside(this.root, realpathSync.native(parent))) throw this.outside(uri);
          return undefined;
        } catch (err) {
          if (err instanceof ProtocolError) throw err;
          const up = dirname(parent);
          if (up === parent) throw this.outside(uri);
          parent = up;
        }
      }
    }
    if (!inside(this.root, real)) throw this.outside(uri);
    if (this.isPrivate(real)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Refused: ${uri} holds credentials or Glassbox's own keys and sessions`);
    return real;
  }

  private outside(uri: string): ProtocolError {
    return new ProtocolError(ProtocolErrorCode.InvalidParams, `Refused: ${uri} is outside the workspace (only files whose real path is inside it are served)`);
  }

  /**
   * Reads one file resource; undefined when there is no file at the URI. Read through the file
   * boundary (workspace/file-boundary.ts): the path is walked by descriptor with every symlink
   * resolved and judged, so a folder swapped for a link mid-read cannot serve a file from
   * outside the workspace or from a hidden folder; FIFOs and devices are never opened for reading.
   */
  read(uri: string): ResourceContent[] | undefined {
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Not a local file URI: ${uri}`);
    }
    let buf: Buffer;
    try {
      buf = this.boundary.readFileSync(path);
    } catch (err) {
      if (err instanceof BoundaryError) {
        if (err.code === 'hidden') throw new ProtocolError(ProtocolErrorCode.InvalidParams, err.why === OUTSIDE ? this.outside(uri).message : `Refused: ${uri} holds credentials or Glassbox's own keys and sessions`);
        if (err.code === 'is-directory') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${uri} is a folder; read the files in it`);
        if (err.code === 'too-large') throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${uri} is over ${MAX_RESOURCE_BYTES} bytes; files over ${MAX_RESOURCE_BYTES} bytes are not served`);
        if (err.code === 'not-regular') return undefined;
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, err.message);
      }
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw err;
    }
    const text = asText(buf);
    const mimeType = mimeTypeOf(path, text !== undefined);
    return [text !== undefined ? { uri, mimeType, text } : { uri, mimeType, blob: buf.toString('base64') }];
  }

  /** Workspace files in a stable order (sorted, breadth first), skipping tool folders. */
  private files(): string[] {
    const out: string[] = [];
    const queue = [this.root];
    while (queue.length && out.length < MAX_LISTED) {
      const dir = queue.shift()!;
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        continue;
      }
      for (const name of names) {
        const p = join(dir, name);
        let st;
        try {
          st = lstatSync(p);
        } catch {
          continue;
        }
        if (this.isPrivate(p)) continue;
        if (st.isDirectory()) {
          if (!SKIPPED_DIRS.has(name)) queue.push(p);
        } else if (st.isFile()) {
          out.push(p);
        } else if (st.isSymbolicLink()) {
          // Listed only when it leads to a file inside the workspace.
          try {
            const real = realpathSync.native(p);
            if (inside(this.root, real) && statSync(real).isFile()) out.push(p);
          } catch {
            // dangling
          }
        }
        if (out.length >= MAX_LISTED) break;
      }
    }
    return out;
  }

  /** One page of the listing; the cursor is the workspace-relative path of the last file given. */
  list(cursor: string | undefined): { resources: ResourceEntry[]; nextCursor?: string } {
    const all = this.files();
    let start = 0;
    if (cursor !== undefined) {
      const after = join(this.root, cursor);
      start = all.findIndex((p) => p === after) + 1;
      if (start === 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor: the listing changed or the cursor is not ours; list again');
    }
    const page = all.slice(start, start + PAGE);
    const resources = page.map((p) => {
      const rel = relative(this.root, p);
      let size: number | undefined;
      try {
        size = statSync(p).size;
      } catch {
        size = undefined;
      }
      return { uri: this.uriOf(p), name: rel, mimeType: MIME[extname(p).toLowerCase()], ...(size !== undefined ? { size } : {}) };
    });
    const last = page[page.length - 1];
    return { resources, ...(start + PAGE < all.length && last ? { nextCursor: relative(this.root, last) } : {}) };
  }

  /** Completes a path typed so far (absolute, inside the workspace): the entries of its folder that start with it. */
  completePath(value: string): string[] {
    const typed = value.startsWith('/') ? value : join(this.root, value);
    const dir = typed.endsWith('/') ? typed : dirname(typed);
    const prefix = typed.endsWith('/') ? '' : basename(typed);
    let real: string;
    try {
      real = realpathSync.native(dir);
    } catch {
      return [];
    }
    if (!inside(this.root, real)) return [];
    try {
      const out: string[] = [];
      for (const d of readdirSync(real, { withFileTypes: true })) {
        if (!d.name.startsWith(prefix) || SKIPPED_DIRS.has(d.name)) continue;
        const p = join(real, d.name);
        if (this.isPrivate(p)) continue;
        let dir = d.isDirectory();
        if (d.isSymbolicLink()) {
          // Offered only when it leads somewhere inside, like the listing.
          try {
            const target = realpathSync.native(p);
            if (!inside(this.root, target)) continue;
            dir = statSync(target).isDirectory();
          } catch {
            continue;
          }
        }
        out.push(p + (dir ? '/' : ''));
      }
      return out.sort();
    } catch {
      return [];
    }
  }

  /** The catalog template serving all of the above. */
  template(): CatalogResourceTemplate {
    return {
      uriTemplate: 'file://{+path}',
      name: 'workspace-file',
      title: 'Workspace file',
      description: `A file of the Glassbox workspace (${this.root}), read-only: file:///absolute/path`,
      list: (cursor) => this.list(cursor),
      read: (uri) => this.read(uri),
      complete: { path: (value) => this.completePath(value) },
    };
  }
}
