// Glassbox example extension: an audit log of every tool call.
//
// Each tool call adds two lines to a JSON Lines file: one when it starts (tool, source,
// arguments) and one when it ends (result, duration, blocked). The file is
// <workspace>/.glassbox/audit.jsonl unless the config says otherwise:
//   { "extensions": { "audit-log": { "file": "logs/audit.jsonl" } } }   (relative to the workspace)
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** @typedef {import('../../../glassbox-extension').ExtensionApi} ExtensionApi */

/** @implements {import('../../../glassbox-extension').GlassboxExtension} */
export default class AuditLog {
  /** @param {ExtensionApi} api */
  onLoad(api) {
    const configured = typeof api.config.file === 'string' ? api.config.file : '.glassbox/audit.jsonl';
    this.file = resolve(api.workDir, configured);
    mkdirSync(dirname(this.file), { recursive: true });

    // Appending synchronously: a one-shot `glassbox tools call` exits right after the call,
    // and a buffered write could be lost.
    const write = (record) => appendFileSync(this.file, JSON.stringify(record) + '\n');

    api.subscribe('tool_execution_start', (e) => {
      write({ ts: e.ts, session: e.session, event: 'start', callId: e.callId, tool: e.tool, source: e.source, args: e.args });
    });
    api.subscribe('tool_execution_end', (e) => {
      write({
        ts: e.ts,
        session: e.session,
        event: 'end',
        callId: e.callId,
        tool: e.tool,
        ok: !e.result.error,
        output: e.result.output,
        error: e.result.error,
        blocked: e.blocked ?? false,
        durationMs: e.durationMs,
      });
    });
    api.log.debug(`writing to ${this.file}`);
  }

  onUnload() {
    // Nothing to close: every line is appended and flushed as it happens. Subscriptions are
    // removed by Glassbox.
  }
}
