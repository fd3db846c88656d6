/** Vite's `?worker` imports (the renderer tsconfig does not load vite/client types). */
declare module '*?worker' {
  const WorkerConstructor: new (options?: { name?: string }) => Worker;
  export default WorkerConstructor;
}
