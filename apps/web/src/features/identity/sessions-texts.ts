import { i18n } from '../../lib/i18n';
import enSessions from '../../locales/en/sessions.json';
import frSessions from '../../locales/fr/sessions.json';

/**
 * The signed-in devices panel's texts (namespace 'sessions') come with the Settings page's chunk, not with the
 * first download. Every module of features/identity that reads them imports this file. Typed in
 * lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'sessions', enSessions);
i18n.addResourceBundle('fr', 'sessions', frSessions);
