import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import {
  PRERENDERED_ATTRIBUTE,
  SESSION_PRESENT_ATTRIBUTE,
  SIGNED_IN_FRAME_ATTRIBUTE,
} from '@rounds/contracts/first-paint';
import { StrictMode, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { readStaticPage, restoreStaticPage } from './app/handover';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { startSession } from './app/session/restore';
import { appSettingsQueryOptions } from './features/settings/api/get-app-settings';
import { queryClient } from './lib/query-client';
import { useSession } from './lib/session-store';
import { closeTooltipsOnPress } from './lib/tooltip-on-press';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Before the first render: a stored session is checked first, and the guard shows nothing meanwhile.
startSession();
closeTooltipsOnPress(document);

const router = createRouter();

/**
 * Reads the server's page during the app's first render (it is still in the document then, and no keystroke can
 * come between this render and its commit), and hands what the user did there to the app's page right after the
 * commit that swapped them.
 */
function TakeOver({ root }: { root: HTMLElement }) {
  const [taken] = useState(() => readStaticPage(root));
  // Once: StrictMode runs effects twice in development, and a held-back submit must be sent once.
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    // From here a submit is the app's own: the first-paint script no longer holds it back. The frame's rule
    // (hidden without a session) and its inertness no longer apply either: what is drawn now is the app's.
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    root.removeAttribute(SIGNED_IN_FRAME_ATTRIBUTE);
    root.inert = false;
    if (taken) restoreStaticPage(root, taken);
  }, [root, taken]);
  return null;
}

/**
 * Once the browser has presented the server's page (its first-contentful-paint entry, which comes after the frame
 * is on screen); at most 200 ms, e.g. in a hidden tab, which paints nothing. A frame callback is not enough: a page
 * replaced before its frame was presented never counts as painted, for the reader's eyes as for the browser's
 * Largest Contentful Paint, and then the app's copy of it waits for all of its JavaScript.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, 200);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing in this browser: the timeout decides.
    }
  });
}

/** Once the stored session has been checked (app/session/restore.ts): until then the guard draws nothing. */
function sessionChecked(): Promise<void> {
  return new Promise((resolve) => {
    if (!useSession.getState().restoring) return resolve();
    const stop = useSession.subscribe((state) => {
      if (state.restoring) return;
      stop();
      resolve();
    });
  });
}

async function render(): Promise<void> {
  // A page the server sent rendered (scripts/prerender.mjs) stays on screen until the app can draw the same
  // page: a route loaded on first visit would otherwise replace it with the loader for a moment. React swaps the
  // old markup for the new in one commit, so no blank frame comes between.
  const prerendered = container?.hasAttribute(PRERENDERED_ATTRIBUTE) === true;
  // The signed-in frame of / shows only where a session is stored (the first-paint script's mark); hidden, it
  // holds nothing back. Shown, it stays until the app can draw the signed-in page: the session checked, and the
  // app settings known, whose logo the frame already shows (from the session's cache on a reload).
  const frame = container?.hasAttribute(SIGNED_IN_FRAME_ATTRIBUTE) === true;
  const frameShown = frame && document.documentElement.hasAttribute(SESSION_PRESENT_ATTRIBUTE);
  const holding = prerendered && (!frame || frameShown);
  if (frameShown) {
    await Promise.all([
      sessionChecked(),
      // Without settings (server away) the app draws its built-in logo, as it would without the frame.
      queryClient.ensureQueryData(appSettingsQueryOptions()).catch(() => undefined),
    ]);
  }
  if (holding && !router.state.initialized) {
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  }
  // ...and until it has been painted: the reader sees the page the moment it arrives, and the app's identical
  // page replacing it is no new content (a browser's Largest Contentful Paint stays the server's page's).
  if (holding) await afterFirstPaint();
  const root = container as HTMLElement;
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
      {prerendered && <TakeOver root={root} />}
    </StrictMode>,
  );
}

void render();
// The service worker (app/pwa/service-worker.ts) once the page has loaded, in its own chunk: the first visit's
// downloads come first, and the initial bundle stays within its budget.
void import('./app/pwa/service-worker').then((module) => module.registerServiceWorker());
