import type { ComponentType } from 'react';

type TSessionLifecycle = ComponentType;

let loaded: TSessionLifecycle | undefined;

/**
 * The session's chunk (socket, token renewal, idle logout), fetched once: by restore.ts while GET /setting/me
 * is on its way, and by the layout when someone signs in.
 */
export function loadSessionLifecycle(): Promise<{ default: TSessionLifecycle }> {
  return import('./session-lifecycle').then((module) => {
    loaded = module.SessionLifecycle;
    return { default: module.SessionLifecycle };
  });
}

/**
 * The component once its chunk is here, so the layout renders it at once: through React.lazy it would first
 * show its fallback and be revealed up to 300 ms later (React throttles Suspense reveals), and the socket, which
 * the room list waits for, would open that much later on every page load.
 */
export function loadedSessionLifecycle(): TSessionLifecycle | undefined {
  return loaded;
}
