import { describe, expect, it } from 'vitest';
import { PlanningTool } from './planning';
import { ToolCollection } from './tool-collection';
import type { ToolContext } from './tool';

const ctx: ToolContext = { signal: new AbortController().signal, workspace: '/tmp', home: '/tmp', callId: 'c1' };

function setup(): (args: Record<string, unknown>) => ReturnType<ToolCollection['execute']> {
  const tools = new ToolCollection([new PlanningTool()]);
  return (args) => tools.execute('planning', args, ctx);
}

describe('planning', () => {
  it('creates a plan and formats it exactly like the seed', async () => {
    const call = setup();
    const r = await call({ command: 'create', plan_id: 'p1', title: 'Ship it', steps: ['Write', 'Test', 'Release'] });
    expect(r.error).toBeUndefined();
    expect(r.output).toBe(
      'Plan created successfully with ID: p1\n\n' +
        'Plan: Ship it (ID: p1)\n' +
        '='.repeat('Plan: Ship it (ID: p1)\n'.length) +
        '\n\n' +
        'Progress: 0/3 steps completed (0.0%)\n' +
        'Status: 0 completed, 0 in progress, 0 blocked, 3 not started\n\n' +
        'Steps:\n' +
        '0. [ ] Write\n' +
        '1. [ ] Test\n' +
        '2. [ ] Release\n',
    );
  });

  it('marks steps with every status symbol and notes, using the active plan', async () => {
    const call = setup();
    await call({ command: 'create', plan_id: 'p1', title: 'T', steps: ['a', 'b', 'c', 'd'] });
    await call({ command: 'mark_step', step_index: 0, step_status: 'completed' });
    await call({ command: 'mark_step', step_index: 1, step_status: 'in_progress', step_notes: 'halfway' });
    const r = await call({ command: 'mark_step', plan_id: 'p1', step_index: 2, step_status: 'blocked' });
    expect(r.output).toContain("Step 2 updated in plan 'p1'.");
    expect(r.output).toContain('Progress: 1/4 steps completed (25.0%)\n');
    expect(r.output).toContain('Status: 1 completed, 1 in progress, 1 blocked, 1 not started\n');
    expect(r.output).toContain('0. [✓] a\n1. [→] b\n   Notes: halfway\n2. [!] c\n3. [ ] d\n');
  });

  it('update keeps statuses of unchanged steps and resets changed ones', async () => {
    const call = setup();
    await call({ command: 'create', plan_id: 'p1', title: 'T', steps: ['a', 'b'] });
    await call({ command: 'mark_step', step_index: 0, step_status: 'completed', step_notes: 'n' });
    await call({ command: 'mark_step', step_index: 1, step_status: 'completed' });
    const r = await call({ command: 'update', plan_id: 'p1', title: 'T2', steps: ['a', 'B', 'c'] });
    expect(r.output).toContain('Plan updated successfully: p1\n\nPlan: T2 (ID: p1)');
    expect(r.output).toContain('0. [✓] a\n   Notes: n\n1. [ ] B\n2. [ ] c\n');
    expect(r.output).toContain('Progress: 1/3 steps completed (33.3%)');
  });

  it('lists plans with the active marker, switches and deletes', async () => {
    const call = setup();
    expect((await call({ command: 'list' })).output).toBe("No plans available. Create a plan with the 'create' command.");
    await call({ command: 'create', plan_id: 'p1', title: 'One', steps: ['a'] });
    await call({ command: 'create', plan_id: 'p2', title: 'Two', steps: ['x', 'y'] });
    expect((await call({ command: 'list' })).output).toBe(
      'Available plans:\n• p1: One - 0/1 steps completed\n• p2 (active): Two - 0/2 steps completed\n',
    );
    const act = await call({ command: 'set_active', plan_id: 'p1' });
    expect(act.output).toMatch(/^Plan 'p1' is now the active plan\.\n\nPlan: One \(ID: p1\)/);
    expect((await call({ command: 'get' })).output).toMatch(/^Plan: One \(ID: p1\)/);
    expect((await call({ command: 'delete', plan_id: 'p1' })).output).toBe("Plan 'p1' has been deleted.");
    expect((await call({ command: 'get' })).error).toBe('No active plan. Please specify a plan_id or set an active plan.');
    expect((await call({ command: 'get', plan_id: 'p2' })).output).toMatch(/^Plan: Two/);
  });

  it.each([
    [{ command: 'create', title: 'T', steps: ['a'] }, 'Parameter `plan_id` is required for command: create'],
    [{ command: 'create', plan_id: 'p', steps: ['a'] }, 'Parameter `title` is required for command: create'],
    [{ command: 'create', plan_id: 'p', title: 'T', steps: [] }, 'Parameter `steps` must be a non-empty list of strings for command: create'],
    [{ command: 'update', plan_id: 'nope' }, 'No plan found with ID: nope'],
    [{ command: 'update' }, 'Parameter `plan_id` is required for command: update'],
    [{ command: 'set_active' }, 'Parameter `plan_id` is required for command: set_active'],
    [{ command: 'delete' }, 'Parameter `plan_id` is required for command: delete'],
    [{ command: 'delete', plan_id: 'zz' }, 'No plan found with ID: zz'],
    [{ command: 'mark_step', step_index: 0 }, 'No active plan. Please specify a plan_id or set an active plan.'],
  ])('reports %j as an error result', async (args, message) => {
    const call = setup();
    const r = await call(args);
    expect(r.error).toBe(message);
    expect(r.output).toBeUndefined();
  });

  it('rejects a duplicate id, a bad index and a missing index', async () => {
    const call = setup();
    await call({ command: 'create', plan_id: 'p', title: 'T', steps: ['a', 'b'] });
    expect((await call({ command: 'create', plan_id: 'p', title: 'T', steps: ['a'] })).error).toBe(
      "A plan with ID 'p' already exists. Use 'update' to modify existing plans.",
    );
    expect((await call({ command: 'mark_step', step_index: 5 })).error).toBe('Invalid step_index: 5. Valid indices range from 0 to 1.');
    expect((await call({ command: 'mark_step' })).error).toBe('Parameter `step_index` is required for command: mark_step');
  });

  it('rejects unknown commands and statuses by schema, and directly', async () => {
    const call = setup();
    expect((await call({ command: 'explode' })).error).toMatch(/'command' must be one of "create"/);
    expect((await call({ command: 'mark_step', step_index: 0, step_status: 'done' })).error).toMatch(/'step_status' must be one of/);
    const direct = await new PlanningTool().execute({ command: 'explode' });
    expect(direct.error).toBe(
      'Unrecognized command: explode. Allowed commands are: create, update, list, get, set_active, mark_step, delete',
    );
  });

  it('keeps plans per instance (per session), not shared', async () => {
    const a = new PlanningTool();
    const b = new PlanningTool();
    await a.execute({ command: 'create', plan_id: 'p', title: 'T', steps: ['a'] });
    expect((await b.execute({ command: 'list' })).output).toMatch(/^No plans available/);
  });
});
