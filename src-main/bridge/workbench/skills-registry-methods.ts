import type { GlassboxConfig } from '../../core/config/config';
import type { GlassboxPaths } from '../../core/config/paths';
import { runDoctor } from '../../core/mcp/client/doctor/run-doctor';
import { registrySettings } from '../../core/mcp/registry/config';
import { defaultServerId, installInputs, installOptions } from '../../core/mcp/registry/install';
import { RegistryService, type RegistryHit } from '../../core/mcp/registry/service';
import type { McpAuthFactory } from '../../core/mcp/client/oauth/server-auth';
import { SecretStore } from '../../core/secrets/store';
import type { SkillCatalog } from '../../core/skills/catalog';
import { saveSkillEnabled } from '../../core/skills/config';
import { BridgeError } from '../../../src-shared/contract/wire';
import type { SkillsRegistryMethods } from '../../../src-shared/contract/skills-registry-methods';
import type { RegistryEntryView, SkillsView } from '../../../src-shared/contract/skills-registry-views';
import type { McpActionResult } from '../../../src-shared/contract/workbench-views';
import type { McpPageService, McpPort, McpSignInPort } from './mcp-page-service';
import { pageRedactor } from './mcp-page-service';

/** What these methods need of the current session (GlassboxSession satisfies it). */
export interface SkillsRegistrySession {
  readonly skills?: SkillCatalog;
  readonly config?: GlassboxConfig;
  readonly paths?: GlassboxPaths;
  readonly workspace?: string;
  readonly mcp?: McpPort;
  readonly signIn?: McpSignInPort & { factory?: McpAuthFactory };
}

type Handlers = { [M in keyof SkillsRegistryMethods]: (...args: SkillsRegistryMethods[M]['args']) => Promise<SkillsRegistryMethods[M]['result']> | SkillsRegistryMethods[M]['result'] };

function skillsView(c: SkillCatalog): SkillsView {
  return { skills: c.list().map((s) => ({ ...s, tokens: Math.ceil((s.name.length + s.description.length + 5) / 4) })), problems: c.problems() };
}

function entryView(hit: RegistryHit, installed: Record<string, string>): RegistryEntryView {
  const s = hit.entry.server;
  const status = hit.entry._meta?.['io.modelcontextprotocol.registry/official']?.status;
  const installedAs = installed[s.name];
  return {
    registry: hit.registry,
    name: s.name,
    ...(s.title ? { title: s.title } : {}),
    description: s.description,
    version: s.version,
    ...(status ? { status } : {}),
    ...(s.websiteUrl ? { websiteUrl: s.websiteUrl } : {}),
    ...(s.repository?.url ? { repository: s.repository.url } : {}),
    options: installOptions(s).map((o) => ({ ...o, inputs: o.unsupported ? [] : installInputs(s, o.key) })),
    ...(installedAs ? { installedAs } : {}),
  };
}

/** The skills, registry and doctor handlers over the current session; `page` gives the MCP page for action results. */
export function skillsRegistryHandlers(current: () => SkillsRegistrySession | null, page: () => McpPageService, env: NodeJS.ProcessEnv): Handlers {
  const need = (): Required<Pick<SkillsRegistrySession, 'config' | 'paths' | 'workspace' | 'mcp'>> & SkillsRegistrySession => {
    const s = current();
    if (!s?.config || !s.paths || !s.workspace || !s.mcp) throw new BridgeError('FAILED', 'No session is open.');
    return s as Required<Pick<SkillsRegistrySession, 'config' | 'paths' | 'workspace' | 'mcp'>> & SkillsRegistrySession;
  };
  const service = (): RegistryService => new RegistryService(registrySettings(need().config));
  /** Registry name → configured server id, for the servers installed from a registry. */
  const installed = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const s of need().mcp.servers()) if (s.config.registry?.name) out[s.config.registry.name] = s.id;
    return out;
  };
  const failed = (err: unknown): never => {
    throw new BridgeError('FAILED', (err as Error).message);
  };
  return {
    'skills.list': () => {
      const c = current()?.skills;
      if (!c) return { skills: [], problems: [] };
      c.rescan();
      return skillsView(c);
    },
    'skills.setEnabled': (name, enabled) => {
      const s = need();
      if (!s.skills) throw new BridgeError('FAILED', 'Skills are not available in this session.');
      saveSkillEnabled(s.paths.config, name, enabled);
      s.skills.setEnabled(name, enabled);
      return skillsView(s.skills);
    },
    'mcp.doctor': async (id) => {
      const s = need();
      const server = s.mcp.servers().find((x) => x.id === id);
      if (!server) throw new BridgeError('NOT_FOUND', `No server '${id}'.`);
      const report = await runDoctor(id, server.config, {
        workspace: s.workspace,
        env,
        configPath: s.paths.config,
        ...(s.signIn?.factory ? { auth: s.signIn.factory } : {}),
        ...(s.signIn?.applies(server.config) ? { signedIn: () => s.signIn!.status(id, server.config).signedIn } : {}),
      });
      // What a server prints (stderr) may hold a secret of the config: hidden as on the cards.
      const redactor = pageRedactor(Object.fromEntries(s.mcp.servers().map((x) => [x.id, x.config])), env);
      return { ...report, checks: report.checks.map((c) => ({ ...c, saw: redactor.redact(c.saw), ...(c.fix ? { fix: redactor.redact(c.fix) } : {}) })) };
    },
    'mcp.registrySearch': async (query) => {
      try {
        const r = await service().search(query, 30);
        const inst = installed();
        return { entries: r.hits.map((h) => entryView(h, inst)), failures: r.failures };
      } catch (err) {
        return failed(err);
      }
    },
    'mcp.registryVersions': async (name) => {
      try {
        const inst = installed();
        return (await service().versions(name)).map((h) => entryView(h, inst));
      } catch (err) {
        return failed(err);
      }
    },
    'mcp.registryInstall': async (name, version, option, id, values): Promise<McpActionResult> => {
      const s = need();
      const p = page();
      try {
        const svc = service();
        const hit = await svc.entry(name, version);
        const serverId = id.trim() || defaultServerId(hit.entry.server.name);
        const strings = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
        await svc.install(hit, option, serverId, strings, new SecretStore(s.paths.state), (i, c) => s.mcp.add(i, c));
        return { ok: true, snapshot: p.snapshot(), note: `Installed ${hit.entry.server.name}@${hit.entry.server.version} as '${serverId}'.` };
      } catch (err) {
        return { ok: false, error: (err as Error).message, snapshot: p.snapshot() };
      }
    },
    'mcp.registryUpdates': async () => {
      const s = need();
      const out: Record<string, string> = {};
      const svc = service();
      await Promise.all(
        s.mcp.servers().map(async (x) => {
          const reg = x.config.registry;
          if (!reg?.name) return;
          try {
            const latest = (await svc.entry(reg.name, 'latest')).entry.server.version;
            if (latest !== reg.version) out[x.id] = latest;
          } catch {
            // A registry that does not answer shows no update.
          }
        }),
      );
      return out;
    },
  };
}
