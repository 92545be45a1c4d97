import { i18n } from '../../lib/i18n';
import enChat from '../../locales/en/chat.json';
import frChat from '../../locales/fr/chat.json';

/**
 * The conversations' texts (namespace 'chat', about 7 KB compressed in both languages) come with the chunks
 * that show conversations, not with the sign-in page's first download. Every module of features/chat that
 * reads them imports this file, so they are registered before anything renders. Typed in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'chat', enChat);
i18n.addResourceBundle('fr', 'chat', frChat);
