import type { Workbox } from 'workbox-window';
import { useAppUpdate } from '../../lib/app-update';

/**
 * Registers the service worker (src/sw/sw.ts) once the page has loaded, so it never competes with the first
 * visit's own downloads. A new build installs in the background and waits; app/pwa/app-update-notice tells the
 * user and lets it take over at the next navigation (takeUpdate), when no call or dictation holds it.
 */
let workbox: Workbox | null = null;
/** This tab let the new build take over: it reloads once the build controls it. */
let askedHere = false;
/** Another tab let it take over: this one still runs the old code and reloads at its own next navigation. */
let activatedElsewhere = false;

export function registerServiceWorker(): void {
  // Development has no built worker; a browser without service workers simply runs the app online.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => useAppUpdate.setState({ waiting: true }));
    wb.addEventListener('controlling', (event) => {
      if (!event.isUpdate) return;
      // Asked here: load the page again with the new code (the URL is already the new route's).
      if (askedHere) window.location.reload();
      else {
        activatedElsewhere = true;
        useAppUpdate.setState({ waiting: true });
      }
    });
    workbox = wb;
    await wb.register();
  };
  const later = () => void start().catch(() => undefined);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Lets the waiting build take over now (the page reloads with it). False when nothing waits or it is held. */
export function takeUpdate(): boolean {
  const { waiting, holds } = useAppUpdate.getState();
  if (!waiting || holds > 0 || !workbox) return false;
  if (activatedElsewhere) {
    window.location.reload();
    return true;
  }
  askedHere = true;
  workbox.messageSkipWaiting();
  return true;
}
