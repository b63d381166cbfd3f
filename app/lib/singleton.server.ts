// Keeps one instance per process even when a module is loaded twice (the HTTP server loads the
// source, the React Router build bundles its own copy, and Vite reloads modules in development).
const store = globalThis as unknown as { __nuruSingletons?: Map<string, unknown> };

export function singleton<T>(name: string, create: () => T): T {
  store.__nuruSingletons ??= new Map();
  if (!store.__nuruSingletons.has(name)) store.__nuruSingletons.set(name, create());
  return store.__nuruSingletons.get(name) as T;
}

/** Makes the next singleton(name) create its instance again (a process whose environment changed: the test suite). */
export function forgetSingleton(name: string): void {
  store.__nuruSingletons?.delete(name);
}
