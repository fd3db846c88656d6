import { useEffect, useState } from 'react';
import type { SkillsView } from '../../../../src-shared/contract/skills-registry-views';
import { useApp } from '../../store/app-context';

/** The session's skills: name, source, what its line costs in the prompt, a switch; SKILL.md files that could not be used. */
export function SkillsSection() {
  const list = useApp((s) => s.listSkills);
  const setEnabled = useApp((s) => s.setSkillEnabled);
  const [view, setView] = useState<SkillsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void list().then(setView, (e: Error) => setError(e.message));
  }, [list]);
  const toggle = (name: string, on: boolean): void => {
    void setEnabled(name, on).then(setView, (e: Error) => setError(e.message));
  };
  return (
    <div data-testid="skills-section">
      <div className="label">Skills</div>
      {error ? <div className="wb-error small">{error}</div> : null}
      {view && !view.skills.length ? (
        <p className="muted small">No skills. Put one in ~/.glassbox/skills/NAME/SKILL.md or the workspace's .glassbox/skills/, .agents/skills/ or .claude/skills/.</p>
      ) : null}
      {view?.skills.map((s) => (
        <div key={s.name} className="wb-card skill-row" data-testid="skill" data-skill={s.name} data-enabled={s.enabled}>
          <div className="wb-row">
            <label className="small">
              <input type="checkbox" checked={s.enabled} onChange={(e) => toggle(s.name, e.target.checked)} data-testid="skill-toggle" /> <strong>{s.name}</strong>
            </label>
            <span className="wb-badge" data-testid="skill-source">{s.source}</span>
            <span className="wb-spacer" />
            <span className="small muted" title="What its name and description cost in every request">~{s.tokens} tokens</span>
          </div>
          <div className="small">{s.description}</div>
        </div>
      ))}
      {view?.problems.map((p, i) => (
        <div key={i} className="wb-error small" data-testid="skill-problem">
          {p.file}:{p.line}: {p.message}
        </div>
      ))}
    </div>
  );
}
