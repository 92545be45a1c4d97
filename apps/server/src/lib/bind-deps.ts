/** An action of a service of one file per action: its dependencies first, then its own arguments. */
// biome-ignore lint/suspicious/noExplicitAny: each action takes its own narrow slice of the deps and arguments
type Action<D> = (deps: D, ...args: any[]) => unknown;

type Bound<F> = F extends (deps: never, ...args: infer A) => infer R ? (...args: A) => R : never;

/**
 * A service of one file per action: each action takes its dependencies first; this binds them once, so callers
 * reach every action by name without them (service.login(input, ctx)).
 */
export function bindDeps<D, T extends Record<string, Action<D>>>(deps: D, actions: T): { [K in keyof T]: Bound<T[K]> } {
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => [name, (...args: unknown[]) => action(deps, ...args)]),
  ) as { [K in keyof T]: Bound<T[K]> };
}
