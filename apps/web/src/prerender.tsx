import type { TLanguage } from '@rounds/contracts/common';
import { PRERENDERED_ATTRIBUTE, SIGNED_IN_FRAME_ATTRIBUTE } from '@rounds/contracts/first-paint';
import { PRERENDERED_PAGES, type TPrerenderedName } from '@rounds/contracts/routes';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { i18n } from './lib/i18n';
import { usePreferences } from './lib/preferences-store';
import { SignedInFrameRender } from './lib/signed-in-frame';

/**
 * The pages the server sends already rendered (docs/decisions.md "Guest pages arrive rendered" and "The home
 * page's frame arrives rendered"): built by scripts/prerender.mjs after `vite build`, from the same route table
 * and components as the app, in the light theme, one language per module instance (the worker thread that
 * imports it) (the inline colour-scheme script turns a dark user's page dark before it paints). The guest pages
 * are drawn signed out; the home page (`frame`) in its signed-in shape with no one signed in: the navigation's
 * empty rail and Recent while its rooms load, which the browser shows only where a session is stored.
 */
const DRAWN = {
  login: { title: 'pages.login', frame: false, lazyRoute: null },
  'forgot-password': { title: 'pages.forgotPassword', frame: false, lazyRoute: null },
  // lazyRoute: the route module whose stylesheets the page links (it is drawn with them; index.html has not).
  home: { title: 'pages.recent', frame: true, lazyRoute: 'src/app/routes/recent.tsx' },
} as const satisfies Record<TPrerenderedName, { title: string; frame: boolean; lazyRoute: string | null }>;

/** Each page of the contract's list (PRERENDERED_PAGES) with how it is drawn. */
export const PAGES = PRERENDERED_PAGES.map((page) => ({ ...page, ...DRAWN[page.name] }));

/** For scripts/prerender.mjs, which runs in plain Node and cannot import the contracts' TypeScript itself. */
export { PRERENDERED_ATTRIBUTE, SIGNED_IN_FRAME_ATTRIBUTE };

export type TPrerendered = { html: string; title: string };

/** The markup of #root for one page in one language, and the tab title the page sets once mounted. */
export async function renderPage(path: string, language: TLanguage): Promise<TPrerendered> {
  const page = PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`${path} is not a prerendered page`);
  // The app's stores start from the browser's languages (the worker that runs this gives it a navigator in that
  // language): a server render reads a store's initial state, so setting it here would not reach the page.
  if (usePreferences.getState().language !== language)
    throw new Error(`${path} is being rendered in the wrong language`);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <SignedInFrameRender.Provider value={page.frame}>
        <AppProvider>
          {/* No hydration data: the client renders afresh (an inline script would also break the CSP). */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </SignedInFrameRender.Provider>
    </StrictMode>,
  );
  return { html, title: `${i18n.t(page.title, { lng: language })} · ${i18n.t('app.name', { lng: language })}` };
}
