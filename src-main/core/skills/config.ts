import { z } from 'zod';
import { updateConfigFile, type GlassboxConfig } from '../config/config';

/** The config's `skills` section: names the user switched off. */
export const SkillsConfigSchema = z.object({ disabled: z.array(z.string()).default([]) }).loose();

/** The `skills` section as used (a malformed one counts as empty: every skill on). */
export function skillsSection(config: GlassboxConfig): z.infer<typeof SkillsConfigSchema> {
  const parsed = SkillsConfigSchema.safeParse(config.skills ?? {});
  return parsed.success ? parsed.data : { disabled: [] };
}

/** Saves a skill's switch in the user's config file (`skills.disabled`). Throws when it cannot be written. */
export function saveSkillEnabled(configPath: string, name: string, enabled: boolean): void {
  updateConfigFile(configPath, (c) => {
    const section = c.skills && typeof c.skills === 'object' && !Array.isArray(c.skills) ? (c.skills as Record<string, unknown>) : {};
    const current = Array.isArray(section.disabled) ? section.disabled.filter((x): x is string => typeof x === 'string') : [];
    const disabled = enabled ? current.filter((n) => n !== name) : current.includes(name) ? current : [...current, name];
    return { ...c, skills: { ...section, disabled } };
  });
}
