import type enAdminSections from '../locales/en/admin-sections.json';
import type enAdminUsers from '../locales/en/admin-users.json';
import type enCalls from '../locales/en/calls.json';
import type enChat from '../locales/en/chat.json';
import type enContacts from '../locales/en/contacts.json';
import type enFilterRecipients from '../locales/en/filter-recipients.json';
import type enGroups from '../locales/en/groups.json';
import type enMfa from '../locales/en/mfa.json';
import type enOnCall from '../locales/en/on-call.json';
import type enPush from '../locales/en/push.json';
import type enSearch from '../locales/en/search.json';
import type enSessions from '../locales/en/sessions.json';
import type en from '../locales/en.json';

// Typed keys: t('misspelt.key') fails the type check instead of showing the raw key to a user.
// Module augmentation requires an interface; this is the one place the guide's "type over interface" yields.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      contacts: typeof enContacts;
      'filter-recipients': typeof enFilterRecipients;
      groups: typeof enGroups;
      'on-call': typeof enOnCall;
      chat: typeof enChat;
      calls: typeof enCalls;
      search: typeof enSearch;
      'admin-sections': typeof enAdminSections;
      adminUsers: typeof enAdminUsers;
      push: typeof enPush;
      sessions: typeof enSessions;
      mfa: typeof enMfa;
    };
    returnNull: false;
  }
}
