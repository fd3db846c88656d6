// Glassbox example extension: a `note_add` / `note_list` tool pair guarded by a
// before-hook policy. CommonJS and without a plugin.yaml: the folder name is its name.
//
// Notes go to NOTES.md in the workspace. The policy blocks a note that looks like a secret
// (the model sees `[BLOCKED] <reason>` and the tool never runs) or is longer than
// `maxLength` characters (config: { "extensions": { "notes": { "maxLength": 200 } } }).
const { appendFileSync, existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/** Things that look like credentials: OpenAI/Anthropic keys, AWS key ids, `password=...`. */
const SECRET = /\b(?:sk-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16})\b|password\s*[:=]/i;

/**
 * The policy, kept pure so it is easy to test and reason about.
 * @param {string} text
 * @param {number} maxLength
 * @returns {{ blocked: true, reason: string } | undefined}
 */
function checkNote(text, maxLength) {
  if (SECRET.test(text)) return { blocked: true, reason: 'notes policy: the text looks like a secret; keep credentials out of NOTES.md' };
  if (text.length > maxLength) return { blocked: true, reason: `notes policy: a note is at most ${maxLength} characters (got ${text.length})` };
  return undefined;
}

class Notes {
  /** @param {import('../../../glassbox-extension').ExtensionApi} api */
  onLoad(api) {
    const file = join(api.workDir, 'NOTES.md');
    const maxLength = typeof api.config.maxLength === 'number' ? api.config.maxLength : 500;
    const read = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('- ')) : []);

    api.registerTool({
      name: 'note_add',
      description: 'Adds one line to the project notes (NOTES.md in the workspace). Use it to remember a decision or a to-do. Returns the note number.',
      inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'the note, one line' } }, required: ['text'], additionalProperties: false },
      execute: ({ text }) => {
        appendFileSync(file, `- ${String(text).replace(/\s*\n\s*/g, ' ')}\n`);
        return `Added note #${read().length} to NOTES.md`;
      },
    });
    api.registerTool({
      name: 'note_list',
      description: 'Lists the project notes (NOTES.md in the workspace), numbered.',
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      annotations: { readOnlyHint: true },
      execute: () => {
        const notes = read();
        return notes.length ? notes.map((l, i) => `${i + 1}. ${l.slice(2)}`).join('\n') : 'No notes yet.';
      },
    });

    // The policy runs before every tool call (after argument validation, before approval).
    api.addBeforeToolHook((call) => (call.tool === 'note_add' ? checkNote(String(call.args.text), maxLength) : undefined));
  }
}

module.exports = Notes;
module.exports.checkNote = checkNote;
