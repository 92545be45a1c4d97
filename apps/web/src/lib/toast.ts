import { notifications } from '@mantine/notifications';
import { TIMINGS } from '@rounds/contracts/limits';

export type TToastKind = 'info' | 'success' | 'warning' | 'error';

const COLORS: Record<TToastKind, string> = { info: 'blue', success: 'teal', warning: 'yellow', error: 'red' };

/**
 * A stable id per text: Mantine ignores a show() whose id is already on screen, which gives the spec's
 * "no duplicate toasts" for free (e.g. ten parallel requests failing with the same message).
 */
export function toastId(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `toast-${hash.toString(36)}-${text.length}`;
}

export function showToast(message: string, kind: TToastKind = 'info', options: { autoClose?: number } = {}): void {
  notifications.show({
    id: toastId(message),
    message,
    color: COLORS[kind],
    autoClose: options.autoClose ?? TIMINGS.toastMs,
    withBorder: true,
  });
}
