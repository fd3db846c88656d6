import type { CommandRisk, SimpleCommandVerdict } from './classification';

/** What one simple command (or redirect) was found to do; rules fill it in. */
export class Finding {
  readonly dangerous: string[] = [];
  readonly unknown: string[] = [];
  /** Set by a rule that checked the command only reads (its options and words included). */
  readOnly = false;
  constructor(
    /** What the safe summary calls it (`ls`, `git`); '' for redirects. */
    readonly label: string,
    /** Literal text for approval rules; null when rules may not decide it. */
    readonly text: string | null,
  ) {}

  get risk(): CommandRisk {
    if (this.dangerous.length) return 'dangerous';
    if (this.unknown.length || !this.readOnly) return 'unknown';
    return 'safe';
  }
}

/** Everything found in one command line: per simple command, writes outside, network. */
export class Findings {
  readonly items: Finding[] = [];
  readonly writesOutside = new Set<string>();
  readonly network = new Set<string>();

  add(f: Finding): Finding {
    this.items.push(f);
    return f;
  }

  /** Something about the line as a whole that cannot be known (a parse error, unknown syntax). */
  unknown(reason: string): void {
    const f = new Finding('', null);
    f.unknown.push(reason);
    this.items.push(f);
  }

  verdicts(): SimpleCommandVerdict[] {
    return this.items.map((f) => ({
      text: f.text,
      risk: f.risk,
      reasons: f.risk === 'dangerous' ? [...f.dangerous, ...f.unknown] : f.risk === 'unknown' ? (f.unknown.length ? [...f.unknown] : [`${f.label} is not on the read-only allowlist (what it writes or runs is not known)`]) : [`read-only: ${f.label}`],
    }));
  }
}
