import type { CatalogPrompt, PromptMessage } from '../core/mcp/common/catalog';
import type { WorkspaceResources } from './workspace-resources';

/**
 * Prompts Glassbox itself offers: `review_file` (the file embedded as a resource, or as an
 * image when it is one) and `plan_task` (text with arguments). Paths complete from the
 * workspace.
 */
export function builtinPrompts(files: WorkspaceResources, workspace: string): CatalogPrompt[] {
  const complete = { path: (value: string) => files.completePath(value) };
  return [
    {
      name: 'review_file',
      title: 'Review a workspace file',
      description: 'Asks for a review of one file of the workspace; the file is embedded (an image as an image).',
      arguments: [
        { name: 'path', description: 'Absolute path of a file inside the workspace', required: true },
        { name: 'focus', description: 'What to look at (bugs, style, security…)' },
      ],
      complete,
      get: (args) => {
        const uri = files.uriOf(args.path);
        const content = files.read(uri);
        if (!content) throw new Error(`no file at ${args.path}`);
        const c = content[0];
        const focus = args.focus ? ` Focus on: ${args.focus}.` : '';
        const first: PromptMessage =
          c.blob !== undefined && c.mimeType?.startsWith('image/')
            ? { role: 'user', content: { type: 'image', data: c.blob, mimeType: c.mimeType } }
            : { role: 'user', content: { type: 'resource', resource: c } };
        return [first, { role: 'user', content: { type: 'text', text: `Review ${args.path} above.${focus} Point out concrete problems with line references and suggest fixes.` } }];
      },
    },
    {
      name: 'plan_task',
      title: 'Plan a task in the workspace',
      description: 'Asks for a step-by-step plan for a task in the Glassbox workspace before any change is made.',
      arguments: [
        { name: 'task', description: 'What should be done', required: true },
        { name: 'constraints', description: 'Limits to respect (files not to touch, style, time)' },
      ],
      get: (args) => [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Workspace: ${workspace}\nTask: ${args.task}\n${args.constraints ? `Constraints: ${args.constraints}\n` : ''}Write a numbered plan: which files to read, what to change, how to check it. Do not change anything yet.`,
          },
        },
      ],
    },
  ];
}
