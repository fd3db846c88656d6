/** What a session's model name may be: checked by the host at the edge and by the core session. */
import { z } from 'zod';

/** The longest model name a session accepts (real ones are well under 100 characters). */
export const MAX_MODEL_NAME = 200;

/**
 * Why a model name is refused, or null when it is fine: empty, too long, or with control or
 * bidi-override characters (it is shown in the window and sent in every request body).
 */
export function modelNameProblem(model: unknown): string | null {
  if (typeof model !== 'string') return 'The model must be a string.';
  const name = model.trim();
  if (!name) return 'Name a model.';
  if (name.length > MAX_MODEL_NAME) return `A model name has at most ${MAX_MODEL_NAME} characters.`;
  if (/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(name)) return 'A model name cannot hold control or direction characters.';
  return null;
}


/** A model name as the window sends it (`sessions.setModel`): refused for the reasons of modelNameProblem. */
export const ModelNameSchema = z.string().superRefine((name, ctx) => {
  const problem = modelNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
