import { CALLING_CODES, callingCodeLabel } from '@rounds/contracts/settings';
import { USER_LOG_EVENTS } from '@rounds/contracts/user-logs';
import { describe, expect, it } from 'vitest';
import enAdminSections from './en/admin-sections.json';
import enAdminUsers from './en/admin-users.json';
import enCalls from './en/calls.json';
import enChat from './en/chat.json';
import enContacts from './en/contacts.json';
import enFilterRecipients from './en/filter-recipients.json';
import enGroups from './en/groups.json';
import enMfa from './en/mfa.json';
import enOnCall from './en/on-call.json';
import enPush from './en/push.json';
import enSearch from './en/search.json';
import enSessions from './en/sessions.json';
import en from './en.json';
import frAdminSections from './fr/admin-sections.json';
import frAdminUsers from './fr/admin-users.json';
import frCalls from './fr/calls.json';
import frChat from './fr/chat.json';
import frContacts from './fr/contacts.json';
import frFilterRecipients from './fr/filter-recipients.json';
import frGroups from './fr/groups.json';
import frMfa from './fr/mfa.json';
import frOnCall from './fr/on-call.json';
import frPush from './fr/push.json';
import frSearch from './fr/search.json';
import frSessions from './fr/sessions.json';
import fr from './fr.json';

/** Every leaf key as a dotted path, e.g. 'auth.err_pass_lent'. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafValues(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object') return [value];
  return Object.values(value).flatMap(leafValues);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locales', () => {
  it('en and fr have exactly the same keys', () => {
    expect(leafKeys(fr).sort()).toEqual(leafKeys(en).sort());
  });

  it('every text is a non-empty string', () => {
    for (const value of [...leafValues(en), ...leafValues(fr)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('uses the same interpolation placeholders in both languages', () => {
    const frByKey = new Map(leafKeys(fr).map((key) => [key, key.split('.').reduce<unknown>(pick, fr)]));
    for (const key of leafKeys(en)) {
      const english = key.split('.').reduce<unknown>(pick, en) as string;
      expect(placeholders(frByKey.get(key) as string), key).toEqual(placeholders(english));
    }
  });

  it('has the form error keys of the spec (doc 1 section 8)', () => {
    const keys = new Set(leafKeys(en));
    for (const key of [
      'Required',
      'invalid_email',
      'auth.err_pass_lent',
      'auth.err_pass_num',
      'auth.err_pass_uppercase',
      'auth.err_password_lower',
      'auth.mismatch',
      'auth.err_phone_format',
      'auth.min_value_is_1',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });

  it('keeps the spec texts in English', () => {
    expect(en.errors.sessionExpired).toBe('Your session has expired. Please log in again.');
    expect(en.errors.generic).toBe('Something went wrong, please try again.');
    expect(en.notFound.message).toBe("Oops! Can't find what you're looking for?");
    expect(en.offline.title).toBe('Connection Lost');
    expect(en.offline.message).toBe('There is a problem with the network');
    expect(en.auth.err_pass_lent).toBe('Password must be at least 6 characters long');
    // The login refusal as doc 1 gives it and the server answers it (issue 28).
    expect(en.auth.wrongCredentials).toBe('Incorrect username or password.');
  });
});

/** Feature namespaces (locales/<lang>/<namespace>.json): the same parity rules as the main catalogue. */
const NAMESPACES: [name: string, english: unknown, french: unknown][] = [
  ['contacts', enContacts, frContacts],
  ['filter-recipients', enFilterRecipients, frFilterRecipients],
  ['groups', enGroups, frGroups],
  ['chat', enChat, frChat],
  ['calls', enCalls, frCalls],
  ['search', enSearch, frSearch],
  ['admin-sections', enAdminSections, frAdminSections],
  ['adminUsers', enAdminUsers, frAdminUsers],
  ['push', enPush, frPush],
  ['sessions', enSessions, frSessions],
  ['mfa', enMfa, frMfa],
  ['on-call', enOnCall, frOnCall],
];

describe.each(NAMESPACES)('locale namespace %s', (_name, english, french) => {
  it('has exactly the same keys in en and fr', () => {
    expect(leafKeys(french).sort()).toEqual(leafKeys(english).sort());
  });

  it('has only non-empty strings', () => {
    for (const value of [...leafValues(english), ...leafValues(french)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('uses the same interpolation placeholders in both languages', () => {
    for (const key of leafKeys(english)) {
      const text = (catalogue: unknown) => key.split('.').reduce<unknown>(pick, catalogue) as string;
      expect(placeholders(text(french)), key).toEqual(placeholders(text(english)));
    }
  });
});

function pick(node: unknown, key: string): unknown {
  return node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
}

/** Issue 28: the user-log event names and the calling codes' countries stayed English on the French screens. */
describe('names the server sends as English keys', () => {
  it('gives every user-log event a label in both languages, French in French', () => {
    const labels = { en: enAdminSections.logs.events, fr: frAdminSections.logs.events } as const;
    for (const event of USER_LOG_EVENTS) {
      expect(labels.en[event], event).toBe(event);
      expect(labels.fr[event], event).toBeTruthy();
    }
    expect(labels.fr.login).toBe('connexion');
    expect(labels.fr['settings updated']).toBe('paramètres mis à jour');
  });

  it("names the calling codes' countries in the interface language", () => {
    const [us] = CALLING_CODES;
    expect(callingCodeLabel(us)).toBe('(+1) - United States');
    expect(callingCodeLabel(us, 'en')).toBe('(+1) - United States');
    expect(callingCodeLabel(us, 'fr')).toBe('(+1) - États-Unis');
    expect(CALLING_CODES.map((c) => callingCodeLabel(c, 'fr'))).toContain('(+47) - Norvège');
  });
});
