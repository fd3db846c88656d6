/**
 * Monaco, bundled locally (no CDN): the editor API, the contributions the panes use (find,
 * hover for schema errors, folding, context menu), syntax colouring for common languages (a file of another language shows as plain text), and the
 * JSON language service (schema validation in the replay editor). The TypeScript/CSS/HTML
 * language services are left out on purpose: the panes only show text, and each would need its
 * own large worker.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/documentSymbols/browser/documentSymbols';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/browser/coreCommands';
// The JSON service's worker manager pulls in more contributions (code lens, drop into editor);
// these register the services those need.
import 'monaco-editor/editor/contrib/codelens/browser/codeLensCache';
import 'monaco-editor/editor/common/services/treeViewsDndService';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/scss/register';
import 'monaco-editor/languages/definitions/less/register';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/go/register';
import 'monaco-editor/languages/definitions/rust/register';
import 'monaco-editor/languages/definitions/java/register';
import 'monaco-editor/languages/definitions/kotlin/register';
import 'monaco-editor/languages/definitions/cpp/register';
import 'monaco-editor/languages/definitions/csharp/register';
import 'monaco-editor/languages/definitions/ruby/register';
import 'monaco-editor/languages/definitions/php/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/definitions/dockerfile/register';
import 'monaco-editor/languages/definitions/ini/register';
import 'monaco-editor/languages/definitions/swift/register';
import 'monaco-editor/languages/definitions/lua/register';
import 'monaco-editor/languages/definitions/perl/register';
import 'monaco-editor/languages/definitions/r/register';
import 'monaco-editor/languages/definitions/powershell/register';
import 'monaco-editor/languages/definitions/bat/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

// Workers come from the app's own origin (CSP worker-src 'self' blob:).
(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// Monaco's theme is one for every editor on the page: when the OS switches between light and
// dark, every open editor and diff follows at once, like the rest of the window (their theme
// was only read when each was made: a dark window kept a white diff).
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', (e) => monaco.editor.setTheme(e.matches ? 'vs-dark' : 'vs'));

export { jsonDefaults, monaco };
