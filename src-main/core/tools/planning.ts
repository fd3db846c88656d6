import type { Tool } from './tool';
import { errorResult, okResult, type ToolResult } from '../../../src-shared/events/tool-result';

/** The planning tool's commands (the seed's, unchanged). */
export const PLANNING_COMMANDS = ['create', 'update', 'list', 'get', 'set_active', 'mark_step', 'delete'] as const;
/** A planning command. */
export type PlanningCommand = (typeof PLANNING_COMMANDS)[number];

/** Statuses a step can have. */
export const STEP_STATUSES = ['not_started', 'in_progress', 'completed', 'blocked'] as const;
/** A step status. */
export type StepStatus = (typeof STEP_STATUSES)[number];

/** One plan: parallel arrays of steps, their statuses and notes (as in the seed). */
export interface Plan {
  planId: string;
  title: string;
  steps: string[];
  stepStatuses: StepStatus[];
  stepNotes: string[];
}

const STATUS_SYMBOL: Record<StepStatus, string> = {
  not_started: '[ ]',
  in_progress: '[→]',
  completed: '[✓]',
  blocked: '[!]',
};

/** A failure the model should read; becomes an error result (the seed raised ToolError). */
class PlanningError extends Error {}

/**
 * Formats a plan the way the seed did: a title line underlined with `=`, a progress line, a
 * status summary, then the numbered steps with `[ ]` `[→]` `[✓]` `[!]` and their notes.
 */
export function formatPlan(plan: Plan): string {
  let out = `Plan: ${plan.title} (ID: ${plan.planId})\n`;
  // The seed underlines with len(header) including its newline: kept so outputs match.
  out += '='.repeat(out.length) + '\n\n';
  const count = (s: StepStatus): number => plan.stepStatuses.filter((x) => x === s).length;
  const total = plan.steps.length;
  const completed = count('completed');
  out += `Progress: ${completed}/${total} steps completed `;
  out += total > 0 ? `(${((completed / total) * 100).toFixed(1)}%)\n` : '(0%)\n';
  out += `Status: ${completed} completed, ${count('in_progress')} in progress, ${count('blocked')} blocked, ${count('not_started')} not started\n\n`;
  out += 'Steps:\n';
  plan.steps.forEach((step, i) => {
    out += `${i}. ${STATUS_SYMBOL[plan.stepStatuses[i]] ?? '[ ]'} ${step}\n`;
    const notes = plan.stepNotes[i];
    if (notes) out += `   Notes: ${notes}\n`;
  });
  return out;
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/**
 * `planning`: the seed's plan tool, ported faithfully (commands, messages, format). Plans live
 * in this instance, i.e. one set per session — the seed kept them in a class attribute that
 * every agent in the process shared.
 */
export class PlanningTool implements Tool {
  readonly name = 'planning';
  readonly description =
    'A planning tool that allows the agent to create and manage plans for solving complex tasks: create a plan, ' +
    'update its steps, mark each step\'s status as you go, list, get, set_active, delete.';
  readonly inputSchema = {
    type: 'object',
    properties: {
      command: { enum: [...PLANNING_COMMANDS], type: 'string' },
      plan_id: { description: 'Required for create, update, set_active, delete; get and mark_step default to the active plan.', type: 'string' },
      title: { description: 'Required for create.', type: 'string' },
      steps: { description: 'Required for create.', type: 'array', items: { type: 'string' } },
      step_index: { description: 'For mark_step, 0-based.', type: 'integer' },
      step_status: { enum: [...STEP_STATUSES], type: 'string' },
      step_notes: { type: 'string' },
    },
    required: ['command'],
    additionalProperties: false,
  };
  readonly annotations = { title: 'Planning', readOnlyHint: false, destructiveHint: false, openWorldHint: false };

  private readonly plans = new Map<string, Plan>();
  private currentPlanId: string | null = null;

  /** The plan currently active, if any (for UIs showing progress). */
  get activePlan(): Plan | undefined {
    return this.currentPlanId ? this.plans.get(this.currentPlanId) : undefined;
  }

  async execute(args: Record<string, unknown>): Promise<ToolResult> {
    const str = (k: string): string | undefined => (typeof args[k] === 'string' ? (args[k] as string) : undefined);
    try {
      const command = args.command;
      const planId = str('plan_id');
      switch (command) {
        case 'create':
          return this.create(planId, str('title'), args.steps);
        case 'update':
          return this.update(planId, str('title'), args.steps);
        case 'list':
          return this.list();
        case 'get':
          return this.get(planId);
        case 'set_active':
          return this.setActive(planId);
        case 'mark_step':
          return this.markStep(planId, args.step_index, args.step_status, str('step_notes'));
        case 'delete':
          return this.delete(planId);
        default:
          throw new PlanningError(
            `Unrecognized command: ${String(command)}. Allowed commands are: create, update, list, get, set_active, mark_step, delete`,
          );
      }
    } catch (err) {
      if (err instanceof PlanningError) return errorResult(err.message);
      throw err;
    }
  }

  private create(planId: string | undefined, title: string | undefined, steps: unknown): ToolResult {
    if (!planId) throw new PlanningError('Parameter `plan_id` is required for command: create');
    if (this.plans.has(planId)) {
      throw new PlanningError(`A plan with ID '${planId}' already exists. Use 'update' to modify existing plans.`);
    }
    if (!title) throw new PlanningError('Parameter `title` is required for command: create');
    if (!isStringList(steps) || steps.length === 0) {
      throw new PlanningError('Parameter `steps` must be a non-empty list of strings for command: create');
    }
    const plan: Plan = {
      planId,
      title,
      steps: [...steps],
      stepStatuses: steps.map(() => 'not_started'),
      stepNotes: steps.map(() => ''),
    };
    this.plans.set(planId, plan);
    this.currentPlanId = planId;
    return okResult(`Plan created successfully with ID: ${planId}\n\n${formatPlan(plan)}`);
  }

  private update(planId: string | undefined, title: string | undefined, steps: unknown): ToolResult {
    if (!planId) throw new PlanningError('Parameter `plan_id` is required for command: update');
    const plan = this.plans.get(planId);
    if (!plan) throw new PlanningError(`No plan found with ID: ${planId}`);
    if (title) plan.title = title;
    if (Array.isArray(steps) && steps.length > 0) {
      if (!isStringList(steps)) throw new PlanningError('Parameter `steps` must be a list of strings for command: update');
      // A step unchanged at the same position keeps its status and notes; anything else restarts.
      const statuses: StepStatus[] = [];
      const notes: string[] = [];
      steps.forEach((step, i) => {
        const same = i < plan.steps.length && plan.steps[i] === step;
        statuses.push(same ? plan.stepStatuses[i] : 'not_started');
        notes.push(same ? plan.stepNotes[i] : '');
      });
      plan.steps = [...steps];
      plan.stepStatuses = statuses;
      plan.stepNotes = notes;
    }
    return okResult(`Plan updated successfully: ${planId}\n\n${formatPlan(plan)}`);
  }

  private list(): ToolResult {
    if (this.plans.size === 0) return okResult("No plans available. Create a plan with the 'create' command.");
    let out = 'Available plans:\n';
    for (const [id, plan] of this.plans) {
      const marker = id === this.currentPlanId ? ' (active)' : '';
      const completed = plan.stepStatuses.filter((s) => s === 'completed').length;
      out += `• ${id}${marker}: ${plan.title} - ${completed}/${plan.steps.length} steps completed\n`;
    }
    return okResult(out);
  }

  private resolvePlanId(planId: string | undefined): string {
    if (planId) return planId;
    if (!this.currentPlanId) throw new PlanningError('No active plan. Please specify a plan_id or set an active plan.');
    return this.currentPlanId;
  }

  private get(planId: string | undefined): ToolResult {
    const id = this.resolvePlanId(planId);
    const plan = this.plans.get(id);
    if (!plan) throw new PlanningError(`No plan found with ID: ${id}`);
    return okResult(formatPlan(plan));
  }

  private setActive(planId: string | undefined): ToolResult {
    if (!planId) throw new PlanningError('Parameter `plan_id` is required for command: set_active');
    const plan = this.plans.get(planId);
    if (!plan) throw new PlanningError(`No plan found with ID: ${planId}`);
    this.currentPlanId = planId;
    return okResult(`Plan '${planId}' is now the active plan.\n\n${formatPlan(plan)}`);
  }

  private markStep(planId: string | undefined, stepIndex: unknown, stepStatus: unknown, stepNotes: string | undefined): ToolResult {
    const id = this.resolvePlanId(planId);
    const plan = this.plans.get(id);
    if (!plan) throw new PlanningError(`No plan found with ID: ${id}`);
    if (stepIndex === undefined || stepIndex === null) {
      throw new PlanningError('Parameter `step_index` is required for command: mark_step');
    }
    const index = Number(stepIndex);
    if (!Number.isInteger(index) || index < 0 || index >= plan.steps.length) {
      throw new PlanningError(`Invalid step_index: ${String(stepIndex)}. Valid indices range from 0 to ${plan.steps.length - 1}.`);
    }
    if (stepStatus !== undefined && stepStatus !== null && stepStatus !== '') {
      if (!(STEP_STATUSES as readonly unknown[]).includes(stepStatus)) {
        throw new PlanningError(
          `Invalid step_status: ${String(stepStatus)}. Valid statuses are: not_started, in_progress, completed, blocked`,
        );
      }
      plan.stepStatuses[index] = stepStatus as StepStatus;
    }
    if (stepNotes) plan.stepNotes[index] = stepNotes;
    return okResult(`Step ${index} updated in plan '${id}'.\n\n${formatPlan(plan)}`);
  }

  private delete(planId: string | undefined): ToolResult {
    if (!planId) throw new PlanningError('Parameter `plan_id` is required for command: delete');
    if (!this.plans.has(planId)) throw new PlanningError(`No plan found with ID: ${planId}`);
    this.plans.delete(planId);
    if (this.currentPlanId === planId) this.currentPlanId = null;
    return okResult(`Plan '${planId}' has been deleted.`);
  }
}
