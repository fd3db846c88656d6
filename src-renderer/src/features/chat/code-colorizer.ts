import { loadMonaco, monacoTheme } from '../edits/DiffView';

const ALIASES: Record<string, string> = {
  js: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  console: 'shell',
  yml: 'yaml',
  rs: 'rust',
  rb: 'ruby',
  'c++': 'cpp',
  c: 'cpp',
  cs: 'csharp',
  ps1: 'powershell',
  md: 'markdown',
};

/** Longest code coloured (beyond it the text stays plain: colouring is per line, on the page's thread). */
const MAX_CHARS = 200_000;

/**
 * HTML of `code` coloured as `language` by Monaco's colorizer (escaped by Monaco; tokens as
 * spans with its theme's classes). An unknown language or a failure gives null: show it plain.
 */
export async function colorize(code: string, language: string): Promise<string | null> {
  if (code.length > MAX_CHARS) return null;
  const id = ALIASES[language.toLowerCase()] ?? language.toLowerCase();
  try {
    const monaco = await loadMonaco();
    if (!monaco.languages.getLanguages().some((l) => l.id === id)) return null;
    monaco.editor.setTheme(monacoTheme());
    return await monaco.editor.colorize(code, id, { tabSize: 4 });
  } catch {
    return null;
  }
}
