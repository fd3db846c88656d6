/** The checks of the MCP connection doctor, in the order they run. */
export const DOCTOR_STEPS = ['config', 'command', 'start', 'dns', 'tcp', 'tls', 'http', 'oauth', 'handshake', 'lists', 'schemas', 'call'] as const;

/** One check of the doctor. */
export type DoctorStep = (typeof DOCTOR_STEPS)[number];

/** What one check found. */
export interface DoctorCheck {
  step: DoctorStep;
  /** What was checked, in words ("DNS lookup of api.example.com"). */
  title: string;
  /** `skipped`: it does not apply to this server (TLS of plain http, sign-in of a stdio server). */
  status: 'ok' | 'failed' | 'skipped';
  /** What the doctor saw (addresses, status line, versions, counts, the error). */
  saw: string;
  /** What to do about a failure. */
  fix?: string;
  durationMs: number;
}

/** The doctor's report on one server: the checks up to and including the first failure. */
export interface DoctorReport {
  server: string;
  transport: string;
  healthy: boolean;
  /** The step that failed, or null when every check passed. */
  failedStep: DoctorStep | null;
  checks: DoctorCheck[];
}
