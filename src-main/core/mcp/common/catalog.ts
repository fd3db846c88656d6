import type { McpCallContext } from './call-context';
import { UriTemplateMatcher } from './uri-template';

/** Who contributed an entry: Glassbox itself or an extension (`extension:<name>`). */
export type CatalogSource = 'builtin' | `extension:${string}`;

/** One piece of a resource's content (MCP `ResourceContents`): text or base64 `blob`. */
export interface ResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A resource as listed (MCP `Resource`). */
export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A fixed resource with its reader. */
export interface CatalogResource extends ResourceEntry {
  read(): ResourceContent[] | Promise<ResourceContent[]>;
}

/** Suggests values for one variable or argument from what the user typed so far. */
export type Completer = (value: string, context: { arguments: Record<string, string> }) => string[] | Promise<string[]>;

/** A page of a template's resources. */
export interface ResourcePage {
  resources: ResourceEntry[];
  nextCursor?: string;
}

/** A family of resources named by an RFC 6570 URI template (`file:///{+path}`). */
export interface CatalogResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** The template's resources, a page at a time (`cursor` is the previous page's `nextCursor`). */
  list?(cursor: string | undefined): ResourcePage | Promise<ResourcePage>;
  /** Reads one resource; undefined when there is none at `uri` (answered as not found). */
  read(uri: string, variables: Record<string, string>): ResourceContent[] | undefined | Promise<ResourceContent[] | undefined>;
  /** Completions per variable name. */
  complete?: Record<string, Completer>;
}

/** A content block of a prompt message (MCP `ContentBlock`: text, image, audio, resource). */
export type PromptContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: ResourceContent };

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: PromptContent;
}

/** A prompt template with arguments. */
export interface CatalogPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
  /** Builds the messages; `ctx` can ask the client (elicit, sample, roots) in either era. */
  get(args: Record<string, string>, ctx: McpCallContext): PromptMessage[] | { description?: string; messages: PromptMessage[] } | Promise<PromptMessage[] | { description?: string; messages: PromptMessage[] }>;
  /** Completions per argument name. */
  complete?: Record<string, Completer>;
}

interface Owned<T> {
  source: CatalogSource;
  def: T;
}

/** What changed, for list-changed notifications. */
export type CatalogChange = 'resources' | 'prompts';

/** Most values a completion returns (the spec's limit). */
const MAX_COMPLETIONS = 100;

/**
 * Everything `glassbox mcp serve` offers besides tools: resources, resource templates and
 * prompts with their completions, from Glassbox and from extensions. The first entry under a
 * URI or name keeps it; removing a source removes all it contributed.
 */
export class McpCatalog {
  private readonly resources = new Map<string, Owned<CatalogResource>>();
  private readonly templates = new Map<string, Owned<CatalogResourceTemplate> & { parsed: UriTemplateMatcher }>();
  private readonly prompts = new Map<string, Owned<CatalogPrompt>>();
  private readonly listeners = new Set<(c: CatalogChange) => void>();
  private readonly updateListeners = new Set<(uri: string) => void>();

  /** Calls `fn` when a contributor says a resource's content changed; returns the unsubscribe. */
  onUpdated(fn: (uri: string) => void): () => void {
    this.updateListeners.add(fn);
    return () => this.updateListeners.delete(fn);
  }

  /** A contributor's word that the resource at `uri` changed (subscribers are told). */
  updated(uri: string): void {
    for (const fn of [...this.updateListeners]) fn(uri);
  }

  /** Calls `fn` after every change; returns the unsubscribe. */
  onChange(fn: (c: CatalogChange) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(c: CatalogChange): void {
    for (const fn of [...this.listeners]) fn(c);
  }

  /** Adds a fixed resource; false when the URI is taken. Returns whether it was added. */
  addResource(def: CatalogResource, source: CatalogSource): boolean {
    if (this.resources.has(def.uri)) return false;
    this.resources.set(def.uri, { source, def });
    this.changed('resources');
    return true;
  }

  /** Adds a template; false when the same template text is taken. Throws on a malformed template. */
  addTemplate(def: CatalogResourceTemplate, source: CatalogSource): boolean {
    if (this.templates.has(def.uriTemplate)) return false;
    const parsed = new UriTemplateMatcher(def.uriTemplate);
    this.templates.set(def.uriTemplate, { source, def, parsed });
    this.changed('resources');
    return true;
  }

  /** Adds a prompt; false when the name is taken. */
  addPrompt(def: CatalogPrompt, source: CatalogSource): boolean {
    if (this.prompts.has(def.name)) return false;
    this.prompts.set(def.name, { source, def });
    this.changed('prompts');
    return true;
  }

  /** Removes one entry if `source` still owns it. */
  remove(kind: 'resource' | 'template' | 'prompt', key: string, source: CatalogSource): void {
    const map = kind === 'resource' ? this.resources : kind === 'template' ? this.templates : this.prompts;
    const e = map.get(key);
    if (!e || e.source !== source) return;
    map.delete(key);
    this.changed(kind === 'prompt' ? 'prompts' : 'resources');
  }

  /** Removes everything `source` contributed. */
  removeSource(source: CatalogSource): void {
    let res = false;
    let pr = false;
    for (const [k, e] of this.resources) if (e.source === source) res = this.resources.delete(k) || res;
    for (const [k, e] of this.templates) if (e.source === source) res = this.templates.delete(k) || res;
    for (const [k, e] of this.prompts) if (e.source === source) pr = this.prompts.delete(k) || pr;
    if (res) this.changed('resources');
    if (pr) this.changed('prompts');
  }

  /** The fixed resources. */
  fixedResources(): CatalogResource[] {
    return [...this.resources.values()].map((e) => e.def);
  }

  /** The templates, in the order they were added. */
  resourceTemplates(): CatalogResourceTemplate[] {
    return [...this.templates.values()].map((e) => e.def);
  }

  /** The prompts. */
  promptList(): CatalogPrompt[] {
    return [...this.prompts.values()].map((e) => e.def);
  }

  /** A prompt by name. */
  prompt(name: string): CatalogPrompt | undefined {
    return this.prompts.get(name)?.def;
  }

  /** A fixed resource by URI. */
  resource(uri: string): CatalogResource | undefined {
    return this.resources.get(uri)?.def;
  }

  /** The template a URI belongs to (the first added that matches), with its variables. */
  matchTemplate(uri: string): { template: CatalogResourceTemplate; variables: Record<string, string> } | undefined {
    for (const e of this.templates.values()) {
      const variables = e.parsed.match(uri);
      if (variables) return { template: e.def, variables };
    }
    return undefined;
  }

  /** A template by its template text. */
  template(uriTemplate: string): CatalogResourceTemplate | undefined {
    return this.templates.get(uriTemplate)?.def;
  }

  /** Runs a completer and trims the answer to the spec's shape. */
  static async complete(fn: Completer | undefined, value: string, args: Record<string, string>): Promise<{ values: string[]; total: number; hasMore: boolean }> {
    if (!fn) return { values: [], total: 0, hasMore: false };
    const all = (await fn(value, { arguments: args })).filter((v) => typeof v === 'string');
    return { values: all.slice(0, MAX_COMPLETIONS), total: all.length, hasMore: all.length > MAX_COMPLETIONS };
  }
}
