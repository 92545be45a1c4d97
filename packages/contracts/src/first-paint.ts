/**
 * What the server and the web agree on for the first paint of a page, before any of the app's JavaScript runs
 * (docs/decisions.md "Guest pages arrive rendered"). Plain values, no zod: the web's build and the server both
 * read them.
 */

/**
 * The cookie the web writes with the language the app shows on this device (a choice by hand, or the account's
 * after sign-in), so the server sends a prerendered guest page in that language. Without it the server reads
 * Accept-Language, as the web reads navigator.languages.
 */
export const LANGUAGE_COOKIE = 'rounds-language';

/** The cookie's attributes: a year, every path, sent on navigations from elsewhere too. */
const LANGUAGE_COOKIE_ATTRIBUTES = '; path=/; max-age=31536000; samesite=lax';

/** `document.cookie = languageCookie('fr')`: the web's store and the inline script below write the same cookie. */
export const languageCookie = (language: string): string =>
  `${LANGUAGE_COOKIE}=${language}${LANGUAGE_COOKIE_ATTRIBUTES}`;

/** Where the web keeps the device's preferences (apps/web/src/lib/preferences-store.ts persists them there). */
export const PREFERENCES_STORAGE_KEY = 'rounds.preferences';

/** The version of what is stored there (zustand's persist `version`): the inline script below writes it too. */
export const PREFERENCES_VERSION = 1;

/** Set on #root by the build on a prerendered page, taken away by the app once its own page replaces it. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Where the web notes that this browser has a session (apps/web/src/lib/session-store.ts writes it with the
 * session, in localStorage whether or not "remember me" was ticked, and removes it at logout).
 */
export const SESSION_HINT_KEY = 'rounds.session-hint';

/**
 * Set on #root by the build on the signed-in frame it prerendered for / (the home page, drawn before anyone is
 * known): shown only where the script below found a session, by a rule of apps/web/src/styles.css.
 */
export const SIGNED_IN_FRAME_ATTRIBUTE = 'data-signed-in-frame';

/** Set on <html> by the script below when this browser has a session: the signed-in frame may show. */
export const SESSION_PRESENT_ATTRIBUTE = 'data-session';

/** Marks the language select, whose choice the script below keeps when made before the app was there. */
export const LANGUAGE_SELECT_ATTRIBUTE = 'data-language-select';

/** Set by the script below on a form of the prerendered page submitted before the app was there. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

/**
 * Inline in <head> of every page the server sends (index.html and the PRERENDERED_PAGES of routes.ts), the one inline
 * script of the app. It does this before any of the app's JavaScript has run:
 * - sets Mantine's colour-scheme attribute from the stored theme before the first paint, as Mantine's
 *   ColorSchemeScript does, so a dark user never sees the light page first;
 * - holds back a submit of the prerendered page's form (Enter, or a tap on "Log in" before the app has loaded):
 *   the browser would otherwise reload the page and drop what was typed. The form is marked, and the app submits
 *   it once it has taken over (apps/web/src/app/handover.ts);
 * - keeps a language picked on the prerendered page before the app has loaded (the preferences the app reads at
 *   start, PREFERENCES_VERSION of apps/web/src/lib/preferences-store.ts, and the cookie): whoever then opens another
 *   page before the app took over still reads it in that language.
 * - marks the page when this browser has a session (SESSION_HINT_KEY), so the signed-in frame prerendered for /
 *   shows at once to whoever will see the home screen, and never to whoever is about to be sent to /login.
 * The server's Content-Security-Policy allows exactly this script by its hash (apps/server/src/plugins/security.ts);
 * any change here changes the hash on both sides at once.
 */
export const FIRST_PAINT_SCRIPT = [
  `try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)})||'{}').state;document.documentElement.setAttribute('data-mantine-color-scheme',s&&s.theme==='dark'?'dark':'light')}catch(e){document.documentElement.setAttribute('data-mantine-color-scheme','light')}`,
  `try{if(localStorage.getItem(${JSON.stringify(SESSION_HINT_KEY)}))document.documentElement.setAttribute('${SESSION_PRESENT_ATTRIBUTE}','')}catch(e){}`,
  `document.addEventListener('submit',function(e){var r=document.getElementById('root');if(r&&r.hasAttribute('${PRERENDERED_ATTRIBUTE}')&&r.contains(e.target)){e.preventDefault();e.target.setAttribute('${EARLY_SUBMIT_ATTRIBUTE}','')}},true)`,
  `document.addEventListener('change',function(e){var t=e.target,r=document.getElementById('root');if(!r||!r.hasAttribute('${PRERENDERED_ATTRIBUTE}')||!t||!t.hasAttribute||!t.hasAttribute('${LANGUAGE_SELECT_ATTRIBUTE}'))return;try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)})||'{}');p.state=p.state||{};p.state.language=t.value;p.state.languageByHand=true;p.version=p.version||${PREFERENCES_VERSION};localStorage.setItem(${JSON.stringify(PREFERENCES_STORAGE_KEY)},JSON.stringify(p))}catch(x){}document.cookie='${LANGUAGE_COOKIE}='+t.value+'${LANGUAGE_COOKIE_ATTRIBUTES}'},true)`,
].join(';');

/**
 * The first of a reader's language tags (most preferred first) whose primary subtag is a language Rounds has,
 * English when none is: the web over navigator.languages, the server over Accept-Language (pageLanguage).
 */
export function firstKnownLanguage(tags: readonly string[]): 'en' | 'fr' {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'fr') return primary;
  }
  return 'en';
}

/**
 * The language of a page for a request: the cookie above when it names a language Rounds has, otherwise
 * firstKnownLanguage of Accept-Language's tags by quality, then order.
 */
export function pageLanguage(cookieValue: string | undefined, acceptLanguage: string | undefined): 'en' | 'fr' {
  if (cookieValue === 'en' || cookieValue === 'fr') return cookieValue;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, order };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return firstKnownLanguage(tags.map((t) => t.tag));
}
