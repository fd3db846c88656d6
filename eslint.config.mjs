// @ts-check
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/**
 * Layering (STYLE.md): a file's folder says what it may import.
 * - src-main/core: plain Node; never electron, never the renderer.
 * - src-renderer: the browser; never electron, never Node built-ins; from src-main only types.
 * e2e/lint/layering.test.ts proves these rules fire.
 */
export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'resources/examples/**', 'e2e/fixtures/**', 'bench/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src-main/core/**/*.ts', 'src-main/bridge/**/*.ts', 'src-main/cli/**/*.ts', 'src-main/web/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'core, bridge, cli and web run under plain Node: never import electron.' }],
          patterns: [
            { group: ['**/src-renderer/**', '../../src-renderer/*', '**/src-preload/**'], message: 'core must not import the renderer or preload.' },
            { group: ['**/electron/**', '../electron/*'], message: 'only src-main/electron may import the Electron layer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'the renderer has no Electron: use window.glassbox (the bridge contract).' },
            ...nodeBuiltins.map((name) => ({ name, message: 'the renderer runs in a browser: no Node built-ins.' })),
          ],
          patterns: [
            {
              // A regex: gitignore-style negations do not match `../`-relative paths.
              regex: '(^|/)src-main/(?!(bridge/(contract|contract-types|call-index|chat-items|session-view)|core/events/event-types|core/tools/tool-result)$)',
              allowTypeImports: true,
              message: 'the renderer may import only types from src-main (and the bridge contract).',
            },
          ],
        },
      ],
    },
  },
);
