/**
 * Web Storage without the crashes: private modes and quota errors throw, and unit tests run in node where
 * neither storage exists. Every persisted value in the app goes through here so those cases degrade to
 * "nothing stored" instead of a blank screen.
 */
export type TStorageKind = 'local' | 'session';

function storage(kind: TStorageKind): Storage | null {
  try {
    const store = kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    return store ?? null;
  } catch {
    return null;
  }
}

export function readItem(kind: TStorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: TStorageKind, key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the value simply is not kept across reloads.
  }
}

export function removeItem(kind: TStorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // Same as above: nothing to clean up if storage is unavailable.
  }
}

export function readJson(kind: TStorageKind, key: string): unknown {
  const raw = readItem(kind, key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
