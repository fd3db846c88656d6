import type { DoctorReport } from '../../../../src-shared/contract/doctor-views';

const MARK = { ok: '✓', failed: '✗', skipped: '–' } as const;

/** The doctor's ordered checks of one server: each with what it saw, the failing one with what to do. */
export function DoctorReportView({ report, onClose }: { report: DoctorReport; onClose(): void }) {
  return (
    <div className={`doctor-report ${report.healthy ? 'healthy' : 'failed'}`} data-testid="mcp-doctor-report" data-failed-step={report.failedStep ?? ''}>
      <div className="wb-row">
        <strong>Doctor</strong>
        <span className={report.healthy ? 'wb-ok small' : 'wb-error small'} data-testid="mcp-doctor-verdict">
          {report.healthy ? 'Healthy: every check passed' : `Failed at ${report.failedStep}`}
        </span>
        <span className="wb-spacer" />
        <button className="link-button" onClick={onClose}>
          Close
        </button>
      </div>
      <ol className="doctor-checks">
        {report.checks.map((c) => (
          <li key={c.step} className={`doctor-check ${c.status}`} data-testid="mcp-doctor-check" data-step={c.step} data-status={c.status}>
            <div className="wb-row">
              <span className="doctor-mark" aria-label={c.status}>{MARK[c.status]}</span>
              <span className="wb-badge">{c.step}</span>
              <span>{c.title}</span>
              <span className="wb-spacer" />
              <span className="small muted">{c.durationMs} ms</span>
            </div>
            <pre className="wb-pre small doctor-saw">{c.saw}</pre>
            {c.fix ? (
              <div className="doctor-fix small" data-testid="mcp-doctor-fix">
                <strong>What to do:</strong> {c.fix}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
