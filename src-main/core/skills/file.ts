import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';

/** What a SKILL.md's front matter must hold (the Agent Skills format; other keys are kept). */
export const SkillFrontMatterSchema = z.looseObject({
  name: z
    .string()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens (e.g. "pdf-forms")'),
  description: z.string().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
});

/** The front matter of a valid SKILL.md. */
export type SkillFrontMatter = z.infer<typeof SkillFrontMatterSchema>;

/** A parsed SKILL.md: its front matter and the instructions after it. */
export interface ParsedSkillFile {
  frontMatter: SkillFrontMatter;
  /** The markdown after the closing `---` line. */
  body: string;
}

/** Why a SKILL.md could not be read, with the line (1-based, counting from the file's first line). */
export interface SkillFileProblem {
  line: number;
  message: string;
}

/**
 * Parses a SKILL.md: a `---` line, YAML front matter with `name` and `description`, a closing
 * `---` line, then the instructions. Problems carry the file line they are on, so the user can
 * go straight to it.
 */
export function parseSkillFile(text: string): { ok: true; skill: ParsedSkillFile } | { ok: false; problem: SkillFileProblem } {
  const src = text.replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
  const lines = src.split('\n');
  if (lines[0]?.trimEnd() !== '---') return { ok: false, problem: { line: 1, message: 'SKILL.md must begin with a "---" line opening its front matter' } };
  const close = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---');
  if (close < 0) return { ok: false, problem: { line: lines.length, message: 'the front matter has no closing "---" line' } };
  const yamlText = lines.slice(1, close).join('\n');
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  // Line numbers of the YAML text start at the file's second line.
  const fileLine = (offset: number): number => counter.linePos(offset).line + 1;
  const first = doc.errors[0];
  if (first) return { ok: false, problem: { line: fileLine(first.pos[0]), message: `invalid YAML: ${first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}` } };
  const value: unknown = doc.toJS();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: { line: 2, message: 'the front matter must be a mapping with "name" and "description"' } };
  }
  const parsed = SkillFrontMatterSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0] ?? '');
    const node = key ? doc.get(key, true) : undefined;
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    const message = key ? (value as Record<string, unknown>)[key] === undefined ? `"${key}" is missing` : `"${key}" ${issue.message}` : issue.message;
    return { ok: false, problem: { line: range ? fileLine(range[0]) : 2, message } };
  }
  return { ok: true, skill: { frontMatter: parsed.data, body: lines.slice(close + 1).join('\n').replace(/^\n+/, '') } };
}
