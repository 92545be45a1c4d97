/**
 * A service of one file per action: each action takes its dependencies first; this binds them once, so callers
 * reach every action by name without them (service.login(input, ctx)).
 */
export function bindDeps<D>(deps: D) {
  return <A extends unknown[], R>(action: (d: D, ...args: A) => R) =>
    (...args: A): R =>
      action(deps, ...args);
}
