import { i18n } from '../../lib/i18n';
import enMfa from '../../locales/en/mfa.json';
import frMfa from '../../locales/fr/mfa.json';

/**
 * Two-step sign-in's texts (namespace 'mfa') come with the chunk that shows them (the second step of signing in,
 * Settings, Administration), not with the login page's first download. Typed in lib/i18n-resources.d.ts.
 */
i18n.addResourceBundle('en', 'mfa', enMfa);
i18n.addResourceBundle('fr', 'mfa', frMfa);
