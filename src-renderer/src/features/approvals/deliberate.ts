import type { WaitingApproval } from '../../store/dialogs/selectors';

/** True when Allow should take a second, deliberate press: a dangerous command or a call that leaves the sandbox. */
export function needsDeliberateAllow(d: Pick<WaitingApproval, 'dangerous' | 'escalation'>): boolean {
  return !!d.dangerous || !!d.escalation;
}
