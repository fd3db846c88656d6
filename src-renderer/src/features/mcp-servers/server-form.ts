import type {
  MaskedServerConfig,
  McpServerView,
  ServerConfigInput,
} from '../../../../src-shared/contract/workbench-views';

/** One env or header row in the form. `kept` rows hold a secret the page never saw. */
export interface FormEntry {
  key: string;
  value: string;
  kept: boolean;
}

/** The add/edit form's state. */
export interface ServerForm {
  id: string;
  transport: 'stdio' | 'http' | 'sse';
  command: string;
  /** One argument per line (arguments may contain spaces). */
  args: string;
  cwd: string;
  url: string;
  env: FormEntry[];
  headers: FormEntry[];
  timeoutMs: string;
  includeInstructions: boolean;
}

/** An empty form for a new server. */
export function emptyServerForm(): ServerForm {
  return { id: '', transport: 'stdio', command: '', args: '', cwd: '', url: '', env: [], headers: [], timeoutMs: '', includeInstructions: true };
}

function transportOf(c: MaskedServerConfig): ServerForm['transport'] {
  if (c.type === 'sse') return 'sse';
  if (c.type && c.type !== 'stdio') return 'http';
  if (!c.type && c.url && !c.command) return 'http';
  return 'stdio';
}

/** The form for editing an existing server: secrets stay masked (`kept`). */
export function formFromServer(id: string, c: MaskedServerConfig): ServerForm {
  const rows = (entries: MaskedServerConfig['env']): FormEntry[] =>
    entries.map((e) => ({ key: e.key, value: e.masked ? '' : (e.value ?? ''), kept: e.masked }));
  return {
    id,
    transport: transportOf(c),
    command: c.command ?? '',
    args: (c.args ?? []).join('\n'),
    cwd: c.cwd ?? '',
    url: c.url ?? '',
    env: rows(c.env),
    headers: rows(c.headers),
    timeoutMs: c.timeoutMs !== undefined ? String(c.timeoutMs) : '',
    includeInstructions: c.includeInstructions,
  };
}

/** Checks the form; returns what to fix, or the config to send. Pure. */
export function inputFromForm(f: ServerForm): { ok: true; id: string; input: ServerConfigInput } | { ok: false; reason: string } {
  const id = f.id.trim();
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return { ok: false, reason: 'Server id: letters, digits, _ and - only (1–64 characters).' };
  const rows = (entries: FormEntry[], what: string): { key: string; value: string | null }[] | string => {
    const out: { key: string; value: string | null }[] = [];
    const seen = new Set<string>();
    for (const e of entries) {
      const key = e.key.trim();
      if (!key && !e.value) continue;
      if (!key) return `${what}: a value has no name.`;
      if (seen.has(key)) return `${what}: '${key}' appears twice.`;
      seen.add(key);
      out.push({ key, value: e.kept && e.value === '' ? null : e.value });
    }
    return out;
  };
  const env = rows(f.env, 'Environment');
  if (typeof env === 'string') return { ok: false, reason: env };
  const headers = rows(f.headers, 'Headers');
  if (typeof headers === 'string') return { ok: false, reason: headers };
  let timeoutMs: number | undefined;
  if (f.timeoutMs.trim()) {
    timeoutMs = Number(f.timeoutMs);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) return { ok: false, reason: 'Timeout: a whole number of milliseconds.' };
  }
  const input: ServerConfigInput = { includeInstructions: f.includeInstructions, timeoutMs };
  if (f.transport === 'stdio') {
    if (!f.command.trim()) return { ok: false, reason: 'A stdio server needs a command.' };
    Object.assign(input, {
      // Cleared fields are sent as '' (JSON drops undefined); the host removes them.
      type: '',
      command: f.command.trim(),
      args: f.args.split('\n').map((a) => a.trim()).filter(Boolean),
      cwd: f.cwd.trim(),
      url: '',
      env,
      headers: [],
    });
  } else {
    const url = f.url.trim();
    if (!/^https?:\/\//i.test(url)) return { ok: false, reason: 'An http or sse server needs an http(s) URL.' };
    Object.assign(input, { type: f.transport, url, command: '', args: [], cwd: '', headers, env: [] });
  }
  return { ok: true, id, input };
}

/** The colour class of a status dot. */
export function statusTone(status: McpServerView['status']): 'ok' | 'busy' | 'bad' | 'off' {
  switch (status) {
    case 'connected':
      return 'ok';
    case 'connecting':
      return 'busy';
    case 'error':
      return 'bad';
    default:
      return 'off';
  }
}
