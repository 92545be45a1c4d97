/**
 * The plain values of common.ts (roles, languages, themes), without zod. A bundler splits code by module, so
 * the web's first download imports these from here: importing them from common.ts would bring common's
 * schemas, and zod, into it. common.ts re-exports them, so both paths give the same values.
 */

/** Roles as the spec names them. */
export const ROLES = ['Regular', 'FacilityAdmin', 'Admin'] as const;

export const LANGUAGES = ['en', 'fr'] as const;

/** Anything other than fr is treated as English (spec doc 1, section 9). */
export function toLanguage(value: string | null | undefined): (typeof LANGUAGES)[number] {
  return value?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export const THEMES = ['light', 'dark'] as const;
