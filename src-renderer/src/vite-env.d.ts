/** Vite's `import.meta.glob` (the renderer tsconfig does not load all of vite/client). */
interface ImportMeta {
  glob<T = unknown>(pattern: string, options?: { eager?: boolean }): Record<string, T>;
}
