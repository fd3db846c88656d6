// @ts-check
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const noNodeBuiltins = (message) => nodeBuiltins.map((name) => ({ name, message }));

/** Globals that only a browser page or only Node has: src-shared runs in both, so uses neither. */
const hostGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'process', 'Buffer', 'require', '__dirname', '__filename', 'global'];

/**
 * src-shared imports nothing of the project outside itself. ESLint matches the specifier, not the
 * resolved path, so "outside" is "more `../` than the file is deep": one block per depth.
 */
const sharedDepths = [1, 2, 3, 4].map((depth) => ({
  files: [`src-shared/${'*/'.repeat(depth - 1)}*.ts`],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [
          { name: 'electron', message: 'src-shared is plain TypeScript: no electron.' },
          ...noNodeBuiltins('src-shared is plain TypeScript: no Node built-ins.'),
        ],
        patterns: [
          {
            regex: `^(\\.\\./){${depth},}|(^|/)src-(main|renderer|preload)(/|$)`,
            message: 'src-shared imports nothing of the project outside itself.',
          },
        ],
      },
    ],
    'no-restricted-globals': [
      'error',
      ...hostGlobals.map((name) => ({ name, message: 'src-shared runs in Node and in the browser: no host globals.' })),
    ],
  },
}));

/**
 * The renderer's store sits below the components: store/ imports none of features/ or app/
 * (components import the store, never the reverse). One block per depth, as for src-shared,
 * since `../app` from a slice folder would be a slice named app.
 */
const storeDepths = [1, 2, 3].map((depth) => ({
  files: [`src-renderer/src/store/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./){${depth}}(features|app)(/|$)|(^|/)src-renderer/src/(features|app)(/|$)`,
            message: 'the store imports no component folder (features/, app/): components import the store.',
          },
        ],
      },
    ],
  },
}));

/**
 * Layering: a file's folder says what it may import. e2e/lint/layering.test.ts proves each rule fires.
 * - src-shared: plain TypeScript (no Node built-ins, no electron, no host globals); imports only itself.
 * - src-main/core: plain Node; never electron, the renderer, the preload, nor bridge/cli/web/mcp-server/electron.
 * - src-main/bridge, cli, web, mcp-server: plain Node; never electron, the renderer, the preload or the Electron layer.
 * - src-renderer: the browser; never electron or Node built-ins; of the project only itself and src-shared.
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
    files: ['src-main/bridge/**/*.ts', 'src-main/cli/**/*.ts', 'src-main/web/**/*.ts', 'src-main/mcp-server/**/*.ts'],
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
    files: ['src-main/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'core, bridge, cli and web run under plain Node: never import electron.' }],
          patterns: [
            { group: ['**/src-renderer/**', '../../src-renderer/*', '**/src-preload/**'], message: 'core must not import the renderer or preload.' },
            {
              regex: '^(\\.\\./)+(bridge|cli|web|mcp-server|electron)(/|$)|(^|/)src-main/(bridge|cli|web|mcp-server|electron)(/|$)',
              message: 'core imports none of bridge, cli, web, mcp-server or electron (they import core).',
            },
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
            ...noNodeBuiltins('the renderer runs in a browser: no Node built-ins.'),
          ],
          patterns: [
            {
              regex: '(^|/)src-(main|preload)(/|$)',
              message: 'the renderer imports only its own files and src-shared (types included).',
            },
          ],
        },
      ],
    },
  },
  {
    // One home per name: a production file exports only what it declares. A re-export keeps an old
    // import path alive and gives a name two homes (e2e/lint/no-reexports.test.ts proves it fires).
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-preload/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'no re-exports: import the name from the file that declares it.' },
        { selector: 'ExportNamedDeclaration[source]', message: 'no re-exports: import the name from the file that declares it.' },
      ],
    },
  },
  ...sharedDepths,
  ...storeDepths,
  // Renderer state (house-renderer): components read the store's selectors and call its actions;
  // only store/<slice>/actions.ts talks to the host. The core rule (not the typescript-eslint one
  // above, whose options a second block would replace) so both apply; it flags type imports too.
  // e2e/lint/renderer-bridge.test.ts proves it fires.
  {
    files: ['src-renderer/src/**/*.tsx'],
    ignores: ['src-renderer/src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src-shared/contract/client$|(^|/)transport(/|$)',
              message: 'components do not reach the bridge: read a selector and call an action of src-renderer/src/store/<slice>/.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'glassbox', message: 'components do not reach the bridge: call an action of src-renderer/src/store/<slice>/.' },
        { object: 'globalThis', property: 'glassbox', message: 'components do not reach the bridge: call an action of src-renderer/src/store/<slice>/.' },
      ],
    },
  },
);
