import type { ForkPointKind, ForkWorkspaceMode, ProviderOption } from '../../../../src-shared/contract/fork-views';
import type { SessionDiff } from '../../../../src-shared/read-models/session-diff';

/** What the *Fork from here…* editor can change. */
export type ForkEditKind = 'none' | 'message' | 'result' | 'args' | 'model' | 'systemPrompt' | 'instructions';

/** The open *Fork from here…* editor: the row, the one thing edited, and how the fork runs. */
export interface ForkEditor {
  /** The session forked (the one shown). */
  parent: string;
  kind: ForkPointKind;
  /** The row: a seq (user message, model turn) or a call (its start or its result). */
  at?: number;
  callId?: string;
  /** What is edited, and the texts of the editor (prefilled with what was recorded). */
  edit: ForkEditKind;
  text: string;
  /** What the row recorded: the editor starts from it when the edit switches. */
  original: { message?: string; args?: string; result?: string; isError?: boolean };
  isError: boolean;
  server: string;
  /** The model's settings (edit `model`): '' leaves a setting as it is. `provider`: an id of `providers`. */
  provider: string;
  temperature: string;
  /** '' as configured, `off`, an effort, or `budget` (the tokens in `budget`). */
  thinking: '' | 'off' | 'low' | 'medium' | 'high' | 'budget';
  budget: string;
  /** The model field was typed in (else it follows the chosen provider's own model). */
  modelTouched: boolean;
  /** The session's model when the editor opened: a name left as it is is no change. */
  baseModel: string;
  /** The configured providers (null while they load); `providersError` when one could not be read. */
  providers: ProviderOption[] | null;
  providersError?: string;
  workspace: ForkWorkspaceMode;
  recorded: boolean;
  busy: boolean;
  error?: string;
}

/** The compare view: two sessions side by side. */
export interface CompareView {
  left: string;
  right: string;
  diff: SessionDiff | null;
  error?: string;
}

/** The fork slice: the fork editor and the compare view. */
export interface ForkState {
  forkEditor: ForkEditor | null;
  compare: CompareView | null;
}

/** Nothing open. */
export function initialForkState(): ForkState {
  return { forkEditor: null, compare: null };
}
