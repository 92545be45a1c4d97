import { createJSONStorage } from 'zustand/middleware';
import { readItem, removeItem, type TStorageKind, writeItem } from './browser-storage';

/** Where a Zustand `persist` store keeps its state: Web Storage, through the accessors that never throw. */
export function persistStorage<S>(kind: TStorageKind) {
  return createJSONStorage<S>(() => ({
    getItem: (key) => readItem(kind, key),
    setItem: (key, value) => writeItem(kind, key, value),
    removeItem: (key) => removeItem(kind, key),
  }));
}
