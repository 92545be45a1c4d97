import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/api';
import { openContext, openWatchedPage } from '../support/app';
import { artifact, snap, watchErrors } from '../support/browser';
import { demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { loginUi, passSecondStepUi } from '../support/login-ui';
import type { RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});

/** Holds every script of the app until `release()`: the page as a slow phone shows it before the app has loaded. */
async function holdScripts(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  };
}

/** The server's login page in a new tab of `context`, the app's scripts held until `release()`. */
async function staticLoginPage(context: BrowserContext) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  return { page, errors, release };
}

/**
 * Counts the animation frames in which #root showed no login heading: the app must take over the server's page
 * without a blank frame between them.
 */
const WATCH_FRAMES = `
  window.__blankFrames = 0;
  let seen = false;
  const check = () => {
    const heading = document.getElementById('root')?.querySelector('h1');
    if (heading) seen = true;
    else if (seen) window.__blankFrames += 1;
    // Watched from the server's page until the app's own page has shown its heading.
    if (heading && !document.getElementById('root').hasAttribute('data-prerendered')) return;
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

describe('the login page arrives rendered', () => {
  it('is sent rendered in the reader’s language, a language chosen on this device first', async () => {
    const fr = await fetch(`${server.url}/login`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const html = await fr.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Mot de passe');
    expect(html).toContain('data-prerendered');
    const en = await fetch(`${server.url}/login`, {
      headers: { 'accept-language': 'fr-FR', cookie: 'rounds-language=en' },
    });
    expect(await en.text()).toContain('Welcome back');
  });

  for (const mobile of [false, true]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const language of ['en', 'fr'] as const) {
        const name = `prerendered-login-${language}-${colorScheme}-${mobile ? 'phone' : 'desktop'}`;
        it(`shows the whole page before the app has loaded: ${name}`, async () => {
          const context = await openContext(browser, { baseURL: server.url, colorScheme, mobile });
          // A device where this theme and language were chosen before: what the first-paint script and the server read.
          await context.addInitScript(
            ([theme, lang]) => {
              if (!localStorage.getItem('rounds.preferences'))
                localStorage.setItem(
                  'rounds.preferences',
                  JSON.stringify({ state: { theme, language: lang }, version: 1 }),
                );
            },
            [colorScheme, language],
          );
          await context.addCookies([{ name: 'rounds-language', value: language, url: server.url }]);
          const { page, errors, release } = await staticLoginPage(context);
          await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(colorScheme);
          const heading = page.getByRole('heading', {
            level: 1,
            name: language === 'fr' ? 'Bon retour' : 'Welcome back',
          });
          await heading.waitFor();
          await page.screenshot({ path: artifact(`${name}-static.png`), fullPage: true });
          release();
          // The app has taken over: the same page, now live.
          await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
          await heading.waitFor();
          await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
          await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(colorScheme);
          await snap(page, name);
          expect(errors()).toEqual([]);
        });
      }
    }
  }

  it('takes over without a blank frame, keeping what was typed and a Log in pressed before the app was there', async () => {
    const context = await openContext(browser, { baseURL: server.url, mobile: true });
    await context.addInitScript(WATCH_FRAMES);
    const { page, errors, release } = await staticLoginPage(context);
    await page.getByLabel('Email').fill(DEMO.amelia);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The browser did not submit the page itself (that would reload it and drop the fields).
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    // Amelia is a FacilityAdmin: her authenticator's code comes after the password (issue 26).
    await passSecondStepUi(page, DEMO.amelia);
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.evaluate(() => (window as unknown as { __blankFrames: number }).__blankFrames)).resolves.toBe(0);
    expect(errors()).toEqual([]);
  });

  it('keeps the field the user was typing in, and sends a signed-in user home', async () => {
    const context = await openContext(browser, { baseURL: server.url });
    const { page, errors, release } = await staticLoginPage(context);
    await page.getByLabel('Email').fill(DEMO.amelia);
    await page.getByLabel('Password', { exact: true }).fill('half');
    release();
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(DEMO.amelia);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('half');
    await expect(
      page.getByLabel('Password', { exact: true }).evaluate((input) => input === document.activeElement),
    ).resolves.toBe(true);
    await page.unrouteAll();

    await loginUi(page, DEMO.amelia, DEMO_PASSWORD);
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
  });

  it('keeps a language picked before the app has loaded, for the next page too', async () => {
    const context = await openContext(browser, { baseURL: server.url });
    const { page, errors, release } = await staticLoginPage(context);
    // A slow phone: French picked on the server's page, then another address opened before the app took over.
    await page.getByLabel('Language').selectOption('fr');
    release();
    await page.unrouteAll();
    await page.goto('/no/such/page');
    await page.getByText('Oups ! Impossible de trouver ce que vous cherchez ?').waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Bon retour parmi nous' }).waitFor();
    expect(errors()).toEqual([]);
  });
});

describe('the home page’s frame arrives rendered', () => {
  const { ownedGroup, setPreferences } = demoApi(() => server);
  const GROUP = 'Night shift handover';
  beforeAll(async () => {
    await ownedGroup(DEMO.amelia, GROUP, ['Noah Thibodeaux']);
  });

  const title = { en: 'Recent chats', fr: 'Conversations récentes' };
  for (const [language, colorScheme, mobile] of [
    ['en', 'light', false],
    ['fr', 'dark', true],
  ] as const) {
    const name = `prerendered-home-${language}-${colorScheme}-${mobile ? 'phone' : 'desktop'}`;
    it(`shows a signed-in nurse Recent's frame and logo before the app has loaded, then the rooms: ${name}`, async () => {
      await setPreferences(DEMO.amelia, language, colorScheme);
      const context = await openContext(browser, { baseURL: server.url, colorScheme, mobile });
      await context.addInitScript(WATCH_FRAMES);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await loginUi(page, DEMO.amelia, DEMO_PASSWORD);
      await page.getByText(GROUP).first().waitFor();

      // A reload on a slow phone: the server's frame while the app's scripts are on their way.
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      // Inert until the app takes over (its controls would do nothing yet), so outside the accessibility tree.
      const frameHeading = page.locator('#root[inert] h1', { hasText: title[language] });
      await frameHeading.waitFor();
      await expect(page.locator('#root').getAttribute('data-prerendered')).resolves.toBe('');
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
      await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(colorScheme);
      // The hospital's logo for this theme, already loaded; the other theme's is hidden.
      const frameLogo = page.locator('#root aside img').filter({ visible: true });
      await frameLogo.waitFor();
      await expect(frameLogo.count()).resolves.toBe(1);
      await expect(frameLogo.getAttribute('src')).resolves.toBe(
        colorScheme === 'dark' ? '/logos/current/recentLogoDark' : '/logos/current/recentLogo',
      );
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('#root aside img')).some(
          (img) => img.offsetParent !== null && img.complete && img.naturalWidth > 0,
        ),
      );
      await page.screenshot({ path: artifact(`${name}-static.png`) });

      release();
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
      await page.getByText(GROUP).first().waitFor();
      await page.getByRole('heading', { level: 1, name: title[language] }).waitFor();
      // The app's logo is the file the current-logo address led to.
      const logo = page
        .getByRole('complementary', { name: title[language] })
        .getByRole('img', { name: 'Rounds' })
        .filter({ visible: true });
      await expect(logo.getAttribute('src')).resolves.toMatch(/^\/logos\/recent-logo(-dark)?\.svg$/);
      await expect(page.evaluate(() => (window as unknown as { __blankFrames: number }).__blankFrames)).resolves.toBe(
        0,
      );
      await snap(page, name);
      expect(errors()).toEqual([]);
    });
  }

  // Issue 28: a phone's bottom bar stayed blank for seconds after a direct load, until the navigation's own
  // chunk arrived. Its entries are drawn in the server's frame and by the app before that chunk.
  for (const [language, colorScheme] of [
    ['fr', 'dark'],
    ['en', 'light'],
  ] as const) {
    const name = `prerendered-home-nav-${language}-${colorScheme}-phone`;
    it(`shows the phone's bottom bar from the first frame, before the navigation's chunk: ${name}`, async () => {
      // The frame is drawn for no one in particular: the Admin entry (Amelia is a facility admin) comes with the app.
      const labels = {
        fr: ['Récents', 'Contacts', 'Groupe', 'Plus'],
        en: ['Recent', 'Contacts', 'Group', 'More'],
      }[language];
      const withAdmin = [...labels.slice(0, 3), 'Admin', labels[3]];
      await setPreferences(DEMO.amelia, language, colorScheme);
      const { page, errors } = await openWatchedPage(browser, {
        baseURL: server.url,
        colorScheme,
        mobile: true,
      });
      await loginUi(page, DEMO.amelia, DEMO_PASSWORD);
      await page.getByText(GROUP).first().waitFor();
      const items = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('#root nav .nav-item'))
            .filter((el) => el.checkVisibility())
            .map((el) => el.textContent?.trim()),
        );

      // The server's frame, every script held.
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('#root[inert] h1').waitFor();
      await expect.poll(items).toEqual(labels);
      await page.screenshot({ path: artifact(`${name}-static.png`) });

      // The app has taken over; the navigation's own chunk (avatar, tooltips, More's panel) is still on its way.
      let navChunk = () => {};
      const navHeld = new Promise<void>((resolve) => {
        navChunk = resolve;
      });
      // Registered last, so asked first: the navigation's chunk waits on its own after the rest is let through.
      await page.route(/\/assets\/signed-in-nav-[^/]*\.js$/, async (route) => {
        await navHeld;
        await route.continue();
      });
      release();
      await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
      await expect.poll(items).toEqual(withAdmin);
      const nav = page.getByRole('navigation', {
        name: language === 'fr' ? 'Navigation principale' : 'Main navigation',
      });
      await nav.getByRole('link', { name: labels[0] }).waitFor();
      await page.screenshot({ path: artifact(`${name}-pending.png`) });

      navChunk();
      await nav.getByRole('link', { name: language === 'fr' ? /, Paramètres$/ : /, Settings$/ }).waitFor();
      await expect.poll(items).toEqual(withAdmin);
      await snap(page, name);
      expect(errors()).toEqual([]);
    });
  }

  it('shows nothing of it to a browser without a session, which goes to the login page', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The whole frame is in the document (its last element), and none of it shows.
    await page.locator('#root[data-signed-in-frame] main').waitFor({ state: 'attached' });
    // ...once its stylesheets are there (the browser paints nothing before them).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')).every(
        (link) => link.sheet !== null,
      ),
    );
    await expect(page.getByRole('heading', { name: title.en }).isVisible()).resolves.toBe(false);
    await expect(page.locator('#root').isVisible()).resolves.toBe(false);
    release();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    expect(errors()).toEqual([]);
  });
});
