/** How risky a shell command looks: read-only, can't tell, or destructive/escalating. */
export type CommandRisk = 'safe' | 'unknown' | 'dangerous';

/** The verdict on one simple command of a line (or on one of its writing redirects). */
export interface SimpleCommandVerdict {
  /**
   * The command as its literal words joined by spaces (what an approval rule's glob is tested
   * against); null when rules may not decide it: a redirect, a function definition, or words
   * only known at run time.
   */
  text: string | null;
  risk: CommandRisk;
  reasons: string[];
}

/** The classifier's verdict with human-readable reasons (shown in approvals and the trace). */
export interface CommandClassification {
  risk: CommandRisk;
  reasons: string[];
  /** Every simple command of the line (substitutions, subshells, `sh -c` bodies included). */
  commands: SimpleCommandVerdict[];
  /** Paths it writes or deletes outside the workspace and the writable roots (real paths). */
  writesOutside: string[];
  /** What needs the network (e.g. `curl`, `git push`). */
  network: string[];
}

/** Inputs the classifier would otherwise read from the machine or the shell; tests pin them. */
export interface ClassifyOptions {
  /** The user's home directory (what `~` and `$HOME` mean). Default: os.homedir(). */
  home?: string;
  /** The shell's current directory before the command (default: the workspace). */
  cwd?: string;
  /** Names the shell has defined as aliases or functions: a command by such a name is unknown. */
  shellNames?: readonly string[];
  /** Directories besides the workspace that may be written (sandbox writableRoots, temp dir). */
  writableRoots?: readonly string[];
  /**
   * Paths inside a writable root that are read-only all the same (the machine's /tmp entries
   * the sandbox shows read-only inside its private /tmp): writing there is writing outside.
   */
  readOnlyRoots?: readonly string[];
  /**
   * Maps an absolute path to its real path (symlinks resolved, nearest existing parent for a
   * path that does not exist). Default: the path unchanged (pure; tests of syntax use it).
   */
  realPath?: (path: string) => string;
}
