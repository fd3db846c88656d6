import { ModelChangeSchema, type ForkPointKind, type ForkWindowRequest } from '../../../../src-shared/contract/fork-views';

/** The one thing a fork changes, as the window sends it. */
type ForkChange = ForkWindowRequest['change'];
import type { SliceActions } from '../store-types';
import { errorText } from '../store-types';
import type { ForkEditKind, ForkEditor } from './state';

/** Where *Fork from here…* was chosen: a row of the conversation, with what it recorded (the editor's first text). */
export interface ForkTarget {
  kind: ForkPointKind;
  at?: number;
  callId?: string;
  /** What the row recorded (the editor's first text). */
  original?: ForkEditor['original'];
}

/** The edits a row offers, the row's own first. */
export function editsFor(kind: ForkPointKind): ForkEditKind[] {
  const common: ForkEditKind[] = ['model', 'systemPrompt', 'instructions', 'none'];
  if (kind === 'user') return ['message', ...common];
  if (kind === 'call' || kind === 'result') return ['result', 'args', ...common];
  return common;
}

/** The editor's text for an edit: what the row recorded for it. */
function textFor(edit: ForkEditKind, original: ForkEditor['original'], model: string): string {
  if (edit === 'message') return original.message ?? '';
  if (edit === 'args') return original.args ?? '{}';
  if (edit === 'result') return original.result ?? '';
  if (edit === 'model') return model;
  return '';
}

/** The fork slice's actions. */
export interface ForkActions {
  /** Opens the editor on a row of the shown session. */
  openForkEditor(target: ForkTarget): void;
  updateForkEditor(patch: Partial<Pick<ForkEditor, 'edit' | 'text' | 'isError' | 'server' | 'workspace' | 'recorded' | 'provider' | 'temperature' | 'thinking' | 'budget' | 'modelTouched'>>): void;
  closeForkEditor(): void;
  /** Makes the fork: it opens in this window and runs on. */
  submitFork(): Promise<void>;
  /** Opens the compare view of two saved sessions. */
  openCompare(left: string, right: string): Promise<void>;
  closeCompare(): void;
}

/** The edit a row opens with. */
function defaultEdit(kind: ForkPointKind): ForkEditKind {
  return editsFor(kind)[0]!;
}

/** The change the editor describes; throws a sentence for the user when it is not valid. */
export function changeOfEditor(e: ForkEditor): ForkChange {
  switch (e.edit) {
    case 'none':
      return { what: 'none' };
    case 'message':
      if (!e.text.trim()) throw new Error('Type the message the fork starts with.');
      return { what: 'message', text: e.text };
    case 'result':
      return { what: 'result', callId: e.callId ?? '', result: e.isError ? { output: null, error: e.text, images: [], system: null } : { output: e.text, error: null, images: [], system: null } };
    case 'args': {
      let args: Record<string, unknown>;
      try {
        args = JSON.parse(e.text) as Record<string, unknown>;
      } catch (err) {
        throw new Error(`The arguments are not JSON: ${errorText(err)}`);
      }
      if (!args || typeof args !== 'object' || Array.isArray(args)) throw new Error('The arguments must be a JSON object.');
      return { what: 'args', callId: e.callId ?? '', args };
    }
    case 'model':
      return modelChangeOf(e);
    case 'systemPrompt':
      return { what: 'systemPrompt', text: e.text };
    case 'instructions':
      if (!e.server.trim()) throw new Error('Choose the MCP server whose instructions change.');
      return { what: 'instructions', server: e.server.trim(), text: e.text };
  }
}

const FIELD_NAME: Record<string, string> = { provider: 'Provider', model: 'Model', temperature: 'Temperature', thinking: 'Thinking' };

/** The model settings the editor asks for (only those changed), checked by the schema the host checks them with. */
function modelChangeOf(e: ForkEditor): ForkChange {
  const name = e.text.trim();
  if (!name) throw new Error('Name the model the fork uses.');
  const own = e.provider ? e.providers?.find((p) => p.provider === e.provider)?.model : e.baseModel;
  const raw: Record<string, unknown> = { what: 'model' };
  if (e.provider) raw.provider = e.provider;
  if (name !== own) raw.model = name;
  const t = e.temperature.trim();
  if (t) raw.temperature = Number.isFinite(Number(t)) ? Number(t) : t;
  if (e.thinking === 'budget') raw.thinking = /^\d+$/.test(e.budget.trim()) ? Number(e.budget.trim()) : e.budget.trim();
  else if (e.thinking) raw.thinking = e.thinking;
  const parsed = ModelChangeSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = typeof issue.path[0] === 'string' ? FIELD_NAME[issue.path[0]] : undefined;
    if (!field) throw new Error('Change at least one of provider, model, temperature or thinking (or choose Nothing).');
    throw new Error(`${field}: ${issue.message}.`);
  }
  return parsed.data;
}

/** Builds the fork slice's actions. */
export const forkActions: SliceActions<ForkActions> = (set, get, bridge) => ({
  openForkEditor: (target) => {
    const parent = get().sessionId;
    if (!parent) return;
    const edit = defaultEdit(target.kind);
    const model = get().agent.model?.model ?? '';
    const original = target.original ?? {};
    set({
      forkEditor: {
        parent,
        kind: target.kind,
        ...(target.at !== undefined ? { at: target.at } : {}),
        ...(target.callId !== undefined ? { callId: target.callId } : {}),
        edit,
        text: textFor(edit, original, model),
        original,
        isError: original.isError ?? false,
        server: '',
        provider: '',
        temperature: '',
        thinking: '',
        budget: '8000',
        modelTouched: false,
        baseModel: model,
        providers: null,
        workspace: 'copy',
        recorded: false,
        busy: false,
      },
    });
    // The MCP servers, for an edit of one's instructions (the MCP pane may never have been opened).
    if (!get().mcpSnapshot) {
      void bridge()
        .mcp.snapshot()
        .then(
          (mcpSnapshot) => {
            if (!get().mcpSnapshot) set({ mcpSnapshot });
          },
          () => undefined, // the editor's server list stays empty; the MCP pane says why
        );
    }
    // The configured providers, for the model's settings (from the host: never a key).
    void bridge()
      .sessions.forkModels()
      .then(
        (r) => {
          const cur = get().forkEditor;
          if (cur && cur.parent === parent) set({ forkEditor: { ...cur, providers: r.providers, ...(r.error ? { providersError: r.error } : {}) } });
        },
        (err: unknown) => {
          const cur = get().forkEditor;
          if (cur && cur.parent === parent) set({ forkEditor: { ...cur, providers: [], providersError: errorText(err) } });
        },
      );
  },
  updateForkEditor: (patch) => {
    const e = get().forkEditor;
    if (!e) return;
    const next = { ...e, ...patch, error: undefined };
    // Another edit: start from what the row recorded for it.
    if (patch.edit && patch.edit !== e.edit && patch.text === undefined) next.text = textFor(patch.edit, e.original, get().agent.model?.model ?? '');
    // Another provider brings its own model, unless a name was typed.
    if (patch.provider !== undefined && !e.modelTouched) next.text = (patch.provider ? e.providers?.find((p) => p.provider === patch.provider)?.model : undefined) ?? e.baseModel;
    set({ forkEditor: next });
  },
  closeForkEditor: () => set({ forkEditor: null }),
  submitFork: async () => {
    const e = get().forkEditor;
    if (!e || e.busy) return;
    let change: ForkChange;
    try {
      change = changeOfEditor(e);
    } catch (err) {
      set({ forkEditor: { ...e, error: errorText(err) } });
      return;
    }
    set({ forkEditor: { ...e, busy: true, error: undefined } });
    try {
      // Edited arguments run the call again: the fork starts at the call, else after its result.
      const part = e.edit === 'args' ? 'call' : e.kind === 'result' ? 'result' : 'call';
      const r = await bridge().sessions.fork({
        parent: e.parent,
        ...(e.callId ? { callId: e.callId, part } : { at: e.at }),
        change,
        recorded: e.recorded,
        workspace: e.workspace,
      });
      set({ forkEditor: null });
      if (r.warning) get().pushNotice({ level: 'warn', code: `FORK:${r.id}`, message: `The fork runs in a copy of the files: ${r.warning}` });
    } catch (err) {
      set({ forkEditor: { ...get().forkEditor!, busy: false, error: errorText(err) } });
    }
  },
  openCompare: async (left, right) => {
    set({ compare: { left, right, diff: null } });
    try {
      const diff = await bridge().sessions.compare(left, right);
      if (get().compare?.left === left && get().compare?.right === right) set({ compare: { left, right, diff } });
    } catch (err) {
      set({ compare: { left, right, diff: null, error: errorText(err) } });
    }
  },
  closeCompare: () => set({ compare: null }),
});
